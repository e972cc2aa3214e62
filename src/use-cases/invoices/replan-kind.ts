import type { DocumentKind } from '../../domain/documents/document-kind.ts';
import { DOCUMENT_KINDS } from '../../domain/documents/document-kinds.ts';
import { kindFor } from '../../domain/documents/kind-for.ts';
import { planEInvoice } from '../../domain/einvoice/check-einvoice-profile.ts';
import type { InvoiceRequest } from '../../domain/invoice/invoice-request-schema.ts';
import type { Invoice } from '../../domain/invoice/invoice-schema.ts';

/**
 * The kind a kept invoice was made as, planned again from it and its request: the same invoice
 * passes the same pre-flight, so this is the kind its first plan chose, fallback included.
 */
export function replanKind(invoice: Invoice, request: InvoiceRequest, kinds: readonly DocumentKind[] = DOCUMENT_KINDS): DocumentKind {
  return planEInvoice(invoice, kindFor(request.output ?? 'json', request.profile, kinds), kinds).kind;
}
