import { batchItemCost } from '../domain/limits/document-cost.ts';
import type { BurstAdmission } from '../domain/limits/burst-limiter.ts';
import type { PlanLimits } from '../domain/limits/plans.ts';
import { AppError, isAppError } from '../errors/app-error.ts';
import type { Invoice } from '../schemas/invoice-response.ts';
import type { InvoiceRequest } from '../schemas/invoice-request.ts';
import type { AccountCaller } from './caller.ts';
import { renderAccountPdf, type DeliveryDeps, type DeliveryLog } from './deliver-account-document.ts';
import { planAccountInvoice, recordAccountInvoice, type AccountInvoiceDeps, type PlannedInvoice, type RecordOutcome } from './generate-invoice.ts';
import { burstRefusal, quotaRefusal } from './limits/limit-refusals.ts';
import { loadPdfImages, type ImageLoads } from './load-pdf-images.ts';
import { recordWebhookEvent, webhookEventBody, type RecordedEvent } from './webhooks/record-webhook-event.ts';
import { releaseWebhookEvent } from '../storage/repositories/webhook-outbox-repository.ts';
import { withdrawInvoice } from './generate-invoice.ts';

/** D27 and the spec's Limits: 1 to 50 invoices per batch. */
export const MAX_BATCH_ITEMS = 50;

/** One element of `invoices` as the route read it: a valid request, or why it is not one. */
export type BatchItemInput = { readonly request: InvoiceRequest } | { readonly error: AppError };

export type BatchItemResult =
  | { readonly index: number; readonly success: true; readonly invoice: Invoice }
  | { readonly index: number; readonly success: false; readonly error: AppError };

export interface BatchOutcome {
  /** One per item, in the order sent. */
  readonly results: readonly BatchItemResult[];
  readonly generated: number;
  /** A burst window or the monthly quota ran out part-way (D21). */
  readonly rateLimited: boolean;
}

export interface BatchDeps extends AccountInvoiceDeps, DeliveryDeps {
  /** Counts generations in the caller's windows; refuses the request when it grants none. */
  readonly admit: (count: number) => Promise<BurstAdmission>;
  readonly plan: PlanLimits;
  readonly upgradeUrl: string;
  readonly log: DeliveryLog;
}

interface Item {
  readonly index: number;
  readonly planned: PlannedInvoice;
}

/**
 * POST /api/batch (issue 7): each invoice is computed, checked, metered and rendered on its own,
 * and one that fails fails alone with its index. In order:
 * 1. every item is computed (D1–D12); those that fail are answered with their error;
 * 2. the valid ones are counted in the burst windows (a batch counts its items, D21); when a
 *    window admits only some, the first ones by index go on and the rest fail with its code;
 * 3. images are fetched for the items that need them, each distinct URL once per batch (D26);
 * 4. one transaction meters, numbers and stores the snapshot of each item in index order, so when
 *    the quota runs out part-way the first ones by index are the ones generated (D15, D21, D24);
 * 5. the PDFs behind the links render in parallel on the worker pool and are kept with their
 *    snapshots; an item whose PDF fails is withdrawn (count and snapshot taken back).
 * A batch in which every item was refused by the monthly quota is refused as a whole (402), like
 * one invoice would be, so that answer is not kept under its Idempotency-Key (D23).
 */
