import { randomUUID } from 'node:crypto';
import { passwordProblem } from '../../domain/accounts/check-password-rules.ts';
import { hashPassword } from '../../domain/accounts/hash-password.ts';
import { normalizeEmail } from '../../domain/accounts/normalize-email.ts';
import { AppError } from '../../errors/app-error.ts';
import { insertAccount } from '../../storage/repositories/accounts-repository.ts';
import type { AccountDeps } from './account-deps.ts';
import { issueEmailToken } from './issue-email-token.ts';
import { sendAccountMail } from './send-account-mail.ts';

/** The one answer to every well-formed registration, taken address or not (D17). */
export const REGISTERED_MESSAGE = 'Check your e-mail: we sent a link to confirm the address. It is valid for 24 hours.';

/**
 * Creates the account and mails a verification link — or, when the address already has an account,
 * mails its owner instead. The caller sees the same answer and about the same time either way: the
 * password is hashed in both cases and one e-mail is sent in both cases.
 */
export async function registerAccount(deps: AccountDeps, input: { email: unknown; password: unknown }, now: number): Promise<void> {
  const email = readEmail(input.email);
  const problem = passwordProblem(input.password);
  if (problem !== undefined) throw new AppError('validation_error', problem);
  const passwordHash = await hashPassword(input.password as string);

  const id = randomUUID();
  const created = await insertAccount(deps.db, { id, email, passwordHash, createdAt: now });
  // The mails are not awaited: a slow mail server must not slow sign-up, and the answer must not
  // wait longer for one kind of address than for the other. sendAccountMail never rejects.
  if (created) {
    const { link, validForS } = await issueEmailToken(deps, id, 'verify', now);
    void sendAccountMail(deps, { kind: 'verify-address', to: email, link, validForS });
  } else {
    void sendAccountMail(deps, {
      kind: 'registration-attempt',
      to: email,
      loginUrl: `${deps.publicUrl}/login`,
      resetRequestUrl: `${deps.publicUrl}/forgot-password`,
    });
  }
}

export function readEmail(raw: unknown): string {
  const result = normalizeEmail(raw);
  if (!result.ok) throw new AppError('validation_error', result.message);
  return result.email;
}
