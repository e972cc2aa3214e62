import type { PdfImage, PdfImages } from '../../domain/pdf/pdf-input.ts';
import type { AppError } from '../../errors/app-error.ts';
import type { InvoiceRequest } from '../../domain/invoice/invoice-request-schema.ts';
import { findHostedImage } from '../../storage/repositories/hosted-images-repository.ts';
import { findHostedInvoice } from '../../storage/repositories/hosted-invoices-repository.ts';
import type { DbOrTransaction } from '../../storage/db-or-transaction.ts';
import { appErrorOf, type IdempotencyTie, type KeptBatchItem, type KeptGeneration, type KeptInvoice } from '../idempotency/kept-generation.ts';
import { peekGenerations } from '../limits/admit-generations.ts';
import { batchPdfFailed } from './batch-outcome.ts';
import { invoiceQr } from './compute-caller-invoice.ts';
import type { GenerationDeps } from './generation-deps.ts';
import type { GenerationInput, RecordedItem } from './generation-items.ts';
import type { CommittedGeneration, GenerationPolicy, GenerationRun } from './generation-policy.ts';
import { loadPdfImages } from './load-pdf-images.ts';
import { hostedLinkAsk, type PlannedInvoice } from './plan-account-invoice.ts';
import { replanKeptInvoice } from './replan-kept-invoice.ts';

/**
 * A generation that an Idempotency-Key's earlier request committed and never answered (its
 * instance died between the commit and the answer), made ready for the retry to finish: nothing
 * is admitted, numbered, metered or recorded again, and the results are those at the commit. The
 * retry's body is the same request (its fingerprint matched), so each invoice is planned again from
 * it (replanKeptInvoice) and its document prepared as for a new one; the documents are then made
 * as they would have been (deliver-generation.ts). The images are those its snapshot kept at the
 * commit, so the PDF is the one the first request would have sent; without a link they are loaded
 * from the request again. An invoice whose snapshot is gone was withdrawn by the first request
 * before it died (its PDF failed), and fails as it did then.
 */
export async function resumeGeneration(
  deps: GenerationDeps,
  run: GenerationRun,
  inputs: readonly GenerationInput[],
  policy: GenerationPolicy,
  tie: IdempotencyTie & { readonly resumes: KeptGeneration },
): Promise<CommittedGeneration> {
  // Counted when it ran: the answer's headers show the windows as they stand.
  const admission = await peekGenerations(deps, run.caller, run.nowMs, run.onWindows);
  const kept = tie.resumes;
  const items: readonly KeptBatchItem[] = kept.kind === 'invoice' ? [{ index: 0, invoice: kept.item }] : kept.items;
  const failures = new Map<number, AppError>();
  const recorded: RecordedItem[] = [];
  for (const item of items) {
    if ('error' in item) {
      failures.set(item.index, appErrorOf(item.error));
      continue;
    }
    const input = inputs[item.index];
    const restored = input !== undefined && 'request' in input ? await restoreItem(deps, run, policy, input.request, item.index, item.invoice) : undefined;
    if (restored !== undefined) recorded.push(restored);
    else if (policy.failWhole) throw batchPdfFailed();
    else failures.set(item.index, batchPdfFailed());
  }
  return {
    nowMs: kept.kind === 'batch' ? kept.nowMs : run.nowMs,
    count: inputs.length,
    failures,
    rateLimited: kept.kind === 'batch' && kept.rateLimited,
    admission,
    recorded,
    event: kept.event ?? undefined,
    tie,
    firstRequestId: kept.kind === 'invoice' ? kept.requestId : undefined,
  };
}

/** A kept invoice as recorded, its document prepared again; undefined when its snapshot was withdrawn. */
async function restoreItem(deps: GenerationDeps, run: GenerationRun, policy: GenerationPolicy, request: InvoiceRequest, index: number, kept: KeptInvoice): Promise<RecordedItem | undefined> {
  const { invoice, metered, warnings } = kept;
  const link = kept.link ?? undefined;
  const qr = invoiceQr(request, invoice);
  const planned: PlannedInvoice = { ...replanKeptInvoice(invoice, request, run.catalog.kinds), invoice, qr, warnings, request, link, linkAsk: hostedLinkAsk(request) };
  const deliverable = policy.deliverable(planned, run);
  const issued = { request, invoice, link, qr, warnings };
  if (deliverable === undefined || deliverable.kind.images === 'none') return { index, issued, metered, images: undefined, deliverable };
  if (link === undefined) return { index, issued, metered, images: await loadPdfImages(request, { allowHosts: deps.allowHosts, kinds: run.catalog.kinds }), deliverable };
  const images = await snapshotImages(deps.db, link.id);
  return images === undefined ? undefined : { index, issued, metered, images, deliverable };
}

/** The images a snapshot kept at its commit; undefined when the snapshot is gone. */
async function snapshotImages(db: DbOrTransaction, linkId: string): Promise<PdfImages | undefined> {
  const snapshot = await findHostedInvoice(db, linkId);
  if (snapshot === undefined) return undefined;
  return {
    logo: await keptImage(db, snapshot.logo_hash, snapshot.logo_format),
    signature: await keptImage(db, snapshot.signature_hash, snapshot.signature_format),
  };
}

async function keptImage(db: DbOrTransaction, hash: string | null, format: 'png' | 'jpeg' | null): Promise<PdfImage | undefined> {
  if (hash === null || format === null) return undefined;
  const bytes = await findHostedImage(db, hash);
  // Images outlive the snapshots that print them (hosted-images-repository.ts).
  if (bytes === undefined) throw new Error(`hosted image ${hash} is missing`);
  return { format, bytes };
}
