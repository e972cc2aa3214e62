import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { Throttle, ThrottleRule } from '../../src/domain/limits/throttle.ts';
import { isAppError } from '../../src/errors/app-error.ts';
import { closeRedisClient, createRedisClient, type RedisClient } from '../../src/redis/create-redis-client.ts';
import { createRedisThrottle } from '../../src/redis/redis-throttle.ts';
import { deleteRedisKeys, TEST_REDIS_URL, testRedisPrefix } from '../helpers/test-redis.ts';

// 2027-01-15T08:00:00Z: a multiple of 900 and of 3600, so it starts a 15-minute and an hour window.
const WINDOW_EDGE_S = 1_800_000_000;
const T0_MS = WINDOW_EDGE_S * 1000;
const HOUR: ThrottleRule = { limit: 3, windowS: 3600 };

const keyPrefix = testRedisPrefix();
const clients: RedisClient[] = [];
let throttle: Throttle;
let otherInstance: Throttle;
const key = (): string => `t:${randomUUID()}`;

before(async () => {
  clients.push(await createRedisClient(TEST_REDIS_URL), await createRedisClient(TEST_REDIS_URL));
  throttle = createRedisThrottle(clients[0]!, { keyPrefix });
  otherInstance = createRedisThrottle(clients[1]!, { keyPrefix });
});

after(async () => {
  await deleteRedisKeys(clients[0]!, keyPrefix);
  await Promise.all(clients.map((client) => closeRedisClient(client)));
});

test('allows exactly limit hits per window, then refuses with Retry-After to the window end', async () => {
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

test('the next window starts again at the full limit; refused hits were counted in the old one', async () => {
  const k = key();
  for (let i = 0; i < 4; i++) await throttle.hit(k, HOUR, T0_MS);
  // Last millisecond of the window: still refused, and a retry after 1 s lands in the next one.
  assert.deepEqual(await throttle.hit(k, HOUR, T0_MS + 3_599_999), { allowed: false, remaining: 0, resetAt: WINDOW_EDGE_S + 3600, retryAfterS: 1 });
  assert.deepEqual(await throttle.hit(k, HOUR, T0_MS + 3_600_000), { allowed: true, remaining: 2, resetAt: WINDOW_EDGE_S + 7200, retryAfterS: 0 });
  assert.deepEqual(await clients[0]!.mget(`${keyPrefix}throttle:${k}:${WINDOW_EDGE_S}`, `${keyPrefix}throttle:${k}:${WINDOW_EDGE_S + 3600}`), ['5', '1']);
});

test('peek says what a hit would answer without counting (issue 20: failed hosted-link opens)', async () => {
  const k = key();
  const resetAt = WINDOW_EDGE_S + 3600;
  for (let i = 0; i < 5; i++) assert.deepEqual(await throttle.peek(k, HOUR, T0_MS), { allowed: true, remaining: 2, resetAt, retryAfterS: 0 });
  for (let i = 0; i < 3; i++) await throttle.hit(k, HOUR, T0_MS);
  assert.deepEqual(await otherInstance.peek(k, HOUR, T0_MS + 60_000), { allowed: false, remaining: 0, resetAt, retryAfterS: 3600 - 60 });
  assert.equal(await clients[0]!.get(`${keyPrefix}throttle:${k}:${WINDOW_EDGE_S}`), '3');
  assert.equal((await throttle.peek(k, HOUR, T0_MS + 3_600_000)).allowed, true, 'the next window');
});

test('100 simultaneous hits from two instances allow exactly the limit', async () => {
  const k = key();
  const rule = { limit: 10, windowS: 900 };
  const results = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? throttle : otherInstance).hit(k, rule, T0_MS)));
  assert.equal(results.filter((r) => r.allowed).length, 10);
  // Each hit saw its own count, so the remaining values 9..0 each appear once.
  assert.deepEqual(results.filter((r) => r.allowed).map((r) => r.remaining).sort((a, b) => a - b), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  assert.ok(results.filter((r) => !r.allowed).every((r) => r.retryAfterS === 900));
});

test('the key expires a minute after its window ends, by the caller clock', async () => {
  const k = key();
  // 10 minutes into a 15-minute window, however far that is from Redis's own clock.
  await throttle.hit(k, { limit: 1, windowS: 900 }, T0_MS + 600_000);
  const ttl = await clients[0]!.pttl(`${keyPrefix}throttle:${k}:${WINDOW_EDGE_S}`);
  assert.ok(ttl <= 360_000 && ttl > 355_000, `pttl ${ttl}`);
});

test('a closed client answers not_provisioned at once; bad input is still a RangeError', async () => {
  const client = await createRedisClient(TEST_REDIS_URL);
  const closed = createRedisThrottle(client, { keyPrefix });
  client.disconnect();
  const started = Date.now();
  await assert.rejects(closed.hit(key(), HOUR, T0_MS), (error) => isAppError(error) && error.code === 'not_provisioned');
  assert.ok(Date.now() - started < 500);
  await assert.rejects(closed.hit('', HOUR, T0_MS), RangeError);
});
