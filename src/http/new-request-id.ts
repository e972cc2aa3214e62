import { takeRandomBase64Url } from '../lib/random-bytes-pool.ts';

/**
 * A request's id (`req_` and 16 base64url characters), sent as X-Request-Id and logged with the
 * request. Ours, never the client's: a client-chosen id could collide or inject. Also used for
 * the answers Node's HTTP parser makes us write before Fastify forms a request.
 */
export function newRequestId(): string {
  return `req_${takeRandomBase64Url(12)}`;
}
