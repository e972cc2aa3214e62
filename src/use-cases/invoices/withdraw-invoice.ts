import type { Kysely } from 'kysely';
import type { Tables } from '../../storage/tables.ts';
import { subtractMonthlyUsage } from '../../storage/repositories/monthly-usage-repository.ts';
import { deleteHostedInvoice } from '../../storage/repositories/hosted-invoices-repository.ts';
import { deleteWebhookEvent } from '../../storage/repositories/webhook-outbox-repository.ts';
import { forgetIdempotentGeneration } from '../../storage/repositories/idempotency-records-repository.ts';
import type { RecordedEvent } from '../webhooks/record-webhook-event.ts';
import type { IdempotencyTie } from '../idempotency/kept-generation.ts';
import type { RecordedItem } from './generation-items.ts';

/** What goes with an invoice when the whole generation is taken back with it. */
export interface WithdrawnWith {
  /** The generation's held event: a failed generation is never announced. */
  readonly event?: RecordedEvent | undefined;
  /** Its Idempotency-Key: a retry with it runs afresh, a withdrawn invoice is never answered. */
  readonly tie?: IdempotencyTie | undefined;
}

/**
 * Takes a recorded invoice back when its document could not be delivered after the transaction
 * committed (the PDF failed to render): only successful generations are metered, and its snapshot
 * goes too, so no link points at an invoice nobody received. The invoice number stays used; the
 * caller logs it as void.
 */
export async function withdrawInvoice(db: Kysely<Tables>, item: Pick<RecordedItem, 'issued' | 'metered'>, along: WithdrawnWith = {}): Promise<void> {
  const { metered, issued } = item;
  // One transaction, so a crash in the middle cannot leave the key resuming an invoice that is
  // half taken back.
  await db.transaction().execute(async (tx) => {
    if (along.tie !== undefined) await forgetIdempotentGeneration(tx, along.tie.claim.scope, along.tie.claim.key);
    await subtractMonthlyUsage(tx, metered.accountId, metered.monthStart, metered.cost);
    if (issued.link !== undefined) await deleteHostedInvoice(tx, issued.link.id);
    if (along.event !== undefined) await deleteWebhookEvent(tx, along.event.id);
  });
}
