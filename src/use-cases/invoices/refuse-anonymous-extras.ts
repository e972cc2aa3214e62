import { AppError } from '../../errors/app-error.ts';
import type { InvoiceRequest } from '../../domain/invoice/invoice-request-schema.ts';
import type { AnonymousCaller } from '../caller.ts';
import { unverifiedAccountError } from '../accounts/unverified-account-error.ts';

/**
 * Spec Authentication rule 2: anonymous callers get JSON totals only (403 auth_required). An
 * unconfirmed account generating as anonymous (D43) is told to confirm its address instead
 * (403 unverified_account): signing in, which the auth_required message suggests, it has done.
 */
export function refuseAnonymousExtras(request: InvoiceRequest, caller: AnonymousCaller): void {
  const refuse = (what: string, fix: string): AppError => (caller.unverified === true
    ? unverifiedAccountError(what)
    : new AppError('auth_required', `${what} needs an API key or a signed-in session; anonymous callers get JSON totals only. Send Authorization: Bearer <API key>, or ${fix}.`, { variant: 'anonymous_generation' }));
  const output = request.output ?? 'json';
  if (output !== 'json') throw refuse(`output "${output}"`, 'use output "json"');
  for (const feature of ['hosted_link', 'qr'] as const) {
    if (request.features?.[feature] === true) throw refuse(`features.${feature}`, `set features.${feature} to false`);
  }
}
