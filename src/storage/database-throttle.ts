import type { Kysely } from 'kysely';
import { checkThrottleInput, type Throttle, throttleResult, windowStartS } from '../domain/limits/throttle.ts';
import { deleteCountersBefore, incrementCounter, readCounter } from './repositories/throttle-counters-repository.ts';
import type { Tables } from './tables.ts';

/**
 * The longest window a rule may have by default: a day, room for daily rules although the auth
 * rules use at most an hour. The table then holds at most about a day's worth of keys.
 */
export const DEFAULT_MAX_THROTTLE_WINDOW_S = 24 * 60 * 60;
/** How often one process sweeps ended windows, at most. */
export const THROTTLE_SWEEP_INTERVAL_MS = 60_000;

export interface DatabaseThrottleOptions {
  /**
   * Rules with a longer window are refused. The sweep deletes windows that started more than this
   * long ago, which have ended whatever their rule; every instance sharing the database must use
   * the same value, or one could delete another's live counters.
   */
  readonly maxWindowS?: number;
  /** Told about a failed sweep; the hit itself is still answered. */
  readonly onSweepError?: (error: unknown) => void;
}

/**
 * A Throttle whose counts live in the service's database, so limits hold across restarts and
 * across instances sharing one PostgreSQL. Each hit is one upsert returning the new count, so N
 * concurrent hits see N distinct counts and exactly `limit` of them are allowed. Refused hits are
 * counted too; that is harmless, as the count only has to pass the limit.
 *
 * Ended windows are swept at most once a minute per process, on a hit, so the table holds about
 * maxWindowS worth of keys however long the service runs. A failing database makes hit() reject:
 * the caller answers with an error rather than silently letting requests through unthrottled.
 */
export function createDatabaseThrottle(db: Kysely<Tables>, options: DatabaseThrottleOptions = {}): Throttle {
  const maxWindowS = options.maxWindowS ?? DEFAULT_MAX_THROTTLE_WINDOW_S;
  if (!Number.isSafeInteger(maxWindowS) || maxWindowS < 1) throw new RangeError(`maxWindowS must be a whole number of seconds ≥ 1, got ${maxWindowS}`);
  let nextSweepMs = Number.NEGATIVE_INFINITY;

  const sweep = async (nowMs: number): Promise<void> => {
    if (nowMs < nextSweepMs) return;
    // Set before awaiting, so hits arriving during the sweep do not start another.
    nextSweepMs = nowMs + THROTTLE_SWEEP_INTERVAL_MS;
    try {
      await deleteCountersBefore(db, Math.floor(nowMs / 1000) - maxWindowS);
    } catch (error) {
      options.onSweepError?.(error);
    }
  };

  return {
    async hit(key, rule, nowMs) {
      checkThrottleInput(key, rule, nowMs);
      if (rule.windowS > maxWindowS) {
        throw new RangeError(`throttle windowS ${rule.windowS} is longer than this throttle's maxWindowS ${maxWindowS}`);
      }
      const count = await incrementCounter(db, key, windowStartS(nowMs, rule.windowS));
      await sweep(nowMs);
      return throttleResult(count, rule, nowMs);
    },
    async peek(key, rule, nowMs) {
      checkThrottleInput(key, rule, nowMs);
      const count = await readCounter(db, key, windowStartS(nowMs, rule.windowS));
      return throttleResult(count + 1, rule, nowMs);
    },
  };
}
