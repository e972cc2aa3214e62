import type { DbOrTransaction } from '../db-or-transaction.ts';

export async function insertSession(
  db: DbOrTransaction,
  session: { idHash: string; accountId: string; createdAt: number; expiresAt: number },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ id_hash: session.idHash, account_id: session.accountId, created_at: session.createdAt, expires_at: session.expiresAt })
    .execute();
}

/** The account of a session that has not expired at `now`; an expired one counts as absent. */
export async function findSessionAccountId(db: DbOrTransaction, idHash: string, now: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select('account_id')
    .where('id_hash', '=', idHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.account_id;
}

export async function deleteSession(db: DbOrTransaction, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}

/** Signs the account out everywhere (password reset). */
export async function deleteSessionsOfAccount(db: DbOrTransaction, accountId: string): Promise<void> {
  await db.deleteFrom('sessions').where('account_id', '=', accountId).execute();
}

/** Removes sessions that expired before `now`; returns how many. */
export async function deleteExpiredSessions(db: DbOrTransaction, now: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
