import type { Kysely } from 'kysely';

// Migrations take Kysely<unknown>, not Kysely<Tables>: they must keep compiling as Tables moves on.

/**
 * Webhooks their owners can operate. Each attempt becomes a row (the delivery log), a delivery may
 * be a redelivery of another, and a rotated secret stays valid beside the new one for 24 hours.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_attempts')
    // Random base62; never shown.
    .addColumn('id', 'text', (column) => column.primaryKey())
    // Kept as long as its delivery: the sweep's 7 days after it finished.
    .addColumn('delivery_id', 'text', (column) => column.notNull().references('webhook_deliveries.id').onDelete('cascade'))
    // Unix ms the request was started.
    .addColumn('attempted_at', 'bigint', (column) => column.notNull())
    // HTTP status, 0 when there was no HTTP answer.
    .addColumn('status', 'integer', (column) => column.notNull())
    .addColumn('duration_ms', 'integer', (column) => column.notNull())
    // Why there was no HTTP answer: timeout, dns, tls, connection, non_public_address, invalid_url.
    .addColumn('failure', 'text')
    // The first 1 KB of the receiver's answer, decoded as UTF-8 (NUL replaced); null when none.
    .addColumn('response_excerpt', 'text')
    .execute();
  await db.schema.createIndex('webhook_attempts_delivery_id_idx').on('webhook_attempts').columns(['delivery_id', 'attempted_at']).execute();

  // The delivery this one sends again (POST …/redeliver); null for the event's own delivery.
  await db.schema.alterTable('webhook_deliveries').addColumn('redelivery_of', 'text').execute();
  // The delivery log: one webhook's deliveries, newest first.
  await db.schema.createIndex('webhook_deliveries_log_idx').on('webhook_deliveries').columns(['webhook_id', 'created_at', 'id']).execute();

  // The secret before the last rotation, sealed like the current one, and until when (Unix ms)
  // deliveries are also signed with it.
  await db.schema.alterTable('webhooks').addColumn('previous_secret_ciphertext', 'text').execute();
  await db.schema.alterTable('webhooks').addColumn('previous_secret_expires_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhooks').dropColumn('previous_secret_expires_at').execute();
  await db.schema.alterTable('webhooks').dropColumn('previous_secret_ciphertext').execute();
  await db.schema.dropIndex('webhook_deliveries_log_idx').execute();
  await db.schema.alterTable('webhook_deliveries').dropColumn('redelivery_of').execute();
  await db.schema.dropTable('webhook_attempts').execute();
}
