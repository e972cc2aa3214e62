import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { Throttle } from '../../src/domain/limits/throttle.ts';
import { isAppError } from '../../src/errors/app-error.ts';
import { closeRedisClient, createRedisClient, type RedisClient } from '../../src/redis/create-redis-client.ts';
import { createRedisThrottle } from '../../src/redis/redis-throttle.ts';
import { HOUR, runThrottleSuite, T0_MS, WINDOW_EDGE_S } from '../helpers/run-throttle-suite.ts';
import { deleteRedisKeys, TEST_REDIS_URL, testRedisPrefix } from '../helpers/test-redis.ts';

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

runThrottleSuite(async () => ({
  throttle,
  otherInstance,
  // The key names its window (redis-throttle.ts): <prefix>throttle:<key>:<window start>.
  async counts(k) {
    const names = await clients[0]!.keys(`${keyPrefix}throttle:${k}:*`);
    const values = names.length === 0 ? [] : await clients[0]!.mget(...names);
    return names
      .map((name, i): [number, number] => [Number(name.slice(name.lastIndexOf(':') + 1)), Number(values[i])])
      .sort(([a], [b]) => a - b);
  },
}));

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
