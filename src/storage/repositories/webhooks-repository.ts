import { sql } from 'kysely';
import type { DbOrTransaction } from '../db-or-transaction.ts';
import type { WebhooksTable } from '../tables.ts';

/** A webhook as listed: everything but its sealed secrets. */
export type WebhookRow = Omit<WebhooksTable, 'secret_ciphertext' | 'previous_secret_ciphertext' | 'failed_events_in_row' | 'previous_secret_expires_at'> & {
  previous_secret_expires_at: number | null;
};

const LISTED = ['id', 'account_id', 'url', 'events', 'secret_hint', 'is_active', 'created_at', 'last_delivery_at', 'last_status', 'previous_secret_expires_at'] as const;

/**
 * Holds the account's row until the transaction ends (PostgreSQL), so two registrations of one
 * account cannot both count 9 webhooks and insert a tenth and an eleventh. SQLite transactions
 * are already serial (BEGIN IMMEDIATE).
 */
export async function lockAccountRow(tx: DbOrTransaction, dialect: 'sqlite' | 'postgres', accountId: string): Promise<void> {
  if (dialect === 'postgres') await tx.selectFrom('accounts').select('id').where('id', '=', accountId).forUpdate().execute();
}

export async function countWebhooks(db: DbOrTransaction, accountId: string): Promise<number> {
  const row = await db.selectFrom('webhooks').select((eb) => eb.fn.countAll<number>().as('count')).where('account_id', '=', accountId).executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertWebhook(db: DbOrTransaction, row: Omit<WebhooksTable, 'failed_events_in_row' | 'previous_secret_ciphertext' | 'previous_secret_expires_at'>): Promise<void> {
  await db.insertInto('webhooks').values(row).execute();
}

/** The account's webhooks, oldest first. */
export async function listWebhooks(db: DbOrTransaction, accountId: string): Promise<WebhookRow[]> {
  return db.selectFrom('webhooks').select(LISTED).where('account_id', '=', accountId).orderBy('created_at').orderBy('id').execute();
}

/** One webhook of this account; another account's is as unknown as one that never existed. */
export async function findWebhook(db: DbOrTransaction, accountId: string, id: string): Promise<WebhookRow | undefined> {
  return db.selectFrom('webhooks').select(LISTED).where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
}

/** Deletes one webhook of this account with its deliveries (cascade); false when there was none. */
export async function deleteWebhook(db: DbOrTransaction, accountId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('webhooks').where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The ids of the account's active webhooks subscribed to `type`. */
export async function findSubscribedWebhookIds(db: DbOrTransaction, accountId: string, type: string): Promise<string[]> {
  const rows = await db.selectFrom('webhooks').select(['id', 'events']).where('account_id', '=', accountId).where('is_active', '=', 1).execute();
  return rows.filter((row) => (JSON.parse(row.events) as string[]).includes(type)).map((row) => row.id);
}

/** How an attempt ended for its event: one more try to come, or the event's final outcome. */
export type AttemptEnd = 'retry' | 'delivered' | 'failed';

/**
 * Every attempt sets last_delivery_at and last_status. A delivered event resets the count of failed
 * events in a row; a failed one adds to it and the tenth deactivates the webhook. The SET
 * expressions read the row's old values on both dialects, so this is one atomic statement.
 */
export async function recordWebhookAttempt(db: DbOrTransaction, id: string, nowMs: number, status: number, end: AttemptEnd, maxFailedInRow: number): Promise<void> {
  await db.updateTable('webhooks')
    .set({ last_delivery_at: nowMs, last_status: status })
    .$if(end === 'delivered', (query) => query.set({ failed_events_in_row: 0 }))
    .$if(end === 'failed', (query) => query.set({
      failed_events_in_row: sql<number>`failed_events_in_row + 1`,
      is_active: sql<number>`case when failed_events_in_row + 1 >= ${maxFailedInRow} then 0 else is_active end`,
    }))
    .where('id', '=', id)
    .execute();
}

export interface RotatedSecret {
  readonly ciphertext: string;
  readonly hint: string;
  /** Unix ms until which the secret being replaced still signs deliveries. */
  readonly previousExpiresAt: number;
}

/**
 * The current secret becomes the previous one, valid until previousExpiresAt, and the new one takes
 * its place, in one statement (SET reads the row's old values on both dialects). A secret replaced
 * earlier, if any, stops signing at once. False when this account has no such webhook.
 */
export async function rotateWebhookSecret(db: DbOrTransaction, accountId: string, id: string, rotated: RotatedSecret): Promise<boolean> {
  const result = await db.updateTable('webhooks')
    .set((eb) => ({
      previous_secret_ciphertext: eb.ref('secret_ciphertext'),
      previous_secret_expires_at: rotated.previousExpiresAt,
      secret_ciphertext: rotated.ciphertext,
      secret_hint: rotated.hint,
    }))
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Active again, with its count of failed events in a row back to 0. False when this account has no such webhook. */
export async function enableWebhook(db: DbOrTransaction, accountId: string, id: string): Promise<boolean> {
  const result = await db.updateTable('webhooks')
    .set({ is_active: 1, failed_events_in_row: 0 })
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The sealed secrets that sign a delivery now: the current one, and the previous one during its overlap. */
export interface WebhookSigning {
  readonly url: string;
  readonly secret_ciphertext: string;
  readonly previous_secret_ciphertext: string | null;
  readonly previous_secret_expires_at: number | null;
}

export async function findWebhookSigning(db: DbOrTransaction, accountId: string, id: string): Promise<WebhookSigning | undefined> {
  return db.selectFrom('webhooks')
    .select(['url', 'secret_ciphertext', 'previous_secret_ciphertext', 'previous_secret_expires_at'])
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

/**
 * Whether this account holds the webhook, keeping its row locked until the transaction ends on
 * PostgreSQL, so a delete cannot pass between this check and an insert that references the row.
 * SQLite transactions are already serial (BEGIN IMMEDIATE).
 */
export async function lockWebhookRow(tx: DbOrTransaction, dialect: 'sqlite' | 'postgres', accountId: string, id: string): Promise<boolean> {
  const row = await tx.selectFrom('webhooks').select('id').where('id', '=', id).where('account_id', '=', accountId)
    .$if(dialect === 'postgres', (query) => query.forUpdate())
    .executeTakeFirst();
  return row !== undefined;
}
