import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import { unverifiedAccountError } from '../use-cases/accounts/unverified-account-error.ts';
import type { AccountCaller } from '../use-cases/caller.ts';
import { resolveCaller, sessionCaller, type CallerResolverDeps } from './resolve-caller.ts';

/**
 * Spec Authentication rule 1: batch and webhook endpoints take an API key, not a session, and
 * never an anonymous caller (401 auth_required; an unknown key is 401 invalid_api_key). They are
 * account-only, so an account whose address is not confirmed is 403 unverified_account (D43):
 * by key, and by session too, since "send a key" would send it to a key it cannot create.
 */
export async function requireApiKey(request: FastifyRequest, deps: CallerResolverDeps, now: number, endpoint: string): Promise<AccountCaller> {
  const refuse = () => new AppError('auth_required', `${endpoint} needs an API key (spec Authentication rule 1): send Authorization: Bearer <API key>. A signed-in browser session is not accepted here.`);
  if (request.headers.authorization === undefined) {
    const session = request.headers.cookie === undefined ? undefined : await sessionCaller(request, deps, now);
    if (session !== undefined && !session.verified) throw unverifiedAccountError(endpoint);
    throw refuse();
  }
  const caller = await resolveCaller(request, deps, now);
  if (caller.kind !== 'account' || caller.via !== 'api_key') throw refuse();
  if (!caller.verified) throw unverifiedAccountError(endpoint);
  return caller;
}
