import { hashSecret } from '../../domain/accounts/hash-secret.ts';
import { passwordProblem } from '../../domain/accounts/check-password-rules.ts';
import { hashPassword } from '../../domain/accounts/hash-password.ts';
import { AppError } from '../../errors/app-error.ts';
import { findAccountByEmail, findAccountById, markEmailVerified, setPasswordHash } from '../../storage/repositories/accounts-repository.ts';
import { consumeEmailToken } from '../../storage/repositories/email-tokens-repository.ts';
import { deleteSessionsOfAccount } from '../../storage/repositories/sessions-repository.ts';
import type { AccountDeps } from './account-deps.ts';
import { issueEmailToken } from './issue-email-token.ts';
import { readEmail } from './register-account.ts';
import { sendAccountMail } from './send-account-mail.ts';

/**
 * The answer to every resend or reset request, whether or not a mail went out, so it tells nobody
 * which addresses have accounts (D17).
 */
export const LINK_SENT_MESSAGE = 'If that address has an account that needs it, a new link is on its way.';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Sends a fresh verification link to an unverified account; silently nothing otherwise. */
export async function resendVerification(deps: AccountDeps, target: { accountId: string } | { email: unknown }, now: number): Promise<void> {
  const account = 'accountId' in target
    ? await findAccountById(deps.db, target.accountId)
    : await findAccountByEmail(deps.db, readEmail(target.email));
  if (account === undefined || account.email_verified_at !== null) return;
  const { link, validForS } = await issueEmailToken(deps, account.id, 'verify', now);
  void sendAccountMail(deps, { kind: 'verify-address', to: account.email, link, validForS }); // not awaited: see requestPasswordReset
}

/** Follows a verification link: true when it was valid, unused and unexpired (then spent). */
export async function verifyEmail(deps: AccountDeps, token: unknown, now: number): Promise<boolean> {
  if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return false;
  return deps.db.transaction().execute(async (trx) => {
    const accountId = await consumeEmailToken(trx, hashSecret(token), 'verify', now);
    if (accountId === undefined) return false;
    await markEmailVerified(trx, accountId, now);
    return true;
  });
}

/** Mails a password-reset link when the address has an account; silently nothing otherwise. */
export async function requestPasswordReset(deps: AccountDeps, email: unknown, now: number): Promise<void> {
  const account = await findAccountByEmail(deps.db, readEmail(email));
  if (account === undefined) return;
  const { link, validForS } = await issueEmailToken(deps, account.id, 'reset', now);
  // Not awaited: only an address with an account waits for the mail server, so awaiting would
  // tell by the response time (≈110 ms against ≈1 ms on loopback) which addresses have accounts.
  // sendAccountMail never rejects; a failure is reported through onMailError.
  void sendAccountMail(deps, { kind: 'reset-password', to: account.email, link, validForS });
}

/**
 * Sets a new password with a reset token, spends the token and signs the account out everywhere
 * (a reset usually means the old password is not safe). Following the link also proves the
 * address, so it counts as verification.
 */
export async function resetPassword(deps: AccountDeps, input: { token: unknown; password: unknown }, now: number): Promise<void> {
  const problem = passwordProblem(input.password);
  if (problem !== undefined) throw new AppError('validation_error', problem);
  const invalid = new AppError('validation_error', 'token is invalid, used or expired: ask for a new reset link with POST /api/auth/forgot-password.');
  if (typeof input.token !== 'string' || !TOKEN_SHAPE.test(input.token)) throw invalid;
  const passwordHash = await hashPassword(input.password as string);
  const tokenHash = hashSecret(input.token);
  await deps.db.transaction().execute(async (trx) => {
    const accountId = await consumeEmailToken(trx, tokenHash, 'reset', now);
    if (accountId === undefined) throw invalid;
    await setPasswordHash(trx, accountId, passwordHash);
    await markEmailVerified(trx, accountId, now);
    await deleteSessionsOfAccount(trx, accountId);
  });
}
