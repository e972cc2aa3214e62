import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isKeptStatus, REPLAYED_HEADERS } from '../domain/idempotency/is-kept-status.ts';
import type { IdempotencyClaim } from '../use-cases/idempotency/idempotency-claim.ts';
import type { IdempotencyStore, KeptResponse } from '../use-cases/idempotency/idempotency-store.ts';

/** Ties a request to its claim on an Idempotency-Key until its response is known. */
export interface IdempotentReplies {
  /**
   * Marks request as the first one under claim: its response will be kept or the key released.
   * `resumed`: it answers a generation an earlier request under the key committed, so its
   * answer is marked as a replay, which it is in substance.
   */
  hold(request: FastifyRequest, claim: IdempotencyClaim, resumed?: boolean): void;
}

/**
 * Installs, in the calling plugin's scope, the hook that keeps first responses (D23). It runs in
 * onSend, where the bytes exist: the JSON already serialised, the PDF as produced, an error body
 * as the error handler wrote it. The response waits for the record to be written, so a repeat
 * sent the moment the answer arrives finds it. If writing fails the answer still goes out; the
 * claim then lapses with its lease, and a later repeat answers the generation the request
 * committed, or runs afresh when it committed none.
 */
export function installIdempotentReplies(app: FastifyInstance, store: IdempotencyStore): IdempotentReplies {
  const held = new WeakMap<FastifyRequest, { readonly claim: IdempotencyClaim; readonly resumed: boolean }>();

  // Callback style: requests without a key (nearly all) pass without a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const holding = held.get(request);
    if (holding === undefined) {
      done(null, payload);
      return;
    }
    held.delete(request);
    if (holding.resumed && isKeptStatus(reply.statusCode)) reply.header('idempotent-replayed', 'true');
    settle(store, holding.claim, reply, payload).then(
      () => done(null, payload),
      (error: unknown) => {
        request.log.warn({ err: error }, 'idempotency record not written');
        done(null, payload);
      },
    );
  });

  return { hold: (request, claim, resumed = false) => held.set(request, { claim, resumed }) };
}

function settle(store: IdempotencyStore, claim: IdempotencyClaim, reply: FastifyReply, payload: unknown): Promise<void> {
  const status = reply.statusCode;
  const body = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : Buffer.isBuffer(payload) ? payload : undefined;
  if (!isKeptStatus(status) || body === undefined) return store.release(claim);
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  return store.complete(claim, { status, headers, body });
}

/** Sends a kept response again: its status, content headers and exact bytes. */
export function sendKeptResponse(reply: FastifyReply, kept: KeptResponse): FastifyReply {
  reply.code(kept.status);
  for (const [name, value] of Object.entries(kept.headers)) reply.header(name, value);
  return reply.header('idempotent-replayed', 'true').send(kept.body);
}
