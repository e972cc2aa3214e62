import { batchItemCost, meteringChoices } from '../../domain/limits/document-cost.ts';
import type { Metered } from '../../domain/limits/metered.ts';
import type { GenerationWarning } from '../../domain/limits/hosted-link-omitted.ts';
import { AppError, isAppError } from '../../errors/app-error.ts';
import type { Invoice } from '../../domain/invoice/invoice-schema.ts';
import type { InvoiceRequest } from '../../domain/invoice/invoice-request-schema.ts';
import type { AccountCaller } from '../caller.ts';
import type { DocumentPorts, DocumentWriter } from '../documents/document-maker.ts';
import { pdfKindOf } from '../../domain/documents/kind-for.ts';
import { DOCUMENT_CATALOG, prepareDocument } from '../documents/document-makers.ts';
import { deliverDocument, type DeliveryLog } from '../documents/deliver-document.ts';
import { planAccountInvoice, type PlannedInvoice } from './plan-account-invoice.ts';
import { keptInvoiceOf, recordAccountInvoice, type RecordOutcome } from './record-account-invoice.ts';
import { withdrawInvoice } from './withdraw-invoice.ts';
import { idempotencyClaimLost } from '../idempotency/idempotency-claim-lost.ts';
import type { GenerationDeps } from './generate-invoice-document.ts';
import { admitGenerations, peekGenerations, type WindowsListener } from '../limits/admit-generations.ts';
import { burstRefusal, quotaRefusal } from '../limits/limit-refusals.ts';
import { loadPdfImages, type ImageLoads } from './load-pdf-images.ts';
import { recordWebhookEvent, webhookEventBody, type RecordedEvent } from '../webhooks/record-webhook-event.ts';
import { releaseWebhookEvent } from '../../storage/repositories/webhook-outbox-repository.ts';
import { forgetIdempotentGeneration, holdIdempotencyClaim, keepIdempotentGeneration } from '../../storage/repositories/idempotency-records-repository.ts';
import { keptError, serializeKeptGeneration, type IdempotencyTie, type KeptBatchItem } from '../idempotency/kept-generation.ts';

/** The spec's Limits: 1 to 50 invoices per batch. */
export const MAX_BATCH_ITEMS = 50;

/** One element of `invoices` as the route read it: a valid request, or why it is not one. */
export type BatchItemInput = { readonly request: InvoiceRequest } | { readonly error: AppError };

export type BatchItemResult =
  | { readonly index: number; readonly success: true; readonly invoice: Invoice; readonly warnings?: GenerationWarning[] }
  | { readonly index: number; readonly success: false; readonly error: AppError };

export interface BatchOutcome {
  /** One per item, in the order sent. */
  readonly results: readonly BatchItemResult[];
  readonly generated: number;
  /** A burst window or the monthly quota ran out part-way (D21). */
  readonly rateLimited: boolean;
}

/** A batch generates with the same parts as one invoice. */
export type BatchDeps = GenerationDeps;

/** One batch request: who asks, when, and where its windows and failures are reported. */
export interface BatchRun {
  readonly caller: AccountCaller;
  /** Unix ms the request is served at. */
  readonly nowMs: number;
  readonly log: DeliveryLog;
  readonly onWindows: WindowsListener;
}

interface Item {
  readonly index: number;
  readonly planned: PlannedInvoice;
  /** Makes the PDF behind its hosted link (the PDF of its profile); undefined without a link. */
  readonly write: DocumentWriter | undefined;
}

/** What making the PDFs behind a batch's links uses; failures are told to the request's log. */
export function batchPorts(deps: BatchDeps, log: DeliveryLog): DocumentPorts {
  return { pdfRenderer: deps.pdfRenderer, onFailure: (reason) => log.error({ reason }, 'hosted document build failed') };
}

/** An item its batch recorded: numbered, metered, its snapshot stored. */
export interface RecordedItem extends Item {
  readonly metered: Metered;
}

/**
 * POST /api/batch: each invoice is computed, checked, metered and rendered on its own, and one that
 * fails fails alone with its index. In order:
 * 1. every item is computed; those that fail are answered with their error;
 * 2. the valid ones are counted in the burst windows (a batch counts its items), exactly as
 *    a single generation is counted once computed; when a window admits only some, the first ones
 *    by index go on and the rest fail with its code;
 * 3. images are fetched for the items that need them, each distinct URL once per batch;
 * 4. one transaction meters, numbers and stores the snapshot of each item in index order, so when
 *    the quota runs out part-way the first ones by index are the ones generated (D15, D21); an item
 *    whose defaulted hosted link no longer fits goes without it, with a warning (D42);
 * 5. the PDFs behind the links render in parallel on the worker pool and are kept with their
 *    snapshots; an item whose PDF fails is withdrawn (count and snapshot taken back).
 * A batch in which every item was refused by the monthly quota is refused as a whole (402), like
 * one invoice would be, so that answer is not kept under its Idempotency-Key.
 * With an Idempotency-Key (`tie`), step 4 also writes the results as they stand at the commit
 * into the key's record, so a retry after a crash before the answer resumes the batch
 * (resume-invoice-batch.ts) rather than generating it again.
 */
