import { randomBase62 } from '../../lib/random-base62.ts';
import type { DbOrTransaction } from '../db-or-transaction.ts';
import type { WebhookAttemptsTable, WebhookDeliveryState, WebhookEventsTable } from '../tables.ts';

/** The delivery log: the attempts of deliveries, written with each attempt's outcome. */
export async function insertWebhookAttempt(db: DbOrTransaction, attempt: Omit<WebhookAttemptsTable, 'id'>): Promise<void> {
  await db.insertInto('webhook_attempts').values({ id: randomBase62(22), ...attempt }).execute();
}

/** The states the log shows; a held delivery (its generation has not answered yet) is not one. */
export type LoggedDeliveryState = Exclude<WebhookDeliveryState, 'held'>;

/** A delivery as the log lists it, with its event. */
export interface LoggedDelivery {
  readonly id: string;
  readonly event_id: string;
  readonly event_type: string;
  readonly state: LoggedDeliveryState;
  readonly attempts: number;
  readonly next_attempt_at: number | null;
  readonly created_at: number;
  readonly finished_at: number | null;
  readonly redelivery_of: string | null;
}

const LOGGED_COLUMNS = [
  'webhook_deliveries.id', 'webhook_deliveries.event_id', 'webhook_events.type as event_type', 'webhook_deliveries.state',
  'webhook_deliveries.attempts', 'webhook_deliveries.next_attempt_at', 'webhook_deliveries.created_at', 'webhook_deliveries.finished_at',
  'webhook_deliveries.redelivery_of',
] as const;

export interface DeliveryPage {
  readonly webhookId: string;
  readonly state?: LoggedDeliveryState;
  /** Rows to read: the page's size plus one, which says whether another page follows. */
  readonly limit: number;
  /** The last row of the previous page: this page starts strictly after it, newest first. */
  readonly after?: { readonly createdAt: number; readonly id: string };
}

/**
 * One webhook's deliveries, newest first (created_at, then id, both descending: a keyset, so a
 * page is an index range and a delivery made meanwhile never shifts the next page).
 */
export async function listLoggedDeliveries(db: DbOrTransaction, page: DeliveryPage): Promise<LoggedDelivery[]> {
  const rows = await db.selectFrom('webhook_deliveries')
    .innerJoin('webhook_events', 'webhook_events.id', 'webhook_deliveries.event_id')
    .select(LOGGED_COLUMNS)
    .where('webhook_deliveries.webhook_id', '=', page.webhookId)
    .where('webhook_deliveries.state', page.state === undefined ? '!=' : '=', page.state ?? 'held')
    .$if(page.after !== undefined, (query) => query.where((eb) => eb.or([
      eb('webhook_deliveries.created_at', '<', page.after!.createdAt),
      eb.and([eb('webhook_deliveries.created_at', '=', page.after!.createdAt), eb('webhook_deliveries.id', '<', page.after!.id)]),
    ])))
    .orderBy('webhook_deliveries.created_at', 'desc')
    .orderBy('webhook_deliveries.id', 'desc')
    .limit(page.limit)
    .execute();
  return rows as LoggedDelivery[];
}

/** One delivery of this webhook as the log shows it; undefined when unknown, another webhook's, or still held. */
export async function findLoggedDelivery(db: DbOrTransaction, webhookId: string, id: string): Promise<LoggedDelivery | undefined> {
  const row = await db.selectFrom('webhook_deliveries')
    .innerJoin('webhook_events', 'webhook_events.id', 'webhook_deliveries.event_id')
    .select(LOGGED_COLUMNS)
    .where('webhook_deliveries.id', '=', id)
    .where('webhook_deliveries.webhook_id', '=', webhookId)
    .where('webhook_deliveries.state', '!=', 'held')
    .executeTakeFirst();
  return row as LoggedDelivery | undefined;
}

/** The attempts of these deliveries, oldest first within each. */
export async function listDeliveryAttempts(db: DbOrTransaction, deliveryIds: readonly string[]): Promise<WebhookAttemptsTable[]> {
  if (deliveryIds.length === 0) return [];
  return db.selectFrom('webhook_attempts')
    .selectAll()
    .where('delivery_id', 'in', deliveryIds)
    .orderBy('delivery_id')
    .orderBy('attempted_at')
    .orderBy('id')
    .execute();
}

/**
 * A new delivery of an existing event to the same webhook, due at once: the same body and event id
 * (receivers deduplicate on it), signed when sent. It has the retry schedule of its own.
 */
export async function insertRedelivery(db: DbOrTransaction, original: { readonly eventId: string; readonly webhookId: string; readonly deliveryId: string }, nowMs: number): Promise<string> {
  const id = randomBase62(22);
  await db.insertInto('webhook_deliveries').values({
    id,
    event_id: original.eventId,
    webhook_id: original.webhookId,
    state: 'pending',
    next_attempt_at: nowMs,
    claim: null,
    claimed_until: null,
    last_status: null,
    created_at: nowMs,
    finished_at: null,
    redelivery_of: original.deliveryId,
  }).execute();
  return id;
}

export interface SentTest {
  readonly event: WebhookEventsTable;
  readonly webhookId: string;
  readonly deliveryId: string;
  readonly attempt: Omit<WebhookAttemptsTable, 'id' | 'delivery_id'>;
  readonly delivered: boolean;
}

/**
 * A test event already sent: its event, its one finished delivery and the attempt, in one
 * transaction, so the log shows it like any other. It is written after the attempt, so an instance
 * that stops mid-attempt leaves no test behind to be sent again.
 */
export async function insertSentTest(db: DbOrTransaction, test: SentTest): Promise<void> {
  await db.insertInto('webhook_events').values(test.event).execute();
  await db.insertInto('webhook_deliveries').values({
    id: test.deliveryId,
    event_id: test.event.id,
    webhook_id: test.webhookId,
    state: test.delivered ? 'delivered' : 'failed',
    attempts: 1,
    next_attempt_at: null,
    claim: null,
    claimed_until: null,
    last_status: test.attempt.status,
    created_at: test.event.created_at,
    finished_at: test.attempt.attempted_at + test.attempt.duration_ms,
  }).execute();
  await insertWebhookAttempt(db, { delivery_id: test.deliveryId, ...test.attempt });
}
