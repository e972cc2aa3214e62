import type { Kysely } from 'kysely';

// Migrations take Kysely<unknown>, not Kysely<Tables>: they must keep compiling as Tables moves on.

/**
 * A snapshot keeps the request it was computed from, so the documents behind its link are made
 * again by the engine rather than read back from the answer's numbers. Rows stored before have
 * none (hosted-invoice-reader.ts says what they do).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('hosted_invoices').addColumn('request', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('hosted_invoices').dropColumn('request').execute();
}
