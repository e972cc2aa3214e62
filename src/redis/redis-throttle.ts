import { checkThrottleInput, type Throttle, throttleResult, windowStartS } from '../domain/limits/throttle.ts';
import { redisUnreachable, type RedisClient } from './create-redis-client.ts';

export interface RedisThrottleOptions {
  /** Put before every key, so several services (or test runs) can share one Redis. */
  readonly keyPrefix: string;
}

/** Keys outlive their window by this much, so a clock a little behind still finds its count. */
const KEY_MARGIN_MS = 60_000;

/**
 * Counts the hit and sets the key's life in one step, so no key is ever left without an expiry
 * (an INCR followed by a separate PEXPIRE could be cut in between). The TTL is relative to the
 * caller's clock (PEXPIRE, not EXPIREAT), like the burst limiter's.
 */
const HIT_LUA = `
local count = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return count
`;
/** Prefixed so it cannot clash with another command defined on the shared client. */
const HIT_COMMAND = 'invoiceThrottleHit';

type HitScript = (key: string, ttlMs: number) => Promise<number>;

/**
 * The Throttle used when REDIS_URL is set. INCR gives N concurrent hits N distinct counts, so
 * exactly `limit` are allowed; refused hits are counted too, as in the database throttle. Keys
 * expire with their window, so nothing needs sweeping. Any Redis failure rejects with
 * not_provisioned (503) rather than letting requests through unthrottled.
 */
export function createRedisThrottle(redis: RedisClient, options: RedisThrottleOptions): Throttle {
  redis.defineCommand(HIT_COMMAND, { lua: HIT_LUA, numberOfKeys: 1 });
  // defineCommand adds a method ioredis's types cannot know about.
  const script = (redis as unknown as Record<typeof HIT_COMMAND, HitScript>)[HIT_COMMAND].bind(redis);

  return {
    async hit(key, rule, nowMs) {
      checkThrottleInput(key, rule, nowMs);
      const windowStart = windowStartS(nowMs, rule.windowS);
      let count: number;
      try {
        count = await script(
          `${options.keyPrefix}throttle:${key}:${windowStart}`,
          Math.ceil((windowStart + rule.windowS) * 1000 - nowMs) + KEY_MARGIN_MS,
        );
      } catch (error) {
        throw redisUnreachable(error);
      }
      return throttleResult(count, rule, nowMs);
    },
    async peek(key, rule, nowMs) {
      checkThrottleInput(key, rule, nowMs);
      const windowStart = windowStartS(nowMs, rule.windowS);
      let count: number;
      try {
        count = Number(await redis.get(`${options.keyPrefix}throttle:${key}:${windowStart}`) ?? 0);
      } catch (error) {
        throw redisUnreachable(error);
      }
      return throttleResult(count + 1, rule, nowMs);
    },
  };
}
