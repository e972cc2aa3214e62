import type { DbOrTransaction } from '../db-or-transaction.ts';

/**
 * Stores the account's key, replacing any previous one in the same statement: from the moment it
 * commits, the old key's hash is gone and the old key is refused.
 */
export async function replaceApiKey(
  db: DbOrTransaction,
  key: { accountId: string; keyHash: string; keyCiphertext: string; createdAt: number },
): Promise<void> {
  await db
    .insertInto('api_keys')
    .values({ account_id: key.accountId, key_hash: key.keyHash, key_ciphertext: key.keyCiphertext, created_at: key.createdAt })
    .onConflict((conflict) =>
      conflict.column('account_id').doUpdateSet({ key_hash: key.keyHash, key_ciphertext: key.keyCiphertext, created_at: key.createdAt }),
    )
    .execute();
}

/** The account holding the key with this hash, if any. */
export async function findAccountIdByApiKeyHash(db: DbOrTransaction, keyHash: string): Promise<string | undefined> {
  const row = await db.selectFrom('api_keys').select('account_id').where('key_hash', '=', keyHash).executeTakeFirst();
  return row?.account_id;
}

/** The sealed key of the account, to show it again in /api/auth/me. */
export async function findApiKeyCiphertext(db: DbOrTransaction, accountId: string): Promise<string | undefined> {
  const row = await db.selectFrom('api_keys').select('key_ciphertext').where('account_id', '=', accountId).executeTakeFirst();
  return row?.key_ciphertext;
}

/** Revokes the account's key; returns false when it had none. */
export async function deleteApiKey(db: DbOrTransaction, accountId: string): Promise<boolean> {
  const result = await db.deleteFrom('api_keys').where('account_id', '=', accountId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
