import type { Kysely } from 'kysely';

// Migrations take Kysely<unknown>, not Kysely<Tables>: they must keep compiling as Tables moves on.

/** The per-scope, per-year counter behind gap-free invoice numbers. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invoice_sequences')
    .addColumn('scope', 'text', (column) => column.notNull())
    .addColumn('year', 'integer', (column) => column.notNull())
    .addColumn('last_value', 'integer', (column) => column.notNull())
    // The upsert in nextInvoiceSequence targets exactly this key (ON CONFLICT (scope, year)).
    .addPrimaryKeyConstraint('invoice_sequences_pkey', ['scope', 'year'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invoice_sequences').execute();
}
