import { pdfKindOf } from '../../domain/documents/kind-for.ts';
import { documentCost, meteringChoices } from '../../domain/limits/document-cost.ts';
import { keepIdempotentGeneration } from '../../storage/repositories/idempotency-records-repository.ts';
import { prepareDocument } from '../documents/document-makers.ts';
import { serializeKeptGeneration } from '../idempotency/kept-generation.ts';
import { releaseWebhookEvent } from '../../storage/repositories/webhook-outbox-repository.ts';
import { recordWebhookEvent } from '../webhooks/record-webhook-event.ts';
import type { GenerationPolicy } from './generation-policy.ts';
import { keptInvoiceOf } from './record-account-invoice.ts';

/**
 * POST /api/generate-invoice for an account: a batch of one that fails as a whole. Its document is
 * the answer's kind's; invoice.generated carries the invoice, and is held until the document is
 * made when there is one.
 */
export const ONE_INVOICE: GenerationPolicy = {
  failWhole: true,
  keeps: 'invoice',
  deliverable(planned, run) {
    const prepared = prepareDocument(run.catalog, planned.kind, planned, run.ports);
    if (prepared === undefined) return undefined;
    return { kind: planned.kind, prepared, servesLink: planned.kind.key === pdfKindOf(planned.invoice.profile, run.catalog.kinds).key, answers: true };
  },
  choices: (planned) => meteringChoices((withLink) => documentCost(planned.kind.meteredAs, withLink), planned.linkAsk),
  async commit(tx, run, { recorded }, tie) {
    const [item] = recorded;
    const held = item!.deliverable !== undefined;
    const event = await recordWebhookEvent(tx, { accountId: run.caller.accountId, type: 'invoice.generated', nowMs: run.nowMs, data: { invoice: item!.issued.invoice }, held });
    if (tie !== undefined) {
      const kept = { kind: 'invoice' as const, requestId: tie.requestId, item: keptInvoiceOf(item!), event: event ?? null };
      await keepIdempotentGeneration(tx, tie.claim, serializeKeptGeneration(kept));
    }
    return event;
  },
  async announce(deps, _run, _result, held) {
    if (held?.held !== true) return;
    await deps.inTransaction((tx) => releaseWebhookEvent(tx, held.id, deps.clock()));
    deps.onWebhookEvent();
  },
};