export async function generateInvoiceBatch(deps: BatchDeps, items: readonly BatchItemInput[], caller: AccountCaller, nowMs: number): Promise<BatchOutcome> {
  const failures = new Map<number, AppError>();
  const fail = (index: number, error: unknown) => {
    if (!isAppError(error)) throw error;
    failures.set(index, error);
  };

  let valid: Item[] = [];
  items.forEach((item, index) => {
    if ('error' in item) return fail(index, item.error);
    try {
      valid.push({ index, planned: planAccountInvoice(item.request, caller, nowMs, deps.links) });
    } catch (error) {
      fail(index, error);
    }
  });

  let rateLimited = false;
  if (valid.length > 0) {
    const admission = await deps.admit(valid.length);
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
  const quotaRefused = (outcome: Extract<RecordOutcome, { kind: 'refused' }>) => quotaRefusal(outcome.shortfall, caller.tier, deps.plan, nowMs, deps.upgradeUrl);
  const { outcomes, event } = ready.length === 0 ? { outcomes: [], event: undefined } : await deps.inTransaction(async (tx) => {
    const kept = new Set<string>();
    const out: RecordOutcome[] = [];
    for (const { planned } of ready) {
      out.push(await recordAccountInvoice(tx, planned, batchItemCost(planned.link !== undefined), caller, nowMs, deps.plan, kept));
    }
    if (!out.some((outcome) => outcome.kind === 'recorded')) return { outcomes: out, event: undefined };
    const atCommit = new Map(failures);
    ready.forEach((item, position) => {
      const outcome = out[position]!;
      if (outcome.kind === 'refused') atCommit.set(item.index, quotaRefused(outcome));
    });
    const invoicesAtCommit = new Map(ready.map((item) => [item.index, item.planned.invoice]));
    const data = batchEventData(batchOutcome(items.length, atCommit, invoicesAtCommit, rateLimited || out.some((outcome) => outcome.kind === 'refused')));
    return { outcomes: out, event: await recordWebhookEvent(tx, { accountId: caller.accountId, type: 'batch.generated', nowMs, data, held: true }) };
  });
  const recorded = ready.flatMap((item, position) => {
    const outcome = outcomes[position]!;
    if (outcome.kind === 'recorded') return [{ ...item, metered: outcome.metered }];
    rateLimited = true;
    fail(item.index, quotaRefused(outcome));
    return [];
  });

  await Promise.all(recorded.map(async (item) => {
    if (item.planned.link === undefined) return;
    try {
      await renderAccountPdf(deps, deps.log, item);
    } catch (error) {
      // The item was withdrawn; whatever went wrong, the others stand (they are metered and kept).
      if (!isAppError(error)) deps.log.error({ err: error }, 'batch item failed after numbering');
      fail(item.index, isAppError(error) ? error : new AppError('pdf_error', 'The PDF could not be rendered. Retry this invoice; if it fails again, report the request id.'));
    }
  }));

  if (failures.size === items.length && [...failures.values()].every((error) => error.code === 'monthly_limit_reached')) {
    throw failures.values().next().value!;
  }
  const outcome = batchOutcome(items.length, failures, new Map(recorded.map((item) => [item.index, item.planned.invoice])), rateLimited);
  await announceBatch(deps, caller, nowMs, event, outcome, () => Promise.all(recorded.map((item) => withdrawInvoice(deps.db, item))));
  return outcome;
}

/** Each item's result in the order sent: its error, else its invoice. */
function batchOutcome(count: number, failures: ReadonlyMap<number, AppError>, invoices: ReadonlyMap<number, Invoice>, rateLimited: boolean): BatchOutcome {
  const results = Array.from({ length: count }, (_item, index): BatchItemResult => {
    const error = failures.get(index);
    return error === undefined ? { index, success: true, invoice: invoices.get(index)! } : { index, success: false, error };
  });
  return { results, generated: count - failures.size, rateLimited };
}

/** D28: batch.generated's data. */
function batchEventData(outcome: BatchOutcome): object {
  return { count: outcome.results.length, generated: outcome.generated, rate_limited: outcome.rateLimited, results: batchResultsJson(outcome.results) };
}

/**
 * Sends batch.generated (D28) for a batch about to be answered: the held event gets its body and
 * becomes due, or, when no item reached the metering transaction, one is written now. If that
 * write fails the batch is not answered, and its recorded items are withdrawn first.
 */
async function announceBatch(deps: BatchDeps, caller: AccountCaller, nowMs: number, held: RecordedEvent | undefined, outcome: BatchOutcome, withdraw: () => Promise<unknown>): Promise<void> {
  const data = batchEventData(outcome);
  try {
    const event = held ?? await deps.inTransaction((tx) => recordWebhookEvent(tx, { accountId: caller.accountId, type: 'batch.generated', nowMs, data, held: false }));
    if (held !== undefined) await deps.inTransaction((tx) => releaseWebhookEvent(tx, held.id, deps.clock(), webhookEventBody(held.id, 'batch.generated', nowMs, data)));
    if (event !== undefined) deps.onWebhookEvent();
  } catch (error) {
    await withdraw().catch((withdrawError: unknown) => deps.log.error({ err: withdrawError }, 'batch items not withdrawn after their event failed'));
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
