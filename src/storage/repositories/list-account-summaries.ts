import type { DbOrTransaction } from '../db-or-transaction.ts';

/** What an operator may see of an account: no password hash, no key material. */
export interface AccountSummary {
  readonly email: string;
  readonly tier: string;
  readonly verified: boolean;
  readonly hasKey: boolean;
  /** Unix ms. */
  readonly createdAt: number;
}

/**
 * Every account with whether it has an API key, oldest first, for the admin command's list. Only
 * the key's account_id is read from api_keys, so no key, hash or ciphertext leaves the database.
 */
export async function listAccountSummaries(db: DbOrTransaction): Promise<AccountSummary[]> {
  const rows = await db
    .selectFrom('accounts')
    .leftJoin('api_keys', 'api_keys.account_id', 'accounts.id')
    .select(['accounts.email', 'accounts.tier', 'accounts.email_verified_at', 'accounts.created_at', 'api_keys.account_id as key_owner'])
    .orderBy('accounts.created_at')
    .orderBy('accounts.id')
    .execute();
  return rows.map((row) => ({
    email: row.email,
    tier: row.tier,
    verified: row.email_verified_at !== null,
    hasKey: row.key_owner !== null,
    createdAt: row.created_at,
  }));
}
