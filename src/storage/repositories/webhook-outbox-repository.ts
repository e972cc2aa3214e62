import type { ExpressionBuilder } from 'kysely';
import { randomBase62 } from '../../lib/random-base62.ts';
import type { DbOrTransaction } from '../db-or-transaction.ts';
import type { Tables, WebhookDeliveryState, WebhookEventsTable, WebhooksTable } from '../tables.ts';

/**
 * Stores an event and one delivery per webhook, in the caller's transaction (the generation's, so
 * an event exists exactly when its generation does). Held deliveries wait for releaseWebhookEvent:
 * the generation's document (PDF, UBL, a batch's results) is made after the commit, and only a
 * generation that answers may be announced.
 */
export async function insertWebhookEvent(db: DbOrTransaction, event: WebhookEventsTable, webhookIds: readonly string[], held: boolean): Promise<void> {
  await db.insertInto('webhook_events').values(event).execute();
  await db.insertInto('webhook_deliveries').values(webhookIds.map((webhookId) => ({
    id: randomBase62(22),
    event_id: event.id,
    webhook_id: webhookId,
    state: held ? 'held' as const : 'pending' as const,
    next_attempt_at: held ? null : event.created_at,
    claim: null,
    claimed_until: null,
    last_status: null,
    created_at: event.created_at,
    finished_at: null,
  }))).execute();
}

/** Makes a held event's deliveries due now, first setting its body when it had none yet (a batch). */
export async function releaseWebhookEvent(db: DbOrTransaction, eventId: string, nowMs: number, body?: string): Promise<void> {
  if (body !== undefined) await db.updateTable('webhook_events').set({ body }).where('id', '=', eventId).execute();
  await db.updateTable('webhook_deliveries')
    .set({ state: 'pending', next_attempt_at: nowMs })
    .where('event_id', '=', eventId)
    .where('state', '=', 'held')
    .execute();
}

/** Removes an event whose generation was withdrawn, with its deliveries (cascade). */
export async function deleteWebhookEvent(db: DbOrTransaction, eventId: string): Promise<void> {
  await db.deleteFrom('webhook_deliveries').where('event_id', '=', eventId).execute();
  await db.deleteFrom('webhook_events').where('id', '=', eventId).execute();
}

export interface ClaimedDelivery {
  readonly id: string;
  readonly event_id: string;
  readonly webhook_id: string;
  /** Attempts made before this one. */
  readonly attempts: number;
}

function due(nowMs: number) {
  return (eb: ExpressionBuilder<Tables, 'webhook_deliveries'>) => eb.and([
    eb('state', '=', 'pending'),
    eb('next_attempt_at', '<=', nowMs),
    eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', nowMs)]),
  ]);
}

/**
 * Claims up to `limit` due deliveries for `leaseMs`, earliest due first. On PostgreSQL the rows are
 * picked with FOR UPDATE SKIP LOCKED and the due condition is checked again on the locked row, so
 * of several instances claiming at once each row goes to exactly one; a claim that outlives its
 * lease (its instance died) is taken over by the next claim. SQLite has one writer at a time.
 */
export async function claimDueDeliveries(
  db: DbOrTransaction,
  dialect: 'sqlite' | 'postgres',
  options: { readonly nowMs: number; readonly limit: number; readonly claim: string; readonly leaseMs: number },
): Promise<ClaimedDelivery[]> {
  const { nowMs, limit, claim, leaseMs } = options;
  const picked = db.selectFrom('webhook_deliveries')
    .select('id')
    .where(due(nowMs))
    .orderBy('next_attempt_at')
    .limit(limit)
    .$if(dialect === 'postgres', (query) => query.forUpdate().skipLocked());
  return db.updateTable('webhook_deliveries')
    .set({ claim, claimed_until: nowMs + leaseMs })
    .where('id', 'in', picked)
    .where(due(nowMs))
    .returning(['id', 'event_id', 'webhook_id', 'attempts'])
    .execute();
}

/** The earliest time a pending delivery is due, or undefined when none is pending. */
export async function nextDueAt(db: DbOrTransaction): Promise<number | undefined> {
  const row = await db.selectFrom('webhook_deliveries').select((eb) => eb.fn.min('next_attempt_at').as('next')).where('state', '=', 'pending').executeTakeFirst();
  return row?.next === null || row?.next === undefined ? undefined : Number(row.next);
}

