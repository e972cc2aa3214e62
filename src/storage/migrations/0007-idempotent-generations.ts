import type { Kysely } from 'kysely';

// Migrations take Kysely<unknown>, not Kysely<Tables>: they must keep compiling as Tables moves on.

/**
 * Ties an Idempotency-Key to the generation it made: the generation's own transaction writes what
 * is needed to answer it again, so a retry after the instance died between the commit and the
 * answer replays that generation instead of making a second one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('idempotency_records')
    // JSON (kept-generation.ts): the committed generation, null until it commits or once withdrawn.
    .addColumn('generation', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_records').dropColumn('generation').execute();
}
