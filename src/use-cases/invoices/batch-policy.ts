import { pdfKindOf } from '../../domain/documents/kind-for.ts';
import { batchItemCost, meteringChoices } from '../../domain/limits/document-cost.ts';
import { keepIdempotentGeneration } from '../../storage/repositories/idempotency-records-repository.ts';
import { releaseWebhookEvent } from '../../storage/repositories/webhook-outbox-repository.ts';
import { prepareDocument } from '../documents/document-makers.ts';
import { keptError, serializeKeptGeneration, type KeptBatchItem } from '../idempotency/kept-generation.ts';
import { recordWebhookEvent, webhookEventBody } from '../webhooks/record-webhook-event.ts';
import { batchEventData, batchOutcome } from './batch-outcome.ts';
import type { GenerationPolicy } from './generation-policy.ts';
import { keptInvoiceOf } from './record-account-invoice.ts';

/**
 * POST /api/batch: each invoice fails alone with its index, and is answered as JSON; the PDF behind
 * each hosted link is made after the commit. batch.generated is written with the items it
 * announces, held until their results are known, and only when at least one item was recorded
 * (D28). It carries the results as they stand at the commit, so that if this instance stops before
 * answering, the sweep can still announce the committed items (releaseInterruptedEvents).
 */
export const EACH_ITEM: GenerationPolicy = {
  failWhole: false,
  keeps: 'batch',
  deliverable(planned, run) {
    if (planned.link === undefined) return undefined;
    const kind = pdfKindOf(planned.invoice.profile, run.catalog.kinds);
    const prepared = prepareDocument(run.catalog, kind, planned, run.ports);
    return prepared === undefined ? undefined : { kind, prepared, servesLink: true, answers: false };
  },
  choices: (planned) => meteringChoices(batchItemCost, planned.linkAsk),
  async commit(tx, run, committed, tie) {
    const data = batchEventData(batchOutcome(committed, committed.recorded));
    const event = await recordWebhookEvent(tx, { accountId: run.caller.accountId, type: 'batch.generated', nowMs: run.nowMs, data, held: true });
    if (tie !== undefined) {
      const byIndex = new Map(committed.recorded.map((item) => [item.index, item]));
      const items = Array.from({ length: committed.count }, (_item, index): KeptBatchItem => {
        const error = committed.failures.get(index);
        return error === undefined ? { index, invoice: keptInvoiceOf(byIndex.get(index)!) } : { index, error: keptError(error) };
      });
      const kept = { kind: 'batch' as const, nowMs: run.nowMs, rateLimited: committed.rateLimited, items, event: event ?? null };
      await keepIdempotentGeneration(tx, tie.claim, serializeKeptGeneration(kept));
    }
    return event;
  },
  /** The held event gets its final body and becomes due; when no item reached the transaction, one is written now. */
  async announce(deps, run, result, held) {
    const data = batchEventData(batchOutcome(result, result.delivered));
    const event = held ?? await deps.inTransaction((tx) => recordWebhookEvent(tx, { accountId: run.caller.accountId, type: 'batch.generated', nowMs: result.nowMs, data, held: false }));
    if (held !== undefined) await deps.inTransaction((tx) => releaseWebhookEvent(tx, held.id, deps.clock(), webhookEventBody(held.id, 'batch.generated', result.nowMs, data)));
    if (event !== undefined) deps.onWebhookEvent();
  },
};
