import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import type { BurstLimiter } from '../domain/limits/burst-limiter.ts';
import type { Throttle } from '../domain/limits/throttle.ts';
import { closeRedisClient, createRedisClient } from '../redis/create-redis-client.ts';
import { createRedisBurstLimiter } from '../redis/redis-burst-limiter.ts';
import { createRedisThrottle } from '../redis/redis-throttle.ts';
import { createDatabaseBurstLimiter } from '../storage/database-burst-limiter.ts';
import { createDatabaseThrottle } from '../storage/database-throttle.ts';
import type { WriteGroup } from '../storage/write-group.ts';
import type { Database } from '../storage/database.ts';
import type { HealthCounters } from '../use-cases/health/check-health.ts';

/** Where the service counts: the burst windows of generation and the auth throttles. */
export interface Counters extends HealthCounters {
  readonly burstLimiter: BurstLimiter;
  readonly throttle: Throttle;
  /** Rejects when Redis does not answer (within the client's command timeout); the database's ping is the health route's own. */
  ping(): Promise<void>;
  /** Closes the Redis connection, if there is one. */
  close(): Promise<void>;
}

/**
 * Chooses the counters once, at start-up (CONVENTIONS 7): in the service's database by default,
 * in Redis when REDIS_URL is set (several instances, or a database that should not take a write
 * per request). An unreachable Redis stops start-up, as an unreachable PostgreSQL does.
 */
export async function openCounters(config: Config, database: Database, logger: Logger, group?: WriteGroup): Promise<Counters> {
  if (config.redisUrl === undefined) {
    return {
      burstLimiter: createDatabaseBurstLimiter(database.db, group === undefined ? {} : { group }),
      throttle: createDatabaseThrottle(database.db, {
        onSweepError: (error) => logger.warn({ err: error }, 'throttle sweep failed'),
      }),
      store: 'database',
      ping: async () => {},
      close: async () => {},
    };
  }
  const redis = await createRedisClient(config.redisUrl, {
    onError: (error) => logger.warn({ err: error }, 'redis connection problem'),
  });
  const keyPrefix = config.redisKeyPrefix;
  return {
    burstLimiter: createRedisBurstLimiter(redis, { keyPrefix }),
    throttle: createRedisThrottle(redis, { keyPrefix }),
    store: 'redis',
    ping: async () => { await redis.ping(); },
    close: () => closeRedisClient(redis),
  };
}
