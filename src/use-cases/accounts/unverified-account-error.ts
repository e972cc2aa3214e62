import { AppError } from '../../errors/app-error.ts';

/**
 * The refusal of anything an account alone may do while its e-mail address is unconfirmed. One
 * message for every route, so each names the way out (a new link) rather than a dead end. `what` is
 * the refused thing as the caller asked for it ("POST /api/batch", 'output "pdf"').
 */
export function unverifiedAccountError(what: string): AppError {
  return new AppError(
    'unverified_account',
    `${what} needs a confirmed e-mail address; until it is confirmed, the account gets JSON totals only, as without an account. `
      + 'Open the link we e-mailed you, or ask for a new one with POST /api/auth/resend-verification (signed in, or with {"email": …}) '
      + 'or with "Send the link again" on the /check-email page.',
  );
}
