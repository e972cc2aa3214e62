/**
 * The invoices of bench:pdf's hybrid stream and the step the bench times: a generation's PDF, from
 * the computed invoice to the bytes the pool returns.
 *
 * The lines are those of ten-line-invoice.ts (and 100 of them), so the hybrid stream lays out the
 * same table as the plain streams; the parties and payment are german()'s, which is what EN 16931
 * asks of the CII inside. Each case is made twice from one request: with profile factur-x (a
 * hybrid, its CII under EN 16931) and without a profile (a plain PDF).
 */
import { checkEInvoiceProfile, planEInvoice } from '../src/domain/einvoice/check-einvoice-profile.ts';
import type { Language } from '../src/domain/invoice/catalog.ts';
import { computeInvoiceResult, type InvoiceResult } from '../src/domain/invoice/compute-invoice.ts';
import type { InvoiceRequest } from '../src/domain/invoice/invoice-request-schema.ts';
import { validateInvoiceRequest } from '../src/requests/validate-invoice-request.ts';
import { kindFor } from '../src/domain/documents/kind-for.ts';
import type { DocumentPorts } from '../src/use-cases/documents/document-maker.ts';
import { makePdf } from '../src/use-cases/documents/document-makers.ts';
import { german } from '../test/helpers/einvoice-fixtures.ts';
import { TEN_LINE_INVOICE } from './ten-line-invoice.ts';

export type Arm = 'plain' | 'hybrid';
export const ARMS: readonly Arm[] = ['plain', 'hybrid'];
/** As in pdf.bench.ts: some of each document new (catalogue), or every line new (all-new). */
export type Stream = 'catalogue' | 'all-new';
export const STREAMS: readonly Stream[] = ['catalogue', 'all-new'];

export interface HybridCase {
  readonly name: string;
  readonly lines: number;
  /** The request as validated, with profile factur-x; the plain PDF's is the same without it. */
  readonly request: InvoiceRequest;
}

const TODAY = '2026-11-21';

function hybridCase(language: Language, lines = 10): HybridCase {
  const items = Array.from({ length: lines }, (_, i) => {
    const item = TEN_LINE_INVOICE.items[i % TEN_LINE_INVOICE.items.length]!;
    return lines === 10 ? item : { ...item, description: `${i + 1}. ${item.description}` };
  });
  const { global_discount, shipping, notes } = TEN_LINE_INVOICE;
  const body = german({ items, global_discount, shipping, notes, profile: 'factur-x', invoice: { ...german().invoice, language } });
  const request = validateInvoiceRequest(JSON.parse(JSON.stringify(body)), 'body');
  // The service would refuse a hybrid its profile cannot make; the bench must not time one.
  const { invoice, breakdown } = computeInvoiceResult(request, { today: TODAY, number: 'RE-2026-00000' });
  checkEInvoiceProfile(invoice, breakdown, 'pdf');
  return { name: `${language}, ${lines} lines`, lines, request };
}

export const HYBRID_CASES: readonly HybridCase[] = [hybridCase('en'), hybridCase('ar'), hybridCase('hi'), hybridCase('ja'), hybridCase('en', 100)];
/** The 10-line cases, for docs/s: mixed en/ar/hi/ja like the plain streams. */
export const HYBRID_MIXED = HYBRID_CASES.filter((c) => c.lines === 10);

let serial = 0;

/**
 * A new invoice of the case for each document, computed (outside any timing) with its own number
 * and, as the plain streams vary their views, its first description (catalogue) or every line's
 * description and quantity, so amounts and totals are new too (all-new). Unit prices stay: a
 * decimal added to them in floating point would not be the price a caller sends.
 */
export function freshInvoice(c: HybridCase, arm: Arm, stream: Stream): InvoiceResult {
  serial += 1;
  const { profile: _, ...plain } = c.request;
  const request = arm === 'hybrid' ? c.request : plain;
  const items = request.items.map((item, i) => {
    if (stream === 'all-new') return { ...item, description: `${item.description} ${serial}`, quantity: Number(item.quantity ?? 1) + serial };
    return i === 0 ? { ...item, description: `${item.description} #${serial}` } : item;
  });
  return computeInvoiceResult({ ...request, items }, { today: TODAY, number: `RE-2026-${String(serial).padStart(5, '0')}` });
}

/**
 * What a generation does for output pdf once its invoice is computed: the pre-flight of D39 (a
 * hybrid's, which builds its EN 16931 document; nothing for a plain PDF), the maker's preparation
 * and its write (a hybrid's CII, the render input, the pool's render), as the service runs them.
 */
export async function generatePdf({ invoice, breakdown }: InvoiceResult, ports: DocumentPorts): Promise<Uint8Array> {
  const plan = planEInvoice(invoice, breakdown, kindFor('pdf', invoice.profile));
  const document = makePdf(plan.kind, { invoice, breakdown, document: plan.document }, ports)!;
  return await document.write({ invoice, images: {}, qr: undefined }) as Uint8Array;
}
