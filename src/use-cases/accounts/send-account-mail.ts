import { renderAccountMail, type AccountMail } from '../../mail/render-account-mail.ts';
import type { AccountDeps } from './account-deps.ts';

/**
 * Sends one account e-mail after the database work has committed. A failure is reported, not
 * thrown: the account state is already right, the answer must not differ between a taken and a
 * free address (D17), and the user can ask for the link again.
 */
export async function sendAccountMail(deps: AccountDeps, mail: AccountMail): Promise<void> {
  try {
    await deps.mailer.send(renderAccountMail(mail));
  } catch (error) {
    deps.onMailError(error, mail.kind);
  }
}
