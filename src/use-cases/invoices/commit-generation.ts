import { isAppError, type AppError } from '../../errors/app-error.ts';
import { holdIdempotencyClaim } from '../../storage/repositories/idempotency-records-repository.ts';
import { idempotencyClaimLost } from '../idempotency/idempotency-claim-lost.ts';
import type { IdempotencyTie } from '../idempotency/kept-generation.ts';
import { admitGenerations, peekGenerations } from '../limits/admit-generations.ts';
import { burstRefusal, quotaRefusal } from '../limits/limit-refusals.ts';
import type { RecordedEvent } from '../webhooks/record-webhook-event.ts';
import type { GenerationDeps } from './generation-deps.ts';
import type { GenerationInput, PlannedItem, ReadyItem, RecordedItem } from './generation-items.ts';
import type { CommittedGeneration, GenerationPolicy, GenerationRun } from './generation-policy.ts';
import { loadPdfImages, type ImageLoads } from './load-pdf-images.ts';
import { planAccountInvoice } from './plan-account-invoice.ts';
import { recordAccountInvoice, type RecordOutcome } from './record-account-invoice.ts';

/**
 * A new generation up to its commit, in stages, each a new value from the one before:
 * 1. every invoice is computed, checked, and its document prepared; nothing is counted yet, so a
 *    request refused for its own content uses no window slot (docs/limits.md);
 * 2. the valid ones are counted in the burst windows; when a window admits only some, the first
 *    ones by index go on and the rest fail with its code;
 * 3. images are fetched for the invoices whose document or snapshot prints them, each distinct URL
 *    once, so an image that fails uses up no number;
 * 4. one transaction meters, numbers and stores the snapshot of each in index order, so when the
 *    quota runs out part-way the first ones by index are the ones generated (D15, D21), and writes
 *    the policy's event and the Idempotency-Key's record with them, so they exist exactly when
 *    the invoices do. The claim on the key is checked first, before anything is recorded: a
 *    refusal wrote nothing, which a shared SQLite transaction needs (write-group.ts).
 * Under a fail-whole policy the first failure is thrown; otherwise it is the item's result.
 */
export async function commitGeneration(deps: GenerationDeps, run: GenerationRun, inputs: readonly GenerationInput[], policy: GenerationPolicy, tie: IdempotencyTie | undefined): Promise<CommittedGeneration> {
  const { caller, nowMs } = run;
  const plan = deps.limits.plans[caller.tier];
  const failures = new Map<number, AppError>();
  const fail = (index: number, error: unknown): void => {
    if (!isAppError(error) || policy.failWhole) throw error;
    failures.set(index, error);
  };

  const planned = inputs.flatMap((input, index): PlannedItem[] => {
    try {
      if ('error' in input) throw input.error;
      const invoice = planAccountInvoice(input.request, caller, nowMs, deps.links, run.catalog.kinds);
      return [{ index, planned: invoice, deliverable: policy.deliverable(invoice, run) }];
    } catch (error) {
      fail(index, error);
      return [];
    }
  });

  let rateLimited = false;
  let admitted = planned;
  const admission = planned.length === 0 ? await peekGenerations(deps, caller, nowMs, run.onWindows) : await admitGenerations(deps, caller, planned.length, nowMs, run.onWindows);
  if (admission.granted < planned.length) {
    rateLimited = true;
    const refusal = burstRefusal(admission, caller.tier);
    for (const item of planned.slice(admission.granted)) fail(item.index, refusal);
    admitted = planned.slice(0, admission.granted);
  }

  const loads: ImageLoads = new Map();
  const loaded = await Promise.all(admitted.map(async (item): Promise<ReadyItem | undefined> => {
    const printed = item.planned.link !== undefined || (item.deliverable !== undefined && item.deliverable.kind.images !== 'none');
    try {
      return { ...item, images: printed ? await loadPdfImages(item.planned.request, { allowHosts: deps.allowHosts, loads, kinds: run.catalog.kinds }) : undefined };
    } catch (error) {
      fail(item.index, error);
      return undefined;
    }
  }));
  const ready = loaded.filter((item) => item !== undefined);

  const refusedOf = (outcome: Extract<RecordOutcome, { kind: 'refused' }>) => quotaRefusal(outcome.shortfall, caller.tier, plan, nowMs, deps.upgradeUrl);
  const committed = ready.length === 0 ? { outcomes: [], recorded: [], event: undefined } : await deps.inTransaction(async (tx) => {
    if (tie !== undefined && !(await holdIdempotencyClaim(tx, tie.claim))) return { claimLost: true as const };
    const keptImages = new Set<string>();
    const outcomes: RecordOutcome[] = [];
    for (const item of ready) outcomes.push(await recordAccountInvoice(tx, item, policy.choices(item.planned), caller, nowMs, plan, keptImages));
    const recorded = recordedItems(ready, outcomes);
    if (recorded.length === 0) return { outcomes, recorded, event: undefined };
    const atCommit = new Map(failures);
    ready.forEach((item, position) => {
      const outcome = outcomes[position]!;
      if (outcome.kind === 'refused') atCommit.set(item.index, refusedOf(outcome));
    });
    const state = { nowMs, count: inputs.length, failures: atCommit, rateLimited: rateLimited || atCommit.size > failures.size, recorded };
    const event: RecordedEvent | undefined = await policy.commit(tx, run, state, tie);
    return { outcomes, recorded, event };
  });
  if ('claimLost' in committed) throw idempotencyClaimLost();
  const { outcomes, recorded, event } = committed;
  ready.forEach((item, position) => {
    const outcome = outcomes[position]!;
    if (outcome.kind !== 'refused') return;
    rateLimited = true;
    fail(item.index, refusedOf(outcome));
  });
  // An event not held is due at once: there is no document to wait for.
  if (event !== undefined && !event.held) deps.onWebhookEvent();
  return { nowMs, count: inputs.length, failures, rateLimited, admission, recorded, event, tie, firstRequestId: undefined };
}

/** The items their transaction recorded, in index order. */
function recordedItems(ready: readonly ReadyItem[], outcomes: readonly RecordOutcome[]): RecordedItem[] {
  return ready.flatMap((item, position): RecordedItem[] => {
    const outcome = outcomes[position]!;
    return outcome.kind === 'recorded' ? [{ index: item.index, issued: outcome.issued, metered: outcome.metered, images: item.images, deliverable: item.deliverable }] : [];
  });
}
