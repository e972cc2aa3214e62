/** How many hits one key may make per fixed window. */
export interface ThrottleRule {
  /** Hits allowed in one window; the next one is refused. */
  readonly limit: number;
  /** Window length in seconds; windows are aligned to the Unix epoch (see fixedWindow). */
  readonly windowS: number;
}

/** The answer to one hit: a value, never an exception, whether allowed or not (CONVENTIONS 6). */
export interface ThrottleResult {
  readonly allowed: boolean;
  /** Hits still allowed in this window after this one; 0 once refused. */
  readonly remaining: number;
  /** Unix second at which this window ends and the count starts again. */
  readonly resetAt: number;
  /** Whole seconds to wait before a retry can succeed (the Retry-After value); 0 when allowed. */
  readonly retryAfterS: number;
}

/**
 * Counts hits per key in fixed windows. Where the counts live (the database, later perhaps Redis)
 * is chosen once at start-up; callers see only this.
 *
 * A key names one counter and must always be hit with the same rule: two rules on one key would
 * share a count whenever their windows start together.
 */
export interface Throttle {
  /** Counts one hit on key at nowMs (Unix ms) and says whether it is within the rule. */
  hit(key: string, rule: ThrottleRule, nowMs: number): Promise<ThrottleResult>;
  /**
   * What a hit on key at nowMs would answer, without counting it: for counters that count only
   * some outcomes (failed hosted-link opens), checked before the work whose failure is counted.
   */
  peek(key: string, rule: ThrottleRule, nowMs: number): Promise<ThrottleResult>;
}

/** Keys are built by the service, never taken whole from a request; this bounds them anyway. */
export const MAX_THROTTLE_KEY_CHARS = 200;

/**
 * The start of the fixed window holding nowMs, in Unix seconds: floor(now / window) * window.
 * Epoch-aligned windows need no stored start time, and every instance computes the same one.
 */
export function windowStartS(nowMs: number, windowS: number): number {
  return Math.floor(nowMs / (windowS * 1000)) * windowS;
}

/**
 * What a hit means once the counter says it is hit number count of its window. Shared by every
 * Throttle so they all answer alike. The limit is exact: hit limit is allowed, hit limit + 1 not.
 */
export function throttleResult(count: number, rule: ThrottleRule, nowMs: number): ThrottleResult {
  const resetAt = windowStartS(nowMs, rule.windowS) + rule.windowS;
  const allowed = count <= rule.limit;
  return {
    allowed,
    remaining: Math.max(0, rule.limit - count),
    resetAt,
    // Rounded up, so a client that waits exactly this long lands in the next window; at least 1,
    // because Retry-After: 0 invites an immediate retry that would be refused again.
    retryAfterS: allowed ? 0 : Math.max(1, Math.ceil((resetAt * 1000 - nowMs) / 1000)),
  };
}

/** Throws on a rule or key that no caller could mean: these are programming errors. */
export function checkThrottleInput(key: string, rule: ThrottleRule, nowMs: number): void {
  if (key === '' || key.length > MAX_THROTTLE_KEY_CHARS) {
    throw new RangeError(`throttle key must be 1 to ${MAX_THROTTLE_KEY_CHARS} characters, got ${key.length}`);
  }
  if (!Number.isSafeInteger(rule.limit) || rule.limit < 0) throw new RangeError(`throttle limit must be a whole number ≥ 0, got ${rule.limit}`);
  if (!Number.isSafeInteger(rule.windowS) || rule.windowS < 1) {
    throw new RangeError(`throttle windowS must be a whole number of seconds ≥ 1, got ${rule.windowS}`);
  }
  if (!Number.isFinite(nowMs) || nowMs < 0) throw new RangeError(`nowMs must be a Unix time in ms, got ${nowMs}`);
}