export async function generateInvoiceBatch(deps: BatchDeps, run: BatchRun, items: readonly BatchItemInput[], tie?: IdempotencyTie): Promise<BatchOutcome> {
  const { caller, nowMs } = run;
  const plan = deps.limits.plans[caller.tier];
  const ports = batchPorts(deps, run.log);
  const failures = new Map<number, AppError>();
  const fail = (index: number, error: unknown) => {
    if (!isAppError(error)) throw error;
    failures.set(index, error);
  };

  let valid: Item[] = [];
  items.forEach((item, index) => {
    if ('error' in item) return fail(index, item.error);
    try {
      const planned = planAccountInvoice(item.request, caller, nowMs, deps.links);
      // The document behind the link is prepared before numbering, as a single generation's is.
      valid.push({ index, planned, write: planned.link === undefined ? undefined : prepareDocument(DOCUMENT_CATALOG, pdfKindOf(planned.invoice.profile), planned, ports)?.write });
    } catch (error) {
      fail(index, error);
    }
  });

  let rateLimited = false;
  // The windows count the items that passed every check of their own content, as a single
  // generation does (docs/limits.md): a batch whose items all fail uses no slot.
  if (valid.length === 0) await peekGenerations(deps, caller, nowMs, run.onWindows);
  else {
    const admission = await admitGenerations(deps, caller, valid.length, nowMs, run.onWindows);
    if (admission.granted < valid.length) {
      rateLimited = true;
      const refusal = burstRefusal(admission, caller.tier);
      for (const item of valid.slice(admission.granted)) fail(item.index, refusal);
      valid = valid.slice(0, admission.granted);
    }
  }

  const loads: ImageLoads = new Map();
  await Promise.all(valid.map(async (item) => {
    if (item.planned.link === undefined) return;
    try {
      // The hosted link's PDF prints the images.
      item.planned.images = await loadPdfImages(item.planned.request, { allowHosts: deps.allowHosts, loads });
    } catch (error) {
      fail(item.index, error);
    }
  }));
  const ready = valid.filter((item) => !failures.has(item.index));

  // D28: batch.generated is written with the items it announces, held until their results are
  // known (the PDFs render after the commit), and only when at least one item was recorded. It
  // carries the results as they stand at the commit, so that if this instance stops before
  // answering, the sweep can still announce the committed items (releaseInterruptedEvents).
  const quotaRefused = (outcome: Extract<RecordOutcome, { kind: 'refused' }>) => quotaRefusal(outcome.shortfall, caller.tier, plan, nowMs, deps.upgradeUrl);
  const { outcomes, event, claimLost } = ready.length === 0 ? { outcomes: [], event: undefined } : await deps.inTransaction(async (tx) => {
    // Checked before anything is recorded, as for one invoice (generate-invoice-document.ts).
    if (tie !== undefined && !(await holdIdempotencyClaim(tx, tie.claim))) return { outcomes: [], event: undefined, claimLost: true };
    const kept = new Set<string>();
    const out: RecordOutcome[] = [];
    for (const { planned } of ready) {
      out.push(await recordAccountInvoice(tx, planned, meteringChoices(batchItemCost, planned.linkAsk), caller, nowMs, plan, kept));
    }
    if (!out.some((outcome) => outcome.kind === 'recorded')) return { outcomes: out, event: undefined };
    const atCommit = new Map(failures);
    ready.forEach((item, position) => {
      const outcome = out[position]!;
      if (outcome.kind === 'refused') atCommit.set(item.index, quotaRefused(outcome));
    });
    const invoicesAtCommit = new Map(ready.map((item) => [item.index, item.planned]));
    const rateLimitedAtCommit = rateLimited || out.some((outcome) => outcome.kind === 'refused');
    const data = batchEventData(batchOutcome(items.length, atCommit, invoicesAtCommit, rateLimitedAtCommit));
    const recordedEvent = await recordWebhookEvent(tx, { accountId: caller.accountId, type: 'batch.generated', nowMs, data, held: true });
    if (tie !== undefined) {
      const keptItems = items.map((_item, index): KeptBatchItem => {
        const error = atCommit.get(index);
        if (error !== undefined) return { index, error: keptError(error) };
        const position = ready.findIndex((item) => item.index === index);
        const outcome = out[position]!;
        return { index, invoice: keptInvoiceOf(ready[position]!.planned, (outcome as Extract<RecordOutcome, { kind: 'recorded' }>).metered) };
      });
      const keptBatch = { kind: 'batch' as const, nowMs, rateLimited: rateLimitedAtCommit, items: keptItems, event: recordedEvent ?? null };
      await keepIdempotentGeneration(tx, tie.claim, serializeKeptGeneration(keptBatch));
    }
    return { outcomes: out, event: recordedEvent };
  });
  if (claimLost === true) throw idempotencyClaimLost();
  const recorded = ready.flatMap((item, position): RecordedItem[] => {
    const outcome = outcomes[position]!;
    if (outcome.kind === 'recorded') return [{ ...item, metered: outcome.metered }];
    rateLimited = true;
    fail(item.index, quotaRefused(outcome));
    return [];
  });
  return deliverBatch(deps, run, { nowMs, count: items.length, failures, recorded, event, rateLimited, tie });
}

