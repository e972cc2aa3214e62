import { computeInvoice } from '../../src/domain/invoice/compute-invoice.ts';
import type { InvoiceRequest } from '../../src/domain/invoice/invoice-request-schema.ts';
import type { Invoice } from '../../src/domain/invoice/invoice-schema.ts';
import { normalizeInvoiceRequest } from '../../src/requests/normalize-invoice-request.ts';
import { pdfInput } from '../../src/domain/pdf/pdf-input.ts';
import { TypstPdfCompiler } from '../../src/render/typst-pdf-compiler.ts';

/** What a phone reads from a hosted link's QR; its form only matters to the tests that decode it. */
export const HOSTED_URL = 'https://invoices.example/api/i/0123456789abcdefghijkl?t=token';

let compiler: TypstPdfCompiler | undefined;

/**
 * A request read, computed and rendered as the service does it (normalizeInvoiceRequest,
 * computeInvoice, pdfInput, Typst), in this thread and without HTTP: a PDF in ~10–50 ms, so a test
 * can look at every language. `hostedQr` prints the QR a hosted link gets.
 */
export function renderRequest(request: Record<string, unknown>, options: { hostedQr?: boolean } = {}): { invoice: Invoice; pdf: Buffer } {
  const invoice = computeInvoice(normalizeInvoiceRequest(request) as InvoiceRequest, { today: '2026-11-20', number: 'DOC-2026-00042' });
  const input = pdfInput(invoice, {}, options.hostedQr === true ? { source: 'hosted_link', payload: HOSTED_URL } : undefined);
  compiler ??= new TypstPdfCompiler();
  const pdf = compiler.render(input.view, input.assets, input.file);
  compiler.trimCache();
  return { invoice, pdf };
}
