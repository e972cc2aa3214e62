import type { Kysely } from 'kysely';

// Migrations take Kysely<unknown>, not Kysely<Tables>: they must keep compiling as Tables moves on.

/** Hit counters of fixed windows, for throttling login, registration and mail-sending actions. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('throttle_counters')
    .addColumn('key', 'text', (column) => column.notNull())
    // Unix second the window starts at; windows are aligned to the epoch, so every instance agrees.
    .addColumn('window_start', 'bigint', (column) => column.notNull())
    .addColumn('count', 'integer', (column) => column.notNull())
    // The upsert in incrementCounter targets exactly this key (ON CONFLICT (key, window_start)).
    .addPrimaryKeyConstraint('throttle_counters_pkey', ['key', 'window_start'])
    .execute();
  // The sweep deletes by window_start alone, which the primary key (key first) cannot serve.
  await db.schema.createIndex('throttle_counters_window_start_idx').on('throttle_counters').column('window_start').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('throttle_counters').execute();
}
