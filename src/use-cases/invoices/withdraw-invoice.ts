import type { Kysely } from 'kysely';
import type { Tables } from '../../storage/tables.ts';
import { subtractMonthlyUsage } from '../../storage/repositories/monthly-usage-repository.ts';
import { deleteHostedInvoice } from '../../storage/repositories/hosted-invoices-repository.ts';
import { deleteWebhookEvent } from '../../storage/repositories/webhook-outbox-repository.ts';
import { forgetIdempotentGeneration } from '../../storage/repositories/idempotency-records-repository.ts';
import type { RecordedInvoice } from './record-account-invoice.ts';

/**
 * Takes a recorded invoice back when its document could not be delivered after the transaction
 * committed (the PDF failed to render): only successful generations are metered, and its snapshot
 * and held event go too, so no link or webhook points at an invoice nobody received. The invoice
 * number stays used; the caller logs it as void.
 */
export async function withdrawInvoice(db: Kysely<Tables>, recorded: RecordedInvoice): Promise<void> {
  const { metered, planned, event, tie } = recorded;
  // One transaction, so a crash in the middle cannot leave the key resuming an invoice that is
  // half taken back.
  await db.transaction().execute(async (tx) => {
    // A retry with its Idempotency-Key runs afresh: a withdrawn invoice is never answered.
    if (tie !== undefined) await forgetIdempotentGeneration(tx, tie.claim.scope, tie.claim.key);
    await subtractMonthlyUsage(tx, metered.accountId, metered.monthStart, metered.cost);
    if (planned.link !== undefined) await deleteHostedInvoice(tx, planned.link.id);
    // Its event was held and is dropped: a failed generation is never announced.
    if (event !== undefined) await deleteWebhookEvent(tx, event.id);
  });
}
