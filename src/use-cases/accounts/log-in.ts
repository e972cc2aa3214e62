import { generateToken } from '../../domain/accounts/generate-token.ts';
import { hashSecret } from '../../domain/accounts/hash-secret.ts';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../../domain/accounts/hash-password.ts';
import { normalizeEmail } from '../../domain/accounts/normalize-email.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Tier } from '../../domain/accounts/tiers.ts';
import { findAccountByEmail } from '../../storage/repositories/accounts-repository.ts';
import { deleteSession, insertSession } from '../../storage/repositories/sessions-repository.ts';
import type { AccountDeps } from './account-deps.ts';

export const INVALID_CREDENTIALS = 'The e-mail address or the password is wrong. Check both, or reset the password.';

/**
 * Checks the password and opens a new session (D18). An unknown address costs the same scrypt
 * work as a wrong password (verified against a dummy hash) and gets the same answer, so neither
 * the message nor the time tells which addresses have accounts. The session presented with the
 * request, if any, is deleted: the id rotates at every login.
 */
export async function logIn(
  deps: AccountDeps,
  input: { email: unknown; password: unknown; previousSessionIdHash?: string | undefined },
  now: number,
  sessionTtlMs: number,
): Promise<{ sessionId: string; email: string; tier: Tier }> {
  const normalized = normalizeEmail(input.email);
  const password = typeof input.password === 'string' && input.password.length <= 1024 ? input.password : '';
  const account = normalized.ok ? await findAccountByEmail(deps.db, normalized.email) : undefined;
  const matches = await verifyPassword(password, account?.password_hash ?? DUMMY_PASSWORD_HASH);
  if (account === undefined || !matches || password === '') {
    throw new AppError('invalid_credentials', INVALID_CREDENTIALS);
  }

  const sessionId = generateToken();
  await deps.db.transaction().execute(async (trx) => {
    if (input.previousSessionIdHash !== undefined) await deleteSession(trx, input.previousSessionIdHash);
    await insertSession(trx, { idHash: hashSecret(sessionId), accountId: account.id, createdAt: now, expiresAt: now + sessionTtlMs });
  });
  return { sessionId, email: account.email, tier: account.tier as Tier };
}
