import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import type { DbOrTransaction } from '../../src/storage/db-or-transaction.ts';
import {
  claimDueDeliveries, deleteSpentWebhookRows, finishDeliveryAttempt, insertWebhookEvent, releaseInterruptedEvents, releaseWebhookEvent,
  FINISHED_DELIVERY_RETENTION_MS, HELD_DELIVERY_MAX_AGE_MS, HELD_EVENT_RECOVERY_MS,
} from '../../src/storage/repositories/webhook-outbox-repository.ts';
import { insertWebhook, recordWebhookAttempt } from '../../src/storage/repositories/webhooks-repository.ts';
import { forEachDialect } from '../helpers/test-databases.ts';

const T0 = 1_800_000_000_000;

async function accountWithWebhooks(db: DbOrTransaction, count: number): Promise<{ accountId: string; webhookIds: string[] }> {
  const accountId = randomUUID();
  await db.insertInto('accounts').values({ id: accountId, email: `${accountId}@example.com`, password_hash: 'scrypt$x', email_verified_at: T0, created_at: T0 }).execute();
  const webhookIds: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = `wh_${randomUUID().replaceAll('-', '').slice(0, 22)}`;
    await insertWebhook(db, { id, account_id: accountId, url: 'https://example.com/h', events: '["invoice.generated"]', secret_ciphertext: 'sealed', secret_hint: 'abcd', is_active: 1, created_at: T0, last_delivery_at: null, last_status: null });
    webhookIds.push(id);
  }
  return { accountId, webhookIds };
}

async function event(db: DbOrTransaction, accountId: string, webhookIds: string[], held: boolean, at = T0, body: string | null = held ? null : '{}'): Promise<string> {
  const id = `evt_${randomUUID().replaceAll('-', '').slice(0, 22)}`;
  await insertWebhookEvent(db, { id, account_id: accountId, type: 'invoice.generated', body, created_at: at }, webhookIds, held);
  return id;
}

const states = async (db: DbOrTransaction, eventId: string) =>
  (await db.selectFrom('webhook_deliveries').select('state').where('event_id', '=', eventId).execute()).map((row) => row.state).sort();

