import type { Kysely } from 'kysely';

// Migrations take Kysely<unknown>, not Kysely<Tables>: they must keep compiling as Tables moves on.

/**
 * Every claim counts the attempts in flight per webhook and per account from the live leases
 * (pick-fair-deliveries.ts), so receivers that never answer cannot hold every slot; this index
 * finds them without reading the pending backlog a hanging receiver piles up.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('webhook_deliveries_claimed_until_idx').on('webhook_deliveries').column('claimed_until').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('webhook_deliveries_claimed_until_idx').execute();
}
