import type { Kysely } from 'kysely';

// Migrations take Kysely<unknown>, not Kysely<Tables>: they must keep compiling as Tables moves on.

/** Burst windows, monthly metering and idempotency records (D20–D23). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('burst_counters')
    // "a:<account id>" or "ip:<address or /64>"; one row per subject holds both windows, so one
    // conditional upsert admits into both or neither (database-burst-limiter.ts).
    .addColumn('subject', 'text', (column) => column.primaryKey())
    // Unix seconds the current hour and ISO week started at; a row of an older window counts as 0.
    .addColumn('hour_start', 'bigint', (column) => column.notNull())
    .addColumn('hour_count', 'integer', (column) => column.notNull())
    .addColumn('week_start', 'bigint', (column) => column.notNull())
    .addColumn('week_count', 'integer', (column) => column.notNull())
    .execute();
  // The sweep deletes rows whose week has ended.
  await db.schema.createIndex('burst_counters_week_start_idx').on('burst_counters').column('week_start').execute();

  await db.schema
    .createTable('monthly_usage')
    .addColumn('account_id', 'text', (column) => column.notNull().references('accounts.id').onDelete('cascade'))
    // Unix second of the 1st of the month, 00:00 UTC.
    .addColumn('month_start', 'bigint', (column) => column.notNull())
    // Tenths of a document, so ten JSON answers make exactly one (D21).
    .addColumn('document_tenths', 'integer', (column) => column.notNull())
    .addColumn('pdfs', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('monthly_usage_pkey', ['account_id', 'month_start'])
    .execute();

  await db.schema
    .createTable('idempotency_records')
    // "a:<account id>" or "ip:<address>": a key is the caller's own.
    .addColumn('scope', 'text', (column) => column.notNull())
    .addColumn('key', 'text', (column) => column.notNull())
    // SHA-256 of the operation and the request, to tell a repeat from a different request.
    .addColumn('fingerprint', 'text', (column) => column.notNull())
    // Random per claim: only the request that claimed the key may complete or release it.
    .addColumn('claim', 'text', (column) => column.notNull())
    // pending while the first request runs; done once its response is kept.
    .addColumn('state', 'text', (column) => column.notNull())
    // Unix ms after which a pending claim is taken to be abandoned (its process died).
    .addColumn('lease_until', 'bigint', (column) => column.notNull())
    .addColumn('status', 'integer')
    // JSON object of the content headers to replay.
    .addColumn('headers', 'text')
    // "bytea": PostgreSQL's binary type. SQLite accepts the name and stores the bytes as a BLOB
    // (a declared type without INT, CHAR, TEXT, BLOB or REAL keeps blobs as they are).
    .addColumn('body', 'bytea')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    // created_at + 24 h; the sweep deletes by it.
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('idempotency_records_pkey', ['scope', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_records_expires_at_idx').on('idempotency_records').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_records').execute();
  await db.schema.dropTable('monthly_usage').execute();
  await db.schema.dropTable('burst_counters').execute();
}
