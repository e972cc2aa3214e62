import type { FastifyReply, FastifyRequest } from 'fastify';
import { checkIdempotencyKey } from '../domain/idempotency/check-idempotency-key.ts';
import { fingerprintRequest } from '../domain/idempotency/fingerprint-request.ts';
import type { Caller } from '../use-cases/caller.ts';
import type { IdempotencyStore } from '../use-cases/idempotency/idempotency-store.ts';
import { sendKeptResponse, type IdempotentReplies } from './idempotent-replies.ts';

export interface IdempotentRequestDeps {
  readonly idempotency: IdempotencyStore;
  readonly replies: IdempotentReplies;
}

/**
 * D23 for one request that may carry an Idempotency-Key: without one, nothing happens. With one,
 * either the first answer is replayed (true: the reply has been sent, after `beforeReplay` set
 * its headers) or this request holds the key until its own answer is kept (false). `operation`
 * keeps the keys of different endpoints from matching each other's requests. (A boolean, not
 * the reply: a FastifyReply is thenable, and an async function returning it would resolve to
 * undefined once it is sent.)
 */
export async function startIdempotentRequest(
  deps: IdempotentRequestDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  caller: Caller,
  operation: string,
  body: unknown,
  beforeReplay: () => Promise<void>,
): Promise<boolean> {
  const rawKey = request.headers['idempotency-key'];
  if (rawKey === undefined) return false;
  const key = checkIdempotencyKey(rawKey, headerLines(request.raw.rawHeaders, 'idempotency-key'));
  const scope = caller.kind === 'account' ? `a:${caller.accountId}` : `ip:${caller.ip}`;
  const start = await deps.idempotency.begin(scope, key, fingerprintRequest(operation, body));
  if (start.kind === 'replay') {
    await beforeReplay();
    sendKeptResponse(reply, start.response);
    return true;
  }
  deps.replies.hold(request, start.claim);
  return false;
}

/** How many header lines named `name` (lower case) the request carried. */
function headerLines(rawHeaders: readonly string[], name: string): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]!.toLowerCase() === name) count += 1;
  return count;
}
