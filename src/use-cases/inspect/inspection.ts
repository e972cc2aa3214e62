import type { InvoiceRequest } from '../../domain/invoice/invoice-request-schema.ts';
import type { TotalsComparison } from '../../domain/inspect/compare-totals.ts';
import type { ReceivedProfile, ReceivedSyntax } from '../../domain/inspect/received-document.ts';
import type { NotCarried } from '../../domain/inspect/received-invoice-request.ts';
import type { Verdict } from '../../domain/inspect/verdict.ts';

/** What a received document is, as told by its container, root and specification identifier. */
export interface ReceivedDocumentInfo {
  readonly syntax: ReceivedSyntax;
  readonly type: 'invoice' | 'credit_note';
  readonly container: 'xml' | 'pdf';
  /** The attachment's file name inside a PDF; null for XML sent as such. */
  readonly attachment: string | null;
  readonly customization_id: string | null;
  readonly profile: ReceivedProfile | null;
}

/** The answer of an inspection (D51). */
export interface Inspection {
  readonly document: ReceivedDocumentInfo;
  readonly verdict: Verdict;
  /** The document as a request of this API; null when it could not be read at all. */
  readonly invoice: InvoiceRequest | null;
  readonly not_carried: readonly NotCarried[];
  /** The document's totals beside the service's recomputation; null without a readable invoice. */
  readonly totals: TotalsComparison | null;
}
