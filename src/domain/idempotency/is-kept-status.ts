/**
 * Which first responses are kept for replay (D23). 5xx are not (D23), and neither are the
 * refusals that depend on time or plan rather than on the request — 429 (a burst window), 402
 * (the month's quota) and 409 (the same key still running) — because repeating the request with
 * the same key after waiting or upgrading is exactly what the client is told to do. Every other
 * answer, errors such as 400 or 422 included, is the request's own outcome and is replayed.
 */
export function isKeptStatus(status: number): boolean {
  return status < 500 && status !== 429 && status !== 402 && status !== 409;
}

/** The headers that describe a kept body; they are replayed with it (D23: content headers). */
export const REPLAYED_HEADERS = ['content-type', 'content-disposition', 'content-language', 'x-hosted-url'] as const;
