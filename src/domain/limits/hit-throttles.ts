import type { Throttle, ThrottleResult, ThrottleRule } from './throttle.ts';

/** One counter to hit: its key and the rule for it. */
export interface ThrottleHit {
  readonly key: string;
  readonly rule: ThrottleRule;
}

/**
 * Hits each counter in order and stops at the first refusal, returning it; when all allow, returns
 * the result with the fewest hits remaining. Stopping early matters for the order callers choose:
 * with the per-IP counter first, requests from an IP that is already refused no longer use up the
 * per-address budget, so one host alone cannot keep an account's owner from logging in.
 */
export async function hitThrottles(throttle: Throttle, hits: readonly ThrottleHit[], nowMs: number): Promise<ThrottleResult> {
  let tightest: ThrottleResult | undefined;
  for (const { key, rule } of hits) {
    const result = await throttle.hit(key, rule, nowMs);
    if (!result.allowed) return result;
    if (tightest === undefined || result.remaining < tightest.remaining) tightest = result;
  }
  if (tightest === undefined) throw new RangeError('hitThrottles needs at least one counter to hit');
  return tightest;
}
