import type { DbOrTransaction } from '../db-or-transaction.ts';

/** The sealed check value of a server secret, if one was stored. */
export async function findSecretCheck(db: DbOrTransaction, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('secret_checks').select('sealed').where('name', '=', name).executeTakeFirst();
  return row?.sealed;
}

/**
 * Stores the check value unless one exists (INSERT … ON CONFLICT DO NOTHING), so of several
 * instances starting at once exactly one value wins; each then reads back the winner.
 */
export async function insertSecretCheckIfAbsent(db: DbOrTransaction, name: string, sealed: string, nowMs: number): Promise<void> {
  await db.insertInto('secret_checks').values({ name, sealed, created_at: nowMs }).onConflict((conflict) => conflict.column('name').doNothing()).execute();
}

/**
 * One value sealed with DATA_ENCRYPTION_KEY before check values existed, with the associated data
 * it was sealed with: the newest API key (account id), else the newest webhook secret (webhook id).
 */
export async function findNewestSealedSecret(db: DbOrTransaction): Promise<{ sealed: string; associatedData: string } | undefined> {
  const key = await db.selectFrom('api_keys').select(['key_ciphertext', 'account_id']).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  if (key !== undefined) return { sealed: key.key_ciphertext, associatedData: key.account_id };
  const webhook = await db.selectFrom('webhooks').select(['secret_ciphertext', 'id']).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  return webhook === undefined ? undefined : { sealed: webhook.secret_ciphertext, associatedData: webhook.id };
}
