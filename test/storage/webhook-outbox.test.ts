import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import type { Kysely } from 'kysely';
import type { DbOrTransaction } from '../../src/storage/db-or-transaction.ts';
import type { Tables } from '../../src/storage/tables.ts';
import {
  claimDueDeliveries as claimInTransaction, deleteSpentWebhookRows, type ClaimOptions, finishDeliveryAttempt, insertWebhookEvent, releaseInterruptedEvents, releaseWebhookEvent,
  FINISHED_DELIVERY_RETENTION_MS, HELD_DELIVERY_MAX_AGE_MS, HELD_EVENT_RECOVERY_MS,
} from '../../src/storage/repositories/webhook-outbox-repository.ts';
import { insertWebhook, recordWebhookAttempt } from '../../src/storage/repositories/webhooks-repository.ts';
import { insertRedelivery, insertWebhookAttempt, listDeliveryAttempts } from '../../src/storage/repositories/webhook-log-repository.ts';
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

/** Caps far above these tests' numbers: the tests below that are not about fairness. */
const UNCAPPED = { perWebhook: 1_000, perAnsweringWebhook: 1_000, perAccount: 1_000, silentLimit: 1_000 };

/** A claim in its own transaction, as the worker makes it (caps UNCAPPED unless given). */
function claimDueDeliveries(db: Kysely<Tables>, dialect: 'sqlite' | 'postgres', options: Omit<ClaimOptions, keyof typeof UNCAPPED> & Partial<ClaimOptions>) {
  return db.transaction().execute((tx) => claimInTransaction(tx, dialect, { ...UNCAPPED, ...options }));
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

  test('concurrent claims from several connections never pass 2 in flight per webhook nor 4 per account, counted from the leases', async () => {
    const first = await target.open();
    await first.db.deleteFrom('webhook_deliveries').execute();
    const others = target.dialect === 'postgres' ? [await target.open({ poolSize: 4 }), await target.open({ poolSize: 4 })] : [first];
    const accounts = [await accountWithWebhooks(first.db, 5), await accountWithWebhooks(first.db, 1), await accountWithWebhooks(first.db, 3)];
    for (const { accountId, webhookIds } of accounts) for (let i = 0; i < 6; i += 1) await event(first.db, accountId, webhookIds, false);
    const caps = { perWebhook: 2, perAnsweringWebhook: 3, perAccount: 4 };
    const claims = await Promise.all(Array.from({ length: 12 }, (_, i) => {
      const database = [first, ...others][i % (others.length + 1)]!;
      return claimDueDeliveries(database.db, target.dialect, { nowMs: T0, limit: 7, claim: `fair-${i}`, leaseMs: 60_000, ...caps });
    }));
    const claimed = claims.flat();
    assert.equal(new Set(claimed.map((row) => row.id)).size, claimed.length, 'none twice');
    const perWebhook = new Map<string, number>();
    for (const row of claimed) perWebhook.set(row.webhook_id, (perWebhook.get(row.webhook_id) ?? 0) + 1);
    const perAccount = accounts.map(({ webhookIds }) => webhookIds.reduce((sum, id) => sum + (perWebhook.get(id) ?? 0), 0));
    assert.ok([...perWebhook.values()].every((count) => count <= 2), `per webhook: ${[...perWebhook.values()]}`);
    assert.deepEqual(perAccount, [4, 2, 4], 'each account up to its cap: 4, its one webhook\'s 2, 4');
    assert.deepEqual(await claimDueDeliveries(first.db, target.dialect, { nowMs: T0 + 1, limit: 100, claim: 'more', leaseMs: 60_000, ...caps }), [], 'every webhook or account is at its cap');
    // One attempt ends (a retry later): its slot is free for the next due delivery of that account.
    const done = claimed.find((row) => row.webhook_id === accounts[1]!.webhookIds[0])!;
    assert.equal(await finishDeliveryAttempt(first.db, done.id, `fair-${claims.findIndex((rows) => rows.includes(done))}`, { nowMs: T0 + 2, status: 0, state: 'pending', nextAttemptAt: T0 + 60_000, attempted: true }), true);
    const next = await claimDueDeliveries(first.db, target.dialect, { nowMs: T0 + 3, limit: 100, claim: 'freed', leaseMs: 60_000, ...caps });
    assert.deepEqual(next.map((row) => row.webhook_id), [accounts[1]!.webhookIds[0]]);
    // Leases that ran out (their instance died) no longer count: the next claim takes up to the caps again.
    const after = await claimDueDeliveries(first.db, target.dialect, { nowMs: T0 + 70_000, limit: 100, claim: 'after', leaseMs: 60_000, ...caps });
    assert.equal(after.length, 10);
    // A webhook whose last attempt was answered with a 2xx may have perAnsweringWebhook in flight.
    await recordWebhookAttempt(first.db, accounts[1]!.webhookIds[0]!, T0 + 70_001, 204, 'delivered', 10);
    const answering = await claimDueDeliveries(first.db, target.dialect, { nowMs: T0 + 70_002, limit: 100, claim: 'answering', leaseMs: 60_000, ...caps });
    assert.deepEqual(answering.map((row) => row.webhook_id), [accounts[1]!.webhookIds[0]], 'its third');
    await first.db.deleteFrom('webhook_deliveries').execute();
  });

  test('deliveries to a webhook whose last attempt got no answer are claimed only within silentLimit', async () => {
    const { db } = await target.open();
    await db.deleteFrom('webhook_deliveries').execute();
    const silent = await accountWithWebhooks(db, 3);
    const healthy = await accountWithWebhooks(db, 1);
    for (const id of silent.webhookIds) await recordWebhookAttempt(db, id, T0 - 1, 0, 'retry', 10);
    await event(db, silent.accountId, silent.webhookIds, false, T0 - 10);
    await event(db, healthy.accountId, healthy.webhookIds, false, T0);
    const claimed = await claimDueDeliveries(db, target.dialect, { nowMs: T0, limit: 10, claim: 's', leaseMs: 60_000, silentLimit: 1 });
    assert.equal(claimed.length, 2, 'one of the three silent deliveries, and the healthy one');
    assert.ok(claimed[0]!.silent && silent.webhookIds.includes(claimed[0]!.webhook_id));
    assert.deepEqual([claimed[1]!.webhook_id, claimed[1]!.silent], [healthy.webhookIds[0], false]);
    await db.deleteFrom('webhook_deliveries').execute();
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

  test('the delivery log is kept as the outbox is: attempts go with their delivery after 7 days; a redelivery keeps its event', async () => {
    const { db } = await target.open();
    const { accountId, webhookIds } = await accountWithWebhooks(db, 1);
    const now = T0 + 30 * 24 * 3_600_000;
    const old = await event(db, accountId, webhookIds, false, T0);
    const recent = await event(db, accountId, webhookIds, false, T0);
    const deliveryOf = async (eventId: string) => (await db.selectFrom('webhook_deliveries').select('id').where('event_id', '=', eventId).executeTakeFirstOrThrow()).id;
    const [oldDelivery, recentDelivery] = [await deliveryOf(old), await deliveryOf(recent)];
    for (const id of [oldDelivery, recentDelivery]) {
      await insertWebhookAttempt(db, { delivery_id: id, attempted_at: T0, status: 500, duration_ms: 12, failure: null, response_excerpt: 'no' });
      await insertWebhookAttempt(db, { delivery_id: id, attempted_at: T0 + 60_000, status: 200, duration_ms: 9, failure: null, response_excerpt: null });
    }
    // The recent event's first delivery is old, but its redelivery is not: the event stays for it.
    const redelivery = await insertRedelivery(db, { eventId: recent, webhookId: webhookIds[0]!, deliveryId: recentDelivery }, now - 1000);
    const finish = (id: string, at: number) => db.updateTable('webhook_deliveries').set({ state: 'delivered', finished_at: at, next_attempt_at: null }).where('id', '=', id).execute();
    await finish(oldDelivery, now - FINISHED_DELIVERY_RETENTION_MS);
    await finish(recentDelivery, now - FINISHED_DELIVERY_RETENTION_MS);
    await finish(redelivery, now - 500);
    await insertWebhookAttempt(db, { delivery_id: redelivery, attempted_at: now - 1000, status: 200, duration_ms: 5, failure: null, response_excerpt: 'ok' });
    assert.equal((await listDeliveryAttempts(db, [oldDelivery, recentDelivery, redelivery])).length, 5);
    await deleteSpentWebhookRows(db, now);
    const attempts = await listDeliveryAttempts(db, [oldDelivery, recentDelivery, redelivery]);
    assert.deepEqual(attempts.map((a) => [a.delivery_id, a.response_excerpt]), [[redelivery, 'ok']], 'the finished deliveries went with their attempts (cascade)');
    const events = (await db.selectFrom('webhook_events').select('id').where('account_id', '=', accountId).execute()).map((row) => row.id);
    assert.deepEqual(events, [recent], 'an event stays while a delivery of it is kept');
  });
});
