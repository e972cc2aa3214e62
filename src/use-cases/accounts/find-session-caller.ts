import { hashSecret } from '../../domain/accounts/hash-secret.ts';
import { findSessionAccountId } from '../../storage/repositories/sessions-repository.ts';
import type { AccountCaller } from '../caller.ts';
import type { UseCaseDb } from '../use-case-db.ts';
import { loadAccountCaller } from './load-account-caller.ts';

/**
 * The account of a session id that has not expired at `now`, or undefined. Sessions are stored as
 * the hash of their id; the caller keeps that hash so logout and login rotation can delete the
 * session without the id.
 */
export async function findSessionCaller(db: UseCaseDb, sessionId: string, now: number): Promise<AccountCaller | undefined> {
  const idHash = hashSecret(sessionId);
  const accountId = await findSessionAccountId(db, idHash, now);
  return accountId === undefined ? undefined : loadAccountCaller(db, accountId, 'session', idHash);
}