forEachDialect((target) => {
  test('concurrent claims from several connections take each due delivery exactly once', async () => {
    const first = await target.open();
    const others = target.dialect === 'postgres' ? [await target.open({ poolSize: 4 }), await target.open({ poolSize: 4 })] : [first];
    const { accountId, webhookIds } = await accountWithWebhooks(first.db, 5);
    for (let i = 0; i < 12; i += 1) await event(first.db, accountId, webhookIds, false);
    const claims = await Promise.all(Array.from({ length: 12 }, (_, i) => {
      const database = [first, ...others][i % (others.length + 1)]!;
      return claimDueDeliveries(database.db, target.dialect, { nowMs: T0, limit: 7, claim: `claim-${i}`, leaseMs: 60_000 });
    }));
    const ids = claims.flat().map((row) => row.id);
    assert.equal(ids.length, 60, 'all 60 claimed');
    assert.equal(new Set(ids).size, 60, 'none twice');
    assert.deepEqual(await claimDueDeliveries(first.db, target.dialect, { nowMs: T0 + 59_999, limit: 100, claim: 'late', leaseMs: 60_000 }), [], 'held by their leases');
    const retaken = await claimDueDeliveries(first.db, target.dialect, { nowMs: T0 + 60_000, limit: 100, claim: 'after-lease', leaseMs: 60_000 });
    assert.equal(retaken.length, 60, 'a lease that ran out is taken over (the instance died)');
    // The first claimant's late answer is not recorded: its claim was taken over.
    const stale = claims.find((rows) => rows.length > 0)!;
    const staleClaim = `claim-${claims.indexOf(stale)}`;
    assert.equal(await finishDeliveryAttempt(first.db, stale[0]!.id, staleClaim, { nowMs: T0, status: 200, state: 'delivered', attempted: true }), false);
    assert.equal(await finishDeliveryAttempt(first.db, stale[0]!.id, 'after-lease', { nowMs: T0, status: 200, state: 'delivered', attempted: true }), true);
    // The tests of one dialect share a database: leave nothing due for the next ones.
    await first.db.deleteFrom('webhook_deliveries').execute();
  });

  test('held deliveries are not due until released; release sets a batch event\'s body', async () => {
    const { db } = await target.open();
    const { accountId, webhookIds } = await accountWithWebhooks(db, 2);
    const id = await event(db, accountId, webhookIds, true);
    assert.deepEqual(await states(db, id), ['held', 'held']);
    assert.deepEqual(await claimDueDeliveries(db, target.dialect, { nowMs: T0 + 3_600_000, limit: 10, claim: 'c', leaseMs: 1 }), []);
    await releaseWebhookEvent(db, id, T0 + 5, '{"id":"x"}');
    assert.deepEqual(await states(db, id), ['pending', 'pending']);
    assert.equal((await db.selectFrom('webhook_events').select('body').where('id', '=', id).executeTakeFirstOrThrow()).body, '{"id":"x"}');
    assert.equal((await claimDueDeliveries(db, target.dialect, { nowMs: T0 + 5, limit: 10, claim: 'c', leaseMs: 1 })).length, 2);
  });

  test('held events of interrupted generations are released after HELD_EVENT_RECOVERY_MS, due at once; bodiless ones are not', async () => {
    const { db } = await target.open();
    await db.deleteFrom('webhook_deliveries').execute();
    const { accountId, webhookIds } = await accountWithWebhooks(db, 2);
    const now = T0 + 40 * 24 * 3_600_000;
    const interrupted = await event(db, accountId, webhookIds, true, now - HELD_EVENT_RECOVERY_MS, '{"id":"a"}');
    const rendering = await event(db, accountId, webhookIds, true, now - HELD_EVENT_RECOVERY_MS + 1, '{"id":"b"}');
    const bodiless = await event(db, accountId, webhookIds, true, now - HELD_EVENT_RECOVERY_MS - 1, null);
    assert.equal(await releaseInterruptedEvents(db, now), 2, 'both deliveries of the interrupted event');
    assert.deepEqual(await states(db, interrupted), ['pending', 'pending']);
    assert.deepEqual(await states(db, rendering), ['held', 'held'], 'a generation still inside its window may yet answer');
    assert.deepEqual(await states(db, bodiless), ['held', 'held'], 'no body to send');
    const due = await claimDueDeliveries(db, target.dialect, { nowMs: now, limit: 10, claim: 'r', leaseMs: 1 });
    assert.deepEqual(due.map((row) => row.event_id), [interrupted, interrupted], 'due at once, as of when it was written');
    assert.equal(await releaseInterruptedEvents(db, now), 0, 'a second sweep (another instance) finds nothing');
    await db.deleteFrom('webhook_deliveries').execute();
  });

  test('recordWebhookAttempt: the tenth failed event in a row deactivates, a delivered one resets', async () => {
    const { db } = await target.open();
    const { webhookIds: [id] } = await accountWithWebhooks(db, 1);
    const read = () => db.selectFrom('webhooks').select(['is_active', 'failed_events_in_row', 'last_status', 'last_delivery_at']).where('id', '=', id!).executeTakeFirstOrThrow();
    for (let i = 0; i < 9; i += 1) await recordWebhookAttempt(db, id!, T0 + i, 500, 'failed', 10);
    await recordWebhookAttempt(db, id!, T0 + 20, 0, 'retry', 10);
    assert.deepEqual(await read(), { is_active: 1, failed_events_in_row: 9, last_status: 0, last_delivery_at: T0 + 20 });
    await recordWebhookAttempt(db, id!, T0 + 21, 204, 'delivered', 10);
    assert.equal((await read()).failed_events_in_row, 0);
    for (let i = 0; i < 10; i += 1) await recordWebhookAttempt(db, id!, T0 + 30 + i, 503, 'failed', 10);
    assert.deepEqual(await read(), { is_active: 0, failed_events_in_row: 10, last_status: 503, last_delivery_at: T0 + 39 });
  });

  test('the sweep keeps what is pending or recent and deletes what is spent', async () => {
    const { db } = await target.open();
    const { accountId, webhookIds } = await accountWithWebhooks(db, 1);
    const now = T0 + 30 * 24 * 3_600_000;
    const pending = await event(db, accountId, webhookIds, false, T0);
    const abandoned = await event(db, accountId, webhookIds, true, now - HELD_DELIVERY_MAX_AGE_MS);
    const youngHeld = await event(db, accountId, webhookIds, true, now - 1000);
    const oldDone = await event(db, accountId, webhookIds, false, T0);
    const recentDone = await event(db, accountId, webhookIds, false, T0);
    const finish = (eventId: string, at: number) => db.updateTable('webhook_deliveries').set({ state: 'delivered', finished_at: at, next_attempt_at: null }).where('event_id', '=', eventId).execute();
    await finish(oldDone, now - FINISHED_DELIVERY_RETENTION_MS);
    await finish(recentDone, now - FINISHED_DELIVERY_RETENTION_MS + 1);
    await deleteSpentWebhookRows(db, now);
    const left = (await db.selectFrom('webhook_events').select('id').where('account_id', '=', accountId).execute()).map((row) => row.id).sort();
    assert.deepEqual(left, [pending, youngHeld, recentDone].sort());
    assert.deepEqual(await states(db, abandoned), []);
  });
});
