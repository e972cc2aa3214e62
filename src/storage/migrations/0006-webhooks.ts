import type { Kysely } from 'kysely';

// Migrations take Kysely<unknown>, not Kysely<Tables>: they must keep compiling as Tables moves on.

/** Webhooks, their events and one delivery per event and webhook: the durable outbox (D28). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhooks')
    // wh_ + 22 random base62 characters.
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'text', (column) => column.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('url', 'text', (column) => column.notNull())
    // The subscribed event types, JSON array.
    .addColumn('events', 'text', (column) => column.notNull())
    // AES-256-GCM under DATA_ENCRYPTION_KEY with the webhook id as associated data: signing needs
    // the secret itself, so it cannot be hashed like an API key.
    .addColumn('secret_ciphertext', 'text', (column) => column.notNull())
    .addColumn('secret_hint', 'text', (column) => column.notNull())
    // 1 or 0; 0 after 10 events in a row failed every attempt.
    .addColumn('is_active', 'integer', (column) => column.notNull())
    .addColumn('failed_events_in_row', 'integer', (column) => column.notNull().defaultTo(0))
    // Unix ms.
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('last_delivery_at', 'bigint')
    // HTTP status of the last attempt, 0 when there was no HTTP answer.
    .addColumn('last_status', 'integer')
    .execute();
  await db.schema.createIndex('webhooks_account_id_idx').on('webhooks').column('account_id').execute();

  await db.schema
    .createTable('webhook_events')
    // evt_ + 22 random base62 characters; X-Service-Delivery.
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'text', (column) => column.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('type', 'text', (column) => column.notNull())
    // The exact bytes every attempt sends (UTF-8 JSON); null only while a batch's event is held
    // until its results are known.
    .addColumn('body', 'text')
    // Unix ms.
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('webhook_events_account_id_idx').on('webhook_events').column('account_id').execute();

  await db.schema
    .createTable('webhook_deliveries')
    // Random, so a claim can name the rows it took.
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('event_id', 'text', (column) => column.notNull().references('webhook_events.id').onDelete('cascade'))
    .addColumn('webhook_id', 'text', (column) => column.notNull().references('webhooks.id').onDelete('cascade'))
    // held (its generation has not answered yet), pending, delivered, failed or cancelled.
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    // Unix ms the next attempt is due; null unless pending.
    .addColumn('next_attempt_at', 'bigint')
    // The claim of the instance sending it, and until when that claim holds (Unix ms).
    .addColumn('claim', 'text')
    .addColumn('claimed_until', 'bigint')
    .addColumn('last_status', 'integer')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  // The worker's claim: pending rows by due time.
  await db.schema.createIndex('webhook_deliveries_due_idx').on('webhook_deliveries').columns(['state', 'next_attempt_at']).execute();
  await db.schema.createIndex('webhook_deliveries_event_id_idx').on('webhook_deliveries').column('event_id').execute();
  await db.schema.createIndex('webhook_deliveries_webhook_id_idx').on('webhook_deliveries').column('webhook_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_events').execute();
  await db.schema.dropTable('webhooks').execute();
}
