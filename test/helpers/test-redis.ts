import { randomBytes } from 'node:crypto';
import { createRedisClient, closeRedisClient, type RedisClient } from '../../src/redis/create-redis-client.ts';

/** The machine's Redis (CI runs the same one). */
export const TEST_REDIS_URL = 'redis://127.0.0.1:6379';

/** A key prefix of this run alone, so runs sharing the Redis never see each other's keys. */
export function testRedisPrefix(label = 'test'): string {
  return `${label}:${randomBytes(6).toString('hex')}:`;
}

/** Deletes this run's keys: SCAN, not KEYS, as the Redis may be shared with other runs. */
export async function deleteRedisKeys(redis: RedisClient, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

/** Opens a client, deletes every key under prefix, closes it. */
export async function dropRedisPrefix(prefix: string): Promise<void> {
  const redis = await createRedisClient(TEST_REDIS_URL);
  try {
    await deleteRedisKeys(redis, prefix);
  } finally {
    await closeRedisClient(redis);
  }
}

/** How many keys live under prefix. */
export async function countRedisKeys(prefix: string): Promise<number> {
  const redis = await createRedisClient(TEST_REDIS_URL);
  try {
    let cursor = '0';
    let count = 0;
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      count += keys.length;
      cursor = next;
    } while (cursor !== '0');
    return count;
  } finally {
    await closeRedisClient(redis);
  }
}
