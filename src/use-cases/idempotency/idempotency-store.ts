import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { AppError } from '../../errors/app-error.ts';
import {
  claimIdempotencyKey,
  completeIdempotencyRecord,
  findIdempotencyRecord,
  releaseIdempotencyClaim,
} from '../../storage/repositories/idempotency-records-repository.ts';
import type { Tables } from '../../storage/tables.ts';
import type { IdempotencyClaim } from './idempotency-claim.ts';
import { parseKeptGeneration, type KeptGeneration } from './kept-generation.ts';

/** A first response is replayed for 24 hours. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long a pending claim holds before another request may take the key over. Far longer than
 * a generation can take (image fetches stop at 5 s, the PDF pool answers in milliseconds), so it
 * only ever frees a key whose process died mid-request. If that request's generation had
 * committed, the request that takes the key over answers it rather than generating again
 * (kept-generation.ts).
 */
export const IDEMPOTENCY_LEASE_MS = 2 * 60 * 1000;
/** A repeat that arrives while the first is running waits up to this long to replay it. */
export const DEFAULT_IDEMPOTENCY_WAIT_MS = 10_000;
/** How often a waiting repeat looks again (another instance may be running the first). */
const POLL_MS = 25;

/** A kept response, replayed byte for byte. */
export interface KeptResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

export type IdempotencyStart =
  /** `resumes`: the generation a request under this key committed before its instance died unanswered. */
  | { readonly kind: 'claimed'; readonly claim: IdempotencyClaim; readonly resumes: KeptGeneration | undefined }
  | { readonly kind: 'replay'; readonly response: KeptResponse };

export interface IdempotencyStore {
  /**
   * Claims the key for this request, or returns the kept response of the same request. A
   * different request under the key is a 422; the same one still running after the wait a 409.
   * A claim taken over from a request that died after its generation committed carries that
   * generation, for this request to answer instead of generating again.
   */
  begin(scope: string, key: string, fingerprint: string): Promise<IdempotencyStart>;
  /** Keeps the response for replay. */
  complete(claim: IdempotencyClaim, response: KeptResponse): Promise<void>;
  /**
   * Frees the key without keeping anything (D23: 5xx and limit refusals are not kept); a key
   * whose generation committed is left for the next repeat to resume at once.
   */
  release(claim: IdempotencyClaim): Promise<void>;
}

export interface IdempotencyStoreOptions {
  readonly clock: () => number;
  readonly waitMs?: number;
}

/**
 * Idempotency records in the database, so they survive a restart and are shared by every
 * instance on one PostgreSQL. A repeat waits for a running first request rather than failing at
 * once: a client that timed out and retried gets the answer it missed. Waiters in this process
 * are woken when the first finishes here; those of other instances poll.
 */
export function createIdempotencyStore(db: Kysely<Tables>, options: IdempotencyStoreOptions): IdempotencyStore {
  const waitMs = options.waitMs ?? DEFAULT_IDEMPOTENCY_WAIT_MS;
  const waiters = new Map<string, Set<() => void>>();
  const wake = (scope: string, key: string) => {
    const id = `${scope}\n${key}`;
    for (const resolve of waiters.get(id) ?? []) resolve();
    waiters.delete(id);
  };
  const nextChange = (scope: string, key: string): Promise<void> => {
    const id = `${scope}\n${key}`;
    let resolve!: () => void;
    const woken = new Promise<void>((r) => { resolve = r; });
    const set = waiters.get(id) ?? new Set();
    set.add(resolve);
    waiters.set(id, set);
    const timer = new AbortController();
    return Promise.race([woken, sleep(POLL_MS, undefined, { signal: timer.signal }).catch(() => {})]).finally(() => {
      timer.abort();
      set.delete(resolve);
      if (set.size === 0 && waiters.get(id) === set) waiters.delete(id);
    });
  };

  return {
    async begin(scope, key, fingerprint) {
      const deadline = performance.now() + waitMs;
      for (;;) {
        const nowMs = options.clock();
        const claim = randomUUID();
        const claimed = await claimIdempotencyKey(db, {
          scope, key, fingerprint, claim, nowMs, leaseUntil: nowMs + IDEMPOTENCY_LEASE_MS, expiresAt: nowMs + IDEMPOTENCY_TTL_MS,
        });
        if (claimed.claimed) {
          const resumes = claimed.generation === undefined ? undefined : parseKeptGeneration(claimed.generation);
          return { kind: 'claimed', claim: { scope, key, claim }, resumes };
        }
        const record = await findIdempotencyRecord(db, scope, key);
        // Released or expired between the two statements: try to claim again.
        if (record === undefined || record.expires_at <= nowMs) continue;
        if (record.fingerprint !== fingerprint) {
          throw new AppError('idempotency_key_conflict', 'This Idempotency-Key was already used for a different request in the last 24 hours: send a new key for a new request, or repeat the first request exactly to get its answer again.', { variant: 'different_request' });
        }
        if (record.state === 'done' && record.status !== null && record.body !== null) {
          return { kind: 'replay', response: { status: record.status, headers: JSON.parse(record.headers ?? '{}') as Record<string, string>, body: Buffer.from(record.body) } };
        }
        if (performance.now() >= deadline) {
          throw new AppError('idempotency_key_conflict', 'A request with this Idempotency-Key is still being processed: wait a moment and repeat it with the same key to receive its answer.');
        }
        await nextChange(scope, key);
      }
    },
    async complete(claim, response) {
      try {
        await completeIdempotencyRecord(db, claim.scope, claim.key, claim.claim, {
          status: response.status,
          headers: JSON.stringify(response.headers),
          body: response.body,
        });
      } finally {
        wake(claim.scope, claim.key);
      }
    },
    async release(claim) {
      try {
        await releaseIdempotencyClaim(db, claim.scope, claim.key, claim.claim);
      } finally {
        wake(claim.scope, claim.key);
      }
    },
  };
}