/** What one attempt sends, in one read: the event's body and the webhook's target; undefined when either is gone. */
export async function findDeliveryWork(db: DbOrTransaction, eventId: string, webhookId: string): Promise<DeliveryWork | undefined> {
  return db.selectFrom('webhook_events')
    .innerJoin('webhooks', 'webhooks.account_id', 'webhook_events.account_id')
    .select(['webhook_events.type', 'webhook_events.body', 'webhooks.url', 'webhooks.secret_ciphertext', 'webhooks.is_active'])
    .where('webhook_events.id', '=', eventId)
    .where('webhooks.id', '=', webhookId)
    .executeTakeFirst();
}

export type DeliveryWork = Pick<WebhookEventsTable, 'type' | 'body'> & Pick<WebhooksTable, 'url' | 'secret_ciphertext' | 'is_active'>;

export interface AttemptRecord {
  readonly nowMs: number;
  /** HTTP status, or 0 for no HTTP answer. */
  readonly status: number;
  readonly state: Extract<WebhookDeliveryState, 'pending' | 'delivered' | 'failed' | 'cancelled'>;
  /** When state stays pending: the next attempt's due time. */
  readonly nextAttemptAt?: number;
  /** Whether this was an attempt (cancelled deliveries are not). */
  readonly attempted: boolean;
}

/**
 * Records an attempt on a delivery this claim still holds; false when the claim was lost (its
 * lease ran out and another instance took the row), so the attempt's outcome is left to that one.
 */
export async function finishDeliveryAttempt(db: DbOrTransaction, id: string, claim: string, record: AttemptRecord): Promise<boolean> {
  const finished = record.state !== 'pending';
  const result = await db.updateTable('webhook_deliveries')
    .set((eb) => ({
      state: record.state,
      attempts: record.attempted ? eb('attempts', '+', 1) : eb.ref('attempts'),
      last_status: record.attempted ? record.status : eb.ref('last_status'),
      next_attempt_at: finished ? null : record.nextAttemptAt ?? null,
      claim: null,
      claimed_until: null,
      finished_at: finished ? record.nowMs : null,
    }))
    .where('id', '=', id)
    .where('claim', '=', claim)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** How long finished deliveries (and their events) are kept for inspection. */
export const FINISHED_DELIVERY_RETENTION_MS = 7 * 24 * 3_600_000;

/**
 * A held delivery this old belongs to a generation whose instance stopped between its commit and
 * its answer (the document is made within seconds: the PDF pool's deadline is 15 s). Its count,
 * number and snapshot are committed, so the generation is whole but for the announcement, and
 * the sweep releases it (releaseInterruptedEvents): an invoice that exists is announced (D28),
 * and its number is not a gap (D15).
 */
export const HELD_EVENT_RECOVERY_MS = 10 * 60_000;

/**
 * Held deliveries older than this whose event still has no body (written by a version before
 * held events carried their body) can never be sent, and are deleted.
 */
export const HELD_DELIVERY_MAX_AGE_MS = 24 * 3_600_000;

/**
 * Makes due the held deliveries older than HELD_EVENT_RECOVERY_MS whose event has its body, due
 * at once (next_attempt_at = when they were written). One UPDATE by time: safe when several
 * instances sweep at the same moment. Returns how many were released.
 */
export async function releaseInterruptedEvents(db: DbOrTransaction, nowMs: number): Promise<number> {
  const result = await db.updateTable('webhook_deliveries')
    .set((eb) => ({ state: 'pending', next_attempt_at: eb.ref('created_at') }))
    .where('state', '=', 'held')
    .where('created_at', '<=', nowMs - HELD_EVENT_RECOVERY_MS)
    .where('event_id', 'in', (eb) => eb.selectFrom('webhook_events').select('webhook_events.id').where('webhook_events.body', 'is not', null))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The sweep: finished deliveries past retention, held ones that can never be sent, then events left with none. */
export async function deleteSpentWebhookRows(db: DbOrTransaction, nowMs: number): Promise<{ deliveries: number; events: number }> {
  const finished = await db.deleteFrom('webhook_deliveries')
    .where('state', 'in', ['delivered', 'failed', 'cancelled'])
    .where('finished_at', '<=', nowMs - FINISHED_DELIVERY_RETENTION_MS)
    .executeTakeFirst();
  const abandoned = await db.deleteFrom('webhook_deliveries')
    .where('state', '=', 'held')
    .where('created_at', '<=', nowMs - HELD_DELIVERY_MAX_AGE_MS)
    .executeTakeFirst();
  const events = await db.deleteFrom('webhook_events')
    .where('created_at', '<=', nowMs - HELD_DELIVERY_MAX_AGE_MS)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('webhook_deliveries').select('webhook_deliveries.id').whereRef('webhook_deliveries.event_id', '=', 'webhook_events.id'))))
    .executeTakeFirst();
  return { deliveries: Number(finished.numDeletedRows) + Number(abandoned.numDeletedRows), events: Number(events.numDeletedRows) };
}
