import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import type { Caller } from '../use-cases/caller.ts';

/**
 * Caller resolution used by every route: API key, else session, else anonymous by client IP.
 * No account can exist yet, so any credential presented is unknown (spec Authentication rule 3:
 * 401 invalid_api_key) rather than silently ignored — a client that sends a key must never get
 * anonymous treatment without noticing. Accounts replace this body.
 */
export function resolveCaller(request: FastifyRequest): Caller {
  if (request.headers.authorization !== undefined) {
    throw new AppError('invalid_api_key', 'The API key is unknown or revoked: check the Authorization: Bearer inv_… header, or generate a new key.');
  }
  return { kind: 'anonymous', ip: request.ip };
}
