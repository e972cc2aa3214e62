import type { InvoiceRequest } from '../../domain/invoice/invoice-request-schema.ts';
import type { DocumentPorts, PreparedDocument } from '../documents/document-maker.ts';
import { prepareDocument, type DocumentCatalog } from '../documents/document-makers.ts';
import { invoiceQr } from './compute-caller-invoice.ts';
import { hostedLinkAsk, type PlannedInvoice } from './plan-account-invoice.ts';
import type { RecordedInvoice } from './record-account-invoice.ts';
import type { IdempotencyTie, KeptGeneration } from '../idempotency/kept-generation.ts';
import { loadPdfImages } from './load-pdf-images.ts';
import { replanKeptInvoice } from './replan-kept-invoice.ts';

/**
 * The invoice that an Idempotency-Key's earlier request committed and never answered (its instance
 * died between the commit and the answer), made ready for the retry to answer: numbered, metered
 * and announced as it was, nothing recorded again. Its document is made again from the kept
 * invoice. The retry's body is the same request (its fingerprint matched), so the images and the QR
 * come from it; Typst renders the same bytes for the same input, so the PDF is the one the first
 * request would have sent (unless an image fetched by URL changed since). It is planned again from
 * its request (replanKeptInvoice), and its kind's maker prepares the document as for a new invoice.
 */
export async function resumeAccountInvoice(
  deps: { readonly allowHosts: readonly string[] },
  catalog: DocumentCatalog,
  request: InvoiceRequest,
  ports: DocumentPorts,
  tie: IdempotencyTie & { readonly resumes: Extract<KeptGeneration, { kind: 'invoice' }> },
): Promise<{ recorded: RecordedInvoice; prepared: PreparedDocument | undefined }> {
  const kept = tie.resumes;
  const { invoice } = kept.item;
  const planned: PlannedInvoice = {
    invoice,
    ...replanKeptInvoice(invoice, request, catalog.kinds),
    qr: invoiceQr(request, invoice),
    request,
    link: kept.item.link ?? undefined,
    linkAsk: hostedLinkAsk(request),
    images: undefined,
    warnings: [...kept.item.warnings],
  };
  const prepared = prepareDocument(catalog, planned.kind, planned, ports);
  // The snapshot behind a link was stored at the commit; only a document that prints the images needs them now.
  if (planned.kind.images !== 'none') planned.images = await loadPdfImages(request, { allowHosts: deps.allowHosts, kinds: catalog.kinds });
  return { recorded: { planned, metered: kept.item.metered, event: kept.event ?? undefined, tie, firstRequestId: kept.requestId }, prepared };
}
