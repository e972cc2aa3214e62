import type { DbOrTransaction } from '../db-or-transaction.ts';
import type { EmailTokenPurpose } from '../tables.ts';

export async function insertEmailToken(
  db: DbOrTransaction,
  token: { tokenHash: string; accountId: string; purpose: EmailTokenPurpose; createdAt: number; expiresAt: number },
): Promise<void> {
  await db
    .insertInto('email_tokens')
    .values({
      token_hash: token.tokenHash,
      account_id: token.accountId,
      purpose: token.purpose,
      created_at: token.createdAt,
      expires_at: token.expiresAt,
    })
    .execute();
}

/**
 * Uses the token once: one UPDATE marks it used only if it is unused, unexpired and of this
 * purpose, and returns its account. Two clicks racing on one link cannot both succeed.
 */
export async function consumeEmailToken(
  db: DbOrTransaction,
  tokenHash: string,
  purpose: EmailTokenPurpose,
  now: number,
): Promise<string | undefined> {
  const row = await db
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('account_id')
    .executeTakeFirst();
  return row?.account_id;
}

/** Voids the account's outstanding tokens of a purpose (a new link replaces the old ones). */
export async function deleteEmailTokens(db: DbOrTransaction, accountId: string, purpose: EmailTokenPurpose): Promise<void> {
  await db.deleteFrom('email_tokens').where('account_id', '=', accountId).where('purpose', '=', purpose).execute();
}

/** Removes tokens that expired before `now`; returns how many. */
export async function deleteExpiredEmailTokens(db: DbOrTransaction, now: number): Promise<number> {
  const result = await db.deleteFrom('email_tokens').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
