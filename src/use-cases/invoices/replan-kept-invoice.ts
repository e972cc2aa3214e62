import type { DocumentKind } from '../../domain/documents/document-kind.ts';
import { DOCUMENT_KINDS } from '../../domain/documents/document-kinds.ts';
import { kindFor } from '../../domain/documents/kind-for.ts';
import { planEInvoice } from '../../domain/einvoice/check-einvoice-profile.ts';
import type { EInvoice } from '../../domain/einvoice/einvoice.ts';
import { computeInvoiceResult } from '../../domain/invoice/compute-invoice.ts';
import type { InvoiceRequest } from '../../domain/invoice/invoice-request-schema.ts';
import type { Invoice } from '../../domain/invoice/invoice-schema.ts';
import type { VatBreakdown } from '../../domain/invoice/vat-breakdown.ts';

/** What a kept invoice's documents are made from again. */
export interface ReplannedInvoice {
  readonly kind: DocumentKind;
  readonly breakdown: () => VatBreakdown;
  readonly document: EInvoice | undefined;
}

/**
 * A kept invoice planned again from its request: the engine computes the request again on the
 * kept issue date (the same request gives the same amounts), and the same invoice passes the same
 * pre-flight, so this is the kind its first plan chose, fallback included, and the same document.
 */
export function replanKeptInvoice(invoice: Invoice, request: InvoiceRequest, kinds: readonly DocumentKind[] = DOCUMENT_KINDS): ReplannedInvoice {
  const { breakdown } = computeInvoiceResult(request, { today: invoice.date, number: invoice.number });
  const plan = planEInvoice(invoice, breakdown, kindFor(request.output ?? 'json', request.profile, kinds), kinds);
  return { kind: plan.kind, breakdown, document: plan.document };
}
