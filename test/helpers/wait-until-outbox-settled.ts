import type { Kysely } from 'kysely';
import type { Tables } from '../../src/storage/tables.ts';
import { waitUntil } from './wait-until.ts';

/**
 * Waits until no webhook delivery in the database is held or pending: each one delivered, failed
 * or cancelled. From then on no instance can send any of them again, because an attempt needs a
 * claim and claimDueDeliveries claims pending rows only; and each attempt that delivered one has
 * reached the receiver, which records a body before it answers. What it cannot see: an attempt
 * still in flight under a claim that lost its row, which needs two claims on one row (claims are
 * serialised and leased for 60 s). In-process apps close that gap with webhookWorker.runDue().
 */
export async function waitUntilOutboxSettled(db: Kysely<Tables>, timeoutMs: number): Promise<void> {
  let open = 0;
  await waitUntil(async () => {
    const row = await db.selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number | string>().as('open'))
      .where('state', 'in', ['held', 'pending'])
      .executeTakeFirstOrThrow();
    open = Number(row.open);
    return open === 0;
  }, () => `every webhook delivery to be delivered, failed or cancelled (${open} still held or pending)`, timeoutMs);
}