/** An item whose PDF failed after its commit (it was withdrawn). */
export function batchPdfFailed(): AppError {
  return new AppError('pdf_error', 'The PDF could not be rendered. Retry this invoice; if it fails again, report the request id.');
}

/** A batch after its commit: what deliverBatch finishes. */
export interface CommittedBatch {
  readonly nowMs: number;
  readonly count: number;
  /** The items that failed so far, by index; deliverBatch adds those whose PDF fails. */
  readonly failures: Map<number, AppError>;
  readonly recorded: readonly RecordedItem[];
  /** batch.generated, held; undefined when no webhook subscribes. */
  readonly event: RecordedEvent | undefined;
  readonly rateLimited: boolean;
  readonly tie: IdempotencyTie | undefined;
}

/**
 * Step 5 and the answer: renders the PDFs behind the recorded items' links (an item whose PDF
 * fails is withdrawn), then announces the batch. Shared by a batch and by a retry resuming it.
 */
export async function deliverBatch(deps: BatchDeps, run: BatchRun, batch: CommittedBatch): Promise<BatchOutcome> {
  const { nowMs, failures, recorded, event, tie } = batch;
  const { log } = run;
  const fail = (index: number, error: AppError) => failures.set(index, error);
  await Promise.all(recorded.map(async (item) => {
    if (item.planned.link === undefined || item.write === undefined) return;
    try {
      await deliverDocument(deps, log, item, item.write, true);
    } catch (error) {
      // The item was withdrawn; whatever went wrong, the others stand (they are metered and kept).
      if (!isAppError(error)) log.error({ err: error }, 'batch item failed after numbering');
      fail(item.index, isAppError(error) ? error : batchPdfFailed());
    }
  }));

  if (failures.size === batch.count && [...failures.values()].every((error) => error.code === 'monthly_limit_reached')) {
    throw failures.values().next().value!;
  }
  const outcome = batchOutcome(batch.count, failures, new Map(recorded.map((item) => [item.index, item.planned])), batch.rateLimited);
  await announceBatch(deps, run, nowMs, event, outcome, async () => {
    // The whole batch is taken back: a retry with its key runs afresh.
    if (tie !== undefined) await deps.inTransaction((tx) => forgetIdempotentGeneration(tx, tie.claim.scope, tie.claim.key));
    await Promise.all(recorded.map((item) => withdrawInvoice(deps.db, item)));
  });
  return outcome;
}

/** Each item's result in the order sent: its error, else its invoice (and its warnings). */
function batchOutcome(count: number, failures: ReadonlyMap<number, AppError>, invoices: ReadonlyMap<number, Pick<PlannedInvoice, 'invoice' | 'warnings'>>, rateLimited: boolean): BatchOutcome {
  const results = Array.from({ length: count }, (_item, index): BatchItemResult => {
    const error = failures.get(index);
    if (error !== undefined) return { index, success: false, error };
    const { invoice, warnings } = invoices.get(index)!;
    return warnings.length === 0 ? { index, success: true, invoice } : { index, success: true, invoice, warnings };
  });
  return { results, generated: count - failures.size, rateLimited };
}

/** batch.generated's data. */
function batchEventData(outcome: BatchOutcome): object {
  return { count: outcome.results.length, generated: outcome.generated, rate_limited: outcome.rateLimited, results: batchResultsJson(outcome.results) };
}

/**
 * Sends batch.generated for a batch about to be answered: the held event gets its body and becomes
 * due, or, when no item reached the metering transaction, one is written now. If that write fails
 * the batch is not answered, and its recorded items are withdrawn first.
 */
async function announceBatch(deps: BatchDeps, { caller, log }: BatchRun, nowMs: number, held: RecordedEvent | undefined, outcome: BatchOutcome, withdraw: () => Promise<unknown>): Promise<void> {
  const data = batchEventData(outcome);
  try {
    const event = held ?? await deps.inTransaction((tx) => recordWebhookEvent(tx, { accountId: caller.accountId, type: 'batch.generated', nowMs, data, held: false }));
    if (held !== undefined) await deps.inTransaction((tx) => releaseWebhookEvent(tx, held.id, deps.clock(), webhookEventBody(held.id, 'batch.generated', nowMs, data)));
    if (event !== undefined) deps.onWebhookEvent();
  } catch (error) {
    await withdraw().catch((withdrawError: unknown) => log.error({ err: withdrawError }, 'batch items not withdrawn after their event failed'));
    throw error;
  }
}

/** A batch's results as JSON: the answer's `results`, and batch.generated's `data.results`. */
export function batchResultsJson(results: readonly BatchItemResult[]) {
  return results.map((result) => {
    if (result.success) return result;
    const { code, message, details } = result.error;
    return { index: result.index, success: false as const, error: { code, message, ...details } };
  });
}
