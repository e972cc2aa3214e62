import { sql, type ExpressionBuilder, type Transaction } from 'kysely';
import { pickFairDeliveries, webhookCap, type DeliveriesInFlight, type FairnessLimits } from '../../domain/webhooks/pick-fair-deliveries.ts';
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
  /** Its webhook's last attempt got no HTTP answer (pick-fair-deliveries.ts). */
  readonly silent: boolean;
}

function due(nowMs: number) {
  return (eb: ExpressionBuilder<Tables, 'webhook_deliveries'>) => eb.and([
    eb('webhook_deliveries.state', '=', 'pending'),
    eb('webhook_deliveries.next_attempt_at', '<=', nowMs),
    eb.or([eb('webhook_deliveries.claimed_until', 'is', null), eb('webhook_deliveries.claimed_until', '<=', nowMs)]),
  ]);
}

export interface ClaimOptions extends Omit<FairnessLimits, 'limit'> {
  readonly nowMs: number;
  /** Deliveries to claim at most: the claiming instance's free slots. */
  readonly limit: number;
  readonly claim: string;
  readonly leaseMs: number;
}

/**
 * Claims up to `limit` due deliveries for `leaseMs`, earliest due first, within the caps on
 * attempts in flight per webhook and per account (pickFairDeliveries), counted from the live
 * claims of every instance. Must run in a transaction: counting and claiming are one step. On
 * PostgreSQL the claims of all instances are serialised by a transaction-scoped advisory lock
 * (per schema), so two instances cannot both see a webhook below its cap and both add to it; a
 * claim is a few indexed statements, so the lock is held for about a millisecond. SQLite has one
 * writer. The due condition is checked again on the update. A claim that outlives its lease (its
 * instance died) counts as in flight until then, and is taken over by the next claim.
 */
export async function claimDueDeliveries(tx: Transaction<Tables>, dialect: 'sqlite' | 'postgres', options: ClaimOptions): Promise<ClaimedDelivery[]> {
  const { nowMs, limit, claim, leaseMs } = options;
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(current_schema() || '.webhook_deliveries.claim'))`.execute(tx);
  const inFlight = await readDeliveriesInFlight(tx, nowMs);
  const fullWebhooks = [...inFlight.byWebhook].filter(([id, count]) => count >= webhookCap(inFlight.answering.has(id), options)).map(([id]) => id);
  const fullAccounts = [...inFlight.byAccount].filter(([, count]) => count >= options.perAccount).map(([id]) => id);
  const rows = await tx.selectFrom('webhook_deliveries')
    .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
    .select(['webhook_deliveries.id', 'webhook_deliveries.webhook_id', 'webhooks.account_id', 'webhooks.last_status'])
    .where(due(nowMs))
    .$if(fullWebhooks.length > 0, (query) => query.where('webhook_deliveries.webhook_id', 'not in', fullWebhooks))
    .$if(fullAccounts.length > 0, (query) => query.where('webhooks.account_id', 'not in', fullAccounts))
    .orderBy('webhook_deliveries.next_attempt_at')
    .orderBy('webhook_deliveries.id')
    // Room for the first due rows to crowd on one webhook; the worker claims again for the rest.
    .limit(limit * CANDIDATES_PER_SLOT)
    .execute();
  const picked = pickFairDeliveries(
    rows.map((row) => ({ id: row.id, webhookId: row.webhook_id, accountId: row.account_id, silent: row.last_status === 0, answering: isAnswered(row.last_status) })),
    inFlight,
    { ...options, limit },
  );
  if (picked.length === 0) return [];
  const silent = new Set(picked.filter((candidate) => candidate.silent).map((candidate) => candidate.id));
  const claimed = await tx.updateTable('webhook_deliveries')
    .set({ claim, claimed_until: nowMs + leaseMs })
    .where('id', 'in', picked.map((candidate) => candidate.id))
    .where(due(nowMs))
    .returning(['id', 'event_id', 'webhook_id', 'attempts'])
    .execute();
  return claimed.map((row) => ({ ...row, silent: silent.has(row.id) }));
}

const CANDIDATES_PER_SLOT = 4;

/** Attempts in flight now (live claims of any instance), per webhook and per account, and which of those webhooks answer. */
export async function readDeliveriesInFlight(db: DbOrTransaction, nowMs: number): Promise<DeliveriesInFlight & { readonly answering: ReadonlySet<string> }> {
  const rows = await db.selectFrom('webhook_deliveries')
    .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
    .select(['webhook_deliveries.webhook_id', 'webhooks.account_id', 'webhooks.last_status', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('webhook_deliveries.claimed_until', '>', nowMs)
    .where('webhook_deliveries.state', '=', 'pending')
    .groupBy(['webhook_deliveries.webhook_id', 'webhooks.account_id', 'webhooks.last_status'])
    .execute();
  const byWebhook = new Map<string, number>();
  const byAccount = new Map<string, number>();
  const answering = new Set<string>();
  for (const row of rows) {
    byWebhook.set(row.webhook_id, Number(row.count));
    byAccount.set(row.account_id, (byAccount.get(row.account_id) ?? 0) + Number(row.count));
    if (isAnswered(row.last_status)) answering.add(row.webhook_id);
  }
  return { byWebhook, byAccount, answering };
}

const isAnswered = (status: number | null): boolean => status !== null && status >= 200 && status <= 299;

/** The earliest time a pending delivery is due, or undefined when none is pending. */
export async function nextDueAt(db: DbOrTransaction): Promise<number | undefined> {
  const row = await db.selectFrom('webhook_deliveries').select((eb) => eb.fn.min('next_attempt_at').as('next')).where('state', '=', 'pending').executeTakeFirst();
  return row?.next === null || row?.next === undefined ? undefined : Number(row.next);
}

/** What one attempt sends, in one read: the event's body and the webhook's target; undefined when either is gone. */
export async function findDeliveryWork(db: DbOrTransaction, eventId: string, webhookId: string): Promise<DeliveryWork | undefined> {
  return db.selectFrom('webhook_events')
    .innerJoin('webhooks', 'webhooks.account_id', 'webhook_events.account_id')
    .select(['webhook_events.type', 'webhook_events.body', 'webhooks.url', 'webhooks.secret_ciphertext', 'webhooks.previous_secret_ciphertext', 'webhooks.previous_secret_expires_at', 'webhooks.is_active'])
    .where('webhook_events.id', '=', eventId)
    .where('webhooks.id', '=', webhookId)
    .executeTakeFirst();
}

export type DeliveryWork = Pick<WebhookEventsTable, 'type' | 'body'> & Pick<WebhooksTable, 'url' | 'secret_ciphertext' | 'is_active'> & {
  readonly previous_secret_ciphertext: string | null;
  readonly previous_secret_expires_at: number | null;
};

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
 * number and snapshot are committed, so the generation is whole but for the announcement, and the
 * sweep releases it (releaseInterruptedEvents): an invoice that exists is announced, and its number
 * is not a gap.
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
