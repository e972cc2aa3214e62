import { buildEInvoice } from '../../src/domain/einvoice/build-einvoice.ts';
import { checkEInvoiceCodes } from '../../src/domain/einvoice/check-einvoice-codes.ts';
import { planEInvoice } from '../../src/domain/einvoice/check-einvoice-profile.ts';
import { kindFor } from '../../src/domain/documents/kind-for.ts';
import { writeCii } from '../../src/domain/einvoice/write-cii.ts';
import { writeUbl } from '../../src/domain/einvoice/write-ubl.ts';
import { computeInvoiceResult } from '../../src/domain/invoice/compute-invoice.ts';
import type { InvoiceRequest } from '../../src/domain/invoice/invoice-request-schema.ts';
import { validateInvoiceRequest } from '../../src/requests/validate-invoice-request.ts';

/**
 * The document a request gives, made the way a generation makes it but without a server: the
 * request read as the route reads it (JSON round trip, aliases, schema), the code lists and the
 * profile's pre-flight (D39), the totals, then the format's writer. Throws what the route would
 * answer as an error. `preflight: false` skips the profile's check, to show what the official rules
 * say about a document the service would have refused.
 */
export function makeEInvoice(body: Record<string, unknown>, options: { preflight?: boolean; today?: string } = {}): { xml: string; request: InvoiceRequest } {
  const { preflight = true, today = '2026-11-25' } = options;
  const request = validateInvoiceRequest(JSON.parse(JSON.stringify(body)), 'body');
  checkEInvoiceCodes(request);
  const { invoice, breakdown } = computeInvoiceResult(request, { today, number: request.invoice?.number ?? 'TEST-1' });
  const output = request.output ?? 'json';
  // The pre-flight also settles the kind: the one asked for, or a plain UBL 2.1 document for UBL
  // without a profile that lacks what EN 16931 needs.
  const asked = kindFor(output, invoice.profile);
  const plan = preflight ? planEInvoice(invoice, breakdown, asked) : undefined;
  if (output !== 'ubl' && output !== 'cii') throw new Error(`makeEInvoice makes ubl or cii, not ${output}`);
  const doc = plan?.document ?? buildEInvoice(invoice, breakdown(), asked);
  return { xml: output === 'ubl' ? writeUbl(doc) : writeCii(doc), request };
}
