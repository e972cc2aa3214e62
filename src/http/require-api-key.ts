import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import type { AccountCaller } from '../use-cases/caller.ts';
import { resolveCaller, type CallerResolverDeps } from './resolve-caller.ts';

/**
 * Spec Authentication rule 1: batch and webhook endpoints take an API key, not a session, and
 * never an anonymous caller (401 auth_required; an unknown key is 401 invalid_api_key). Refused
 * before any lookup when no key is sent.
 */
export async function requireApiKey(request: FastifyRequest, deps: CallerResolverDeps, now: number, endpoint: string): Promise<AccountCaller> {
  const refuse = () => new AppError('auth_required', `${endpoint} needs an API key (spec Authentication rule 1): send Authorization: Bearer <API key>. A signed-in browser session is not accepted here.`, { status: 401 });
  if (request.headers.authorization === undefined) throw refuse();
  const caller = await resolveCaller(request, deps, now);
  if (caller.kind !== 'account' || caller.via !== 'api_key') throw refuse();
  return caller;
}
