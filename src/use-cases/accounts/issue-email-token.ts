import { generateToken } from '../../domain/accounts/generate-token.ts';
import { hashSecret } from '../../domain/accounts/hash-secret.ts';
import { deleteEmailTokens, insertEmailToken } from '../../storage/repositories/email-tokens-repository.ts';
import type { EmailTokenPurpose } from '../../storage/tables.ts';
import { RESET_TOKEN_TTL_MS, VERIFY_TOKEN_TTL_MS, type AccountDeps } from './account-deps.ts';

/**
 * A fresh single-use link token for the account; earlier tokens of the same purpose are voided, so
 * only the newest e-mail works. Only the token's hash is stored. Returns the link.
 */
export async function issueEmailToken(
  deps: AccountDeps,
  accountId: string,
  purpose: EmailTokenPurpose,
  now: number,
): Promise<{ link: string; validForS: number }> {
  const token = generateToken();
  const ttlMs = purpose === 'verify' ? VERIFY_TOKEN_TTL_MS : RESET_TOKEN_TTL_MS;
  await deps.db.transaction().execute(async (trx) => {
    await deleteEmailTokens(trx, accountId, purpose);
    await insertEmailToken(trx, { tokenHash: hashSecret(token), accountId, purpose, createdAt: now, expiresAt: now + ttlMs });
  });
  const page = purpose === 'verify' ? '/api/auth/verify' : '/reset-password';
  const link = `${deps.publicUrl}${page}?token=${token}`;
  return { link, validForS: ttlMs / 1000 };
}
