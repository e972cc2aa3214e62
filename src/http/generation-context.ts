import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GenerationContext } from '../use-cases/invoices/generation-context.ts';
import type { KeyHeldListener, SentIdempotencyKey } from '../use-cases/idempotency/start-keyed-generation.ts';
import type { WindowsListener } from '../use-cases/limits/admit-generations.ts';
import type { IdempotentReplies } from './idempotent-replies.ts';
import { setRateLimitHeaders } from './rate-limit-headers.ts';

/**
 * The X-RateLimit-* headers (and Retry-After on a refusal) of whatever this reply answers: set as
 * soon as the generation consulted the windows, so an error answer carries them too (docs/limits.md).
 */
export function windowsHeaders(reply: FastifyReply): WindowsListener {
  return (windows, retryAfterS) => {
    setRateLimitHeaders(reply, windows);
    if (retryAfterS !== undefined) reply.header('retry-after', String(retryAfterS));
  };
}

/** Keeps this request's answer under its Idempotency-Key once it holds the key (idempotent-replies.ts). */
function keyHolder(replies: IdempotentReplies, request: FastifyRequest): KeyHeldListener {
  return (claim, resumed) => replies.hold(request, claim, resumed);
}

/**
 * The Idempotency-Key header as sent, with how many header lines carried it: Node joins repeated
 * lines into one value ("a, b"), so only the raw headers tell two keys from one key with a comma.
 */
function sentIdempotencyKey(request: FastifyRequest): SentIdempotencyKey | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  const raw = request.raw.rawHeaders;
  let headerLines = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === 'idempotency-key') headerLines += 1;
  return { value, headerLines };
}

/** A generation request's context from the HTTP request: its id, key, log, and where its headers go. */
export function generationContext(request: FastifyRequest, reply: FastifyReply, replies: IdempotentReplies, nowMs: number): GenerationContext {
  return {
    nowMs,
    requestId: request.id,
    idempotencyKey: sentIdempotencyKey(request),
    log: request.log,
    onWindows: windowsHeaders(reply),
    onKeyHeld: keyHolder(replies, request),
  };
}
