import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import type { Throttle, ThrottleRule } from '../../src/domain/limits/throttle.ts';

// 2027-01-15T08:00:00Z: a multiple of 900 and of 3600, so it starts a 15-minute and an hour window.
export const WINDOW_EDGE_S = 1_800_000_000;
export const T0_MS = WINDOW_EDGE_S * 1000;
export const HOUR: ThrottleRule = { limit: 3, windowS: 3600 };

// At least 5 connections, so on PostgreSQL the concurrent hits really overlap in the server.
const CONCURRENT_POOL_SIZE = 10;
const CONCURRENT_HITS = 100;
const CONCURRENT_LIMIT = 10;

/** One Throttle implementation as the shared cases see it. */
export interface ThrottleUnderTest {
  readonly throttle: Throttle;
  /** A second throttle on the same counts, as another instance of the service holds one. */
  readonly otherInstance: Throttle;
  /** What is stored for key: [window start in Unix s, count] per window, oldest first. */
  counts(key: string): Promise<Array<[number, number]>>;
}

/**
 * The cases every Throttle must pass alike (the Redis one and the database one answer through the
 * same throttleResult, so their answers must match to the field). open is called in each test;
 * poolSize is a hint for a store with a connection pool. Cases that hold for one store only stay in
 * that store's test file.
 */
export function runThrottleSuite(open: (options?: { readonly poolSize?: number }) => Promise<ThrottleUnderTest>): void {
  const key = (): string => `t:${randomUUID()}`;

  test('allows exactly limit hits per window, then refuses with Retry-After to the window end', async () => {
    const { throttle } = await open();
    const k = key();
    const resetAt = WINDOW_EDGE_S + 3600;
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await throttle.hit(k, HOUR, T0_MS + i * 60_000));
    assert.deepEqual(results, [
      { allowed: true, remaining: 2, resetAt, retryAfterS: 0 },
      { allowed: true, remaining: 1, resetAt, retryAfterS: 0 },
      { allowed: true, remaining: 0, resetAt, retryAfterS: 0 },
      { allowed: false, remaining: 0, resetAt, retryAfterS: 3600 - 3 * 60 },
      { allowed: false, remaining: 0, resetAt, retryAfterS: 3600 - 4 * 60 },
    ]);
  });

  test('windows are independent: the next window starts again at the full limit; refused hits were counted in the old one', async () => {
    const { throttle, counts } = await open();
    const k = key();
    for (let i = 0; i < 4; i++) await throttle.hit(k, HOUR, T0_MS);
    // Last millisecond of the window: still refused, and a retry after 1 s lands in the next one.
    assert.deepEqual(await throttle.hit(k, HOUR, T0_MS + 3_599_999), { allowed: false, remaining: 0, resetAt: WINDOW_EDGE_S + 3600, retryAfterS: 1 });
    // First millisecond of the next window.
    assert.deepEqual(await throttle.hit(k, HOUR, T0_MS + 3_600_000), { allowed: true, remaining: 2, resetAt: WINDOW_EDGE_S + 7200, retryAfterS: 0 });
    assert.deepEqual(await counts(k), [[WINDOW_EDGE_S, 5], [WINDOW_EDGE_S + 3600, 1]]);
  });

  test('peek says what a hit would answer without counting (as failed hosted-link opens need)', async () => {
    const { throttle, otherInstance, counts } = await open();
    const k = key();
    const resetAt = WINDOW_EDGE_S + 3600;
    for (let i = 0; i < 5; i++) assert.deepEqual(await throttle.peek(k, HOUR, T0_MS), { allowed: true, remaining: 2, resetAt, retryAfterS: 0 });
    for (let i = 0; i < 3; i++) await throttle.hit(k, HOUR, T0_MS);
    assert.deepEqual(await otherInstance.peek(k, HOUR, T0_MS + 60_000), { allowed: false, remaining: 0, resetAt, retryAfterS: 3600 - 60 });
    assert.deepEqual(await counts(k), [[WINDOW_EDGE_S, 3]]);
    assert.equal((await throttle.peek(k, HOUR, T0_MS + 3_600_000)).allowed, true, 'the next window');
  });

  test(`${CONCURRENT_HITS} simultaneous hits from two instances with limit ${CONCURRENT_LIMIT}: exactly ${CONCURRENT_LIMIT} allowed`, async () => {
    const { throttle, otherInstance, counts } = await open({ poolSize: CONCURRENT_POOL_SIZE });
    const k = key();
    const rule = { limit: CONCURRENT_LIMIT, windowS: 900 };
    const results = await Promise.all(Array.from({ length: CONCURRENT_HITS }, (_, i) => (i % 2 === 0 ? throttle : otherInstance).hit(k, rule, T0_MS)));
    assert.equal(results.filter((result) => result.allowed).length, CONCURRENT_LIMIT);
    assert.deepEqual(
      results.filter((result) => result.allowed).map((result) => result.remaining).toSorted((x, y) => x - y),
      Array.from({ length: CONCURRENT_LIMIT }, (_, i) => i),
      'each allowed hit saw a distinct count',
    );
    assert.ok(results.filter((result) => !result.allowed).every((result) => result.retryAfterS === 900));
    assert.deepEqual(await counts(k), [[WINDOW_EDGE_S, CONCURRENT_HITS]], 'refused hits are counted too');
  });
}
