import { parseRetryAfter } from './api-error.ts';

export interface RetryOptions {
  /** Retries after the first attempt; 0 turns retrying off. Default 2 (three attempts in all). */
  readonly maxRetries?: number;
  /** The first backoff; it doubles at each retry, with jitter. Default 500 ms. */
  readonly baseDelayMs?: number;
  /**
   * The longest wait before a retry. A Retry-After longer than this (an hourly window that ends in
   * 40 minutes) is not waited for: the ApiError is thrown at once with its retryAfter, so the
   * caller decides. Default 30 s.
   */
  readonly maxDelayMs?: number;
}

export interface FetchAttemptOptions {
  readonly fetch: typeof globalThis.fetch;
  readonly retry: Required<RetryOptions>;
  /** Only a request the service cannot apply twice is retried: a GET, or a POST with an Idempotency-Key. */
  readonly retryable: boolean;
  /**
   * Each attempt's deadline, from sending until the answer's body is read: the signal stays on the
   * answer, so a body that stalls is cut too (that is not retried: the answer had begun).
   */
  readonly timeoutMs: number;
  readonly signal?: AbortSignal | undefined;
}

export const DEFAULT_RETRY: Required<RetryOptions> = { maxRetries: 2, baseDelayMs: 500, maxDelayMs: 30_000 };

/**
 * Sends a request, and again after a network failure, a time-out, a 429 or a 5xx while it is
 * retryable and retries are left: after Retry-After when the answer gave one, else after an
 * exponential backoff. Gives the last answer (the caller turns a failure into an ApiError) with
 * the number of attempts; a network failure left after the last attempt is thrown as fetch threw it.
 * The body must be a string or bytes, so each attempt sends it again whole.
 */
export async function fetchWithRetries(url: URL, init: RequestInit, options: FetchAttemptOptions): Promise<{ response: Response; attempts: number }> {
  for (let attempt = 1; ; attempt += 1) {
    const retriesLeft = options.retryable && attempt <= options.retry.maxRetries;
    const deadline = AbortSignal.timeout(options.timeoutMs);
    let response: Response;
    try {
      response = await options.fetch(url, { ...init, signal: options.signal === undefined ? deadline : AbortSignal.any([options.signal, deadline]) });
    } catch (error) {
      // The caller's own abort is never retried; a refused connection or a time-out is.
      if (options.signal?.aborted || !retriesLeft) throw error;
      await sleep(backoffMs(attempt, options.retry), options.signal);
      continue;
    }
    if (!retriesLeft || !(response.status === 429 || response.status >= 500)) return { response, attempts: attempt };
    const retryAfterS = parseRetryAfter(response.headers.get('retry-after'));
    if (retryAfterS !== undefined && retryAfterS * 1000 > options.retry.maxDelayMs) return { response, attempts: attempt };
    // The answer is dropped unread: its connection goes back to the pool.
    await response.body?.cancel();
    await sleep(retryAfterS === undefined ? backoffMs(attempt, options.retry) : retryAfterS * 1000, options.signal);
  }
}

/** Doubling from baseDelayMs, capped, between half and all of it: clients that failed together do not retry together. */
function backoffMs(attempt: number, retry: Required<RetryOptions>): number {
  const ceiling = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1));
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
