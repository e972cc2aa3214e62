import type { PdfImage } from '../../domain/pdf/pdf-input.ts';
import type { AppError } from '../../errors/app-error.ts';
import type { InvoiceRequest } from '../../domain/invoice/invoice-request-schema.ts';
import { findHostedImage } from '../../storage/repositories/hosted-images-repository.ts';
import { findHostedInvoice } from '../../storage/repositories/hosted-invoices-repository.ts';
import type { DbOrTransaction } from '../../storage/db-or-transaction.ts';
import type { DocumentPorts } from '../documents/document-maker.ts';
import { pdfKindOf } from '../../domain/documents/kind-for.ts';
import { DOCUMENT_CATALOG, prepareDocument } from '../documents/document-makers.ts';
import { replanKeptInvoice } from './replan-kept-invoice.ts';
import { batchPdfFailed, batchPorts, deliverBatch, type BatchDeps, type BatchItemInput, type BatchOutcome, type BatchRun, type RecordedItem } from './generate-invoice-batch.ts';
import { invoiceQr } from './compute-caller-invoice.ts';
import { hostedLinkAsk } from './plan-account-invoice.ts';
import { peekGenerations } from '../limits/admit-generations.ts';
import { appErrorOf, type IdempotencyTie, type KeptBatchItem, type KeptGeneration } from '../idempotency/kept-generation.ts';

/**
 * A batch that an Idempotency-Key's earlier request committed and never answered (its instance died
 * between the commit and the answer), finished by the retry: the items are not admitted, numbered,
 * metered or recorded again. The results are those at the commit, then step 5 runs as it would
 * have: the PDFs behind the links render from their snapshots (the images kept at the commit) and
 * are kept; one that fails is withdrawn. An item whose snapshot is gone was withdrawn by the first
 * request before it died (its PDF failed), and fails as it did then. batch.generated is released
 * with the final results, once.
 */
export async function resumeInvoiceBatch(
  deps: BatchDeps,
  run: BatchRun,
  items: readonly BatchItemInput[],
  tie: IdempotencyTie & { readonly resumes: Extract<KeptGeneration, { kind: 'batch' }> },
): Promise<BatchOutcome> {
  // Counted when it ran: the answer's headers show the windows as they stand.
  await peekGenerations(deps, run.caller, run.nowMs, run.onWindows);
  const ports = batchPorts(deps, run.log);
  const kept = tie.resumes;
  const failures = new Map<number, AppError>();
  const recorded: RecordedItem[] = [];
  for (const item of kept.items) {
    if ('error' in item) {
      failures.set(item.index, appErrorOf(item.error));
      continue;
    }
    // The retry is the same request (its fingerprint matched), so this item is valid again.
    const input = items[item.index];
    const restored = input !== undefined && 'request' in input ? await restoreItem(deps.db, ports, input.request, item) : undefined;
    if (restored === undefined) failures.set(item.index, batchPdfFailed());
    else recorded.push(restored);
  }
  return deliverBatch(deps, run, { nowMs: kept.nowMs, count: items.length, failures, recorded, event: kept.event ?? undefined, rateLimited: kept.rateLimited, tie });
}

/** A kept item as recorded, its images from its snapshot; undefined when the snapshot was withdrawn. */
async function restoreItem(db: DbOrTransaction, ports: DocumentPorts, request: InvoiceRequest, item: Extract<KeptBatchItem, { invoice: unknown }>): Promise<RecordedItem | undefined> {
  const { invoice, link, metered, warnings } = item.invoice;
  let images: { logo: PdfImage | undefined; signature: PdfImage | undefined } | undefined;
  if (link !== null) {
    const snapshot = await findHostedInvoice(db, link.id);
    if (snapshot === undefined) return undefined;
    images = {
      logo: await keptImage(db, snapshot.logo_hash, snapshot.logo_format),
      signature: await keptImage(db, snapshot.signature_hash, snapshot.signature_format),
    };
  }
  const replanned = replanKeptInvoice(invoice, request);
  return {
    index: item.index,
    metered,
    write: link === null ? undefined : prepareDocument(DOCUMENT_CATALOG, pdfKindOf(invoice.profile), { invoice, ...replanned }, ports)?.write,
    planned: {
      invoice,
      ...replanned,
      qr: invoiceQr(request, invoice),
      request,
      link: link ?? undefined,
      linkAsk: hostedLinkAsk(request),
      images,
      warnings: [...warnings],
    },
  };
}

async function keptImage(db: DbOrTransaction, hash: string | null, format: 'png' | 'jpeg' | null): Promise<PdfImage | undefined> {
  if (hash === null || format === null) return undefined;
  const bytes = await findHostedImage(db, hash);
  // Images outlive the snapshots that print them (hosted-images-repository.ts).
  if (bytes === undefined) throw new Error(`hosted image ${hash} is missing`);
  return { format, bytes };
}
