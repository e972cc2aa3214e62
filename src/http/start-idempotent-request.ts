import type { FastifyReply, FastifyRequest } from 'fastify';
import { checkIdempotencyKey } from '../domain/idempotency/check-idempotency-key.ts';
import { fingerprintRequest } from '../domain/idempotency/fingerprint-request.ts';
import type { Caller } from '../use-cases/caller.ts';
import type { IdempotencyStore } from '../use-cases/idempotency/idempotency-store.ts';
import type { IdempotencyTie } from '../use-cases/idempotency/kept-generation.ts';
import { sendKeptResponse, type IdempotentReplies } from './idempotent-replies.ts';

export interface IdempotentRequestDeps {
  readonly idempotency: IdempotencyStore;
  readonly replies: IdempotentReplies;
}

/**
 * How a request under D23 goes on: its first answer was replayed (the reply has been sent), or it
 * runs, holding its key when it has one (`tie`, which its generation writes itself into). (Not the
 * reply: a FastifyReply is thenable, and an async function returning it would resolve to undefined
 * once it is sent.)
 */
export type IdempotentStart = { readonly replayed: true } | { readonly replayed: false; readonly tie: IdempotencyTie | undefined };

/**
 * D23 for one request that may carry an Idempotency-Key: without one, nothing happens. With one,
 * either the first answer is replayed (after `beforeReplay` set its headers) or this request
 * holds the key until its own answer is kept. When the request that held the key before died
 * after its generation committed, `tie.resumes` is that generation: the request answers it rather
 * than generating again (issue 20 point 6). `operation` keeps the keys of different endpoints
 * from matching each other's requests.
 */
export async function startIdempotentRequest(
  deps: IdempotentRequestDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  caller: Caller,
  operation: string,
  body: unknown,
  beforeReplay: () => Promise<void>,
): Promise<IdempotentStart> {
  const rawKey = request.headers['idempotency-key'];
  if (rawKey === undefined) return { replayed: false, tie: undefined };
  const key = checkIdempotencyKey(rawKey, headerLines(request.raw.rawHeaders, 'idempotency-key'));
  const scope = caller.kind === 'account' ? `a:${caller.accountId}` : `ip:${caller.ip}`;
  const start = await deps.idempotency.begin(scope, key, fingerprintRequest(operation, body));
  if (start.kind === 'replay') {
    await beforeReplay();
    sendKeptResponse(reply, start.response);
    return { replayed: true };
  }
  deps.replies.hold(request, start.claim, start.resumes !== undefined);
  return { replayed: false, tie: { claim: start.claim, requestId: request.id, resumes: start.resumes } };
}

/** How many header lines named `name` (lower case) the request carried. */
function headerLines(rawHeaders: readonly string[], name: string): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]!.toLowerCase() === name) count += 1;
  return count;
}
