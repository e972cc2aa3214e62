import { burstAdmission, checkBurstInput, type BurstLimiter } from '../domain/limits/burst-limiter.ts';
import type { BurstLimits } from '../domain/limits/plans.ts';
import { utcWindows } from '../domain/limits/utc-windows.ts';
import { redisUnreachable, type RedisClient } from './create-redis-client.ts';

export interface RedisBurstLimiterOptions {
  /** Put before every key, so several services (or test runs) can share one Redis. */
  readonly keyPrefix: string;
}

/** Keys outlive their window by this much, so a clock a little behind still finds its count. */
const KEY_MARGIN_MS = 60_000;

/**
 * Reads both windows, applies the rule of grantable() (-1 = unlimited), and counts the grant in
 * both or, when it is 0, in neither. A script runs alone on the server, so however many callers
 * (and instances) ask at once, each sees the counts the previous one left: no window passes its
 * limit. The TTLs come from the caller, relative to its own clock (PEXPIRE, not EXPIREAT), so a
 * window's key lives until that clock's window end whatever Redis's clock says.
 */
const ADMIT_LUA = `
local requested = tonumber(ARGV[1])
local hourly = tonumber(ARGV[2])
local weekly = tonumber(ARGV[3])
local hour = tonumber(redis.call('GET', KEYS[1]) or '0')
local week = tonumber(redis.call('GET', KEYS[2]) or '0')
local room = requested
if hourly >= 0 then room = math.min(room, hourly - hour) end
if weekly >= 0 then room = math.min(room, weekly - week) end
if room > 0 then
  hour = redis.call('INCRBY', KEYS[1], room)
  redis.call('PEXPIRE', KEYS[1], ARGV[4])
  week = redis.call('INCRBY', KEYS[2], room)
  redis.call('PEXPIRE', KEYS[2], ARGV[5])
else
  room = 0
end
return {room, hour, week}
`;
/** Prefixed so it cannot clash with another command defined on the shared client. */
const ADMIT_COMMAND = 'invoiceBurstAdmit';

type AdmitScript = (
  hourKey: string,
  weekKey: string,
  requested: number,
  hourly: number,
  weekly: number,
  hourTtlMs: number,
  weekTtlMs: number,
) => Promise<[number, number, number]>;

/**
 * The BurstLimiter used when REDIS_URL is set: one script call per admission or peek, run with
 * EVALSHA (ioredis sends the script itself once per connection). Both keys of a subject carry it
 * as a {hash tag}, so they sit in one Redis Cluster slot, as a script's keys must.
 *
 * Any Redis failure rejects with not_provisioned (503) rather than admitting uncounted requests;
 * the client's command timeout bounds how long that takes.
 */
export function createRedisBurstLimiter(redis: RedisClient, options: RedisBurstLimiterOptions): BurstLimiter {
  redis.defineCommand(ADMIT_COMMAND, { lua: ADMIT_LUA, numberOfKeys: 2 });
  // defineCommand adds a method ioredis's types cannot know about.
  const script = (redis as unknown as Record<typeof ADMIT_COMMAND, AdmitScript>)[ADMIT_COMMAND].bind(redis);

  const run = async (subject: string, limits: BurstLimits, requested: number, nowMs: number) => {
    const windows = utcWindows(nowMs);
    const base = `${options.keyPrefix}burst:{${subject}}`;
    let reply: [number, number, number];
    try {
      reply = await script(
        `${base}:h:${windows.hourStart}`,
        `${base}:w:${windows.weekStart}`,
        requested,
        limits.hourly ?? -1,
        limits.weekly ?? -1,
        Math.ceil(windows.hourEnd * 1000 - nowMs) + KEY_MARGIN_MS,
        Math.ceil(windows.weekEnd * 1000 - nowMs) + KEY_MARGIN_MS,
      );
    } catch (error) {
      throw redisUnreachable(error);
    }
    const [granted, hourUsed, weekUsed] = reply;
    return burstAdmission(requested, granted, limits, hourUsed, weekUsed, nowMs);
  };

  return {
    async admit(subject, limits, requested, nowMs) {
      checkBurstInput(subject, limits, requested, nowMs);
      return run(subject, limits, requested, nowMs);
    },
    async peek(subject, limits, nowMs) {
      checkBurstInput(subject, limits, 0, nowMs);
      // Requested 0 grants 0, so the script only reads.
      return run(subject, limits, 0, nowMs);
    },
  };
}
