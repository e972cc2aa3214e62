import type { BurstLimits } from './plans.ts';
import { utcWindows } from './utc-windows.ts';

/** One burst window as the caller sees it (meta.rate_limits, X-RateLimit-* headers). */
export interface WindowState {
  /** null = unlimited. */
  readonly limit: number | null;
  /** Requests counted in this window, the admitted ones included. */
  readonly used: number;
  /** Unix second the window ends (D20). */
  readonly resetAt: number;
}

/**
 * The answer to an admission: a value, never an exception (CONVENTIONS 6). granted < requested
 * means a window ran out; refusedBy names it.
 */
export interface BurstAdmission {
  /** How many of the requested generations were admitted and counted: 0 to requested. */
  readonly granted: number;
  /** The window that stopped the rest (weekly when both did); undefined when all were admitted. */
  readonly refusedBy: 'hourly' | 'weekly' | undefined;
  /** Whole seconds until the refusing window ends (Retry-After); 0 when nothing was refused. */
  readonly retryAfterS: number;
  readonly hourly: WindowState;
  readonly weekly: WindowState;
}

/**
 * Counts generation requests per subject in the fixed UTC hour and ISO week (D20, D21). Where the
 * counts live — the database by default, Redis when REDIS_URL is set — is chosen once at start-up.
 * Either way an admission is atomic: however many callers ask at once, no window ever admits more
 * than its limit, and a request is counted in both windows or in neither.
 */
export interface BurstLimiter {
  /**
   * Admits as many of `requested` generations as both windows have room for (a batch asks for its
   * item count, a single generation for 1) and counts exactly those.
   */
  admit(subject: string, limits: BurstLimits, requested: number, nowMs: number): Promise<BurstAdmission>;
  /** The windows as they stand, counting nothing (an idempotent replay is not counted). */
  peek(subject: string, limits: BurstLimits, nowMs: number): Promise<BurstAdmission>;
}

/** The largest limit a window may have (PLAN_LIMITS accepts no more). */
export const MAX_BURST_LIMIT = 1_000_000_000;

/** Keys are built by the service from an account id or an IP subject; this bounds them anyway. */
export const MAX_BURST_SUBJECT_CHARS = 200;

/** The two windows' ids: the Unix second each starts at. */
export interface BurstWindowIds {
  readonly hourStart: number;
  readonly weekStart: number;
}

export function burstWindowIds(nowMs: number): BurstWindowIds {
  const windows = utcWindows(nowMs);
  return { hourStart: windows.hourStart, weekStart: windows.weekStart };
}

/**
 * How many of `requested` fit given the counts before this admission. Shared by every
 * BurstLimiter (the Redis script applies the same rule), so they all admit alike.
 */
export function grantable(requested: number, limits: BurstLimits, hourUsed: number, weekUsed: number): number {
  let room = requested;
  if (limits.hourly !== null) room = Math.min(room, limits.hourly - hourUsed);
  if (limits.weekly !== null) room = Math.min(room, limits.weekly - weekUsed);
  return Math.max(0, room);
}

/**
 * The admission once the counts after it are known. Shared by every BurstLimiter so they answer
 * alike: which window refused, and how long to wait.
 */
export function burstAdmission(
  requested: number,
  granted: number,
  limits: BurstLimits,
  hourUsed: number,
  weekUsed: number,
  nowMs: number,
): BurstAdmission {
  const windows = utcWindows(nowMs);
  let refusedBy: BurstAdmission['refusedBy'];
  if (granted < requested) {
    // The later window decides how long to wait: with both full, only the week's end helps.
    if (limits.weekly !== null && weekUsed >= limits.weekly) refusedBy = 'weekly';
    else refusedBy = 'hourly';
  }
  const resetAt = refusedBy === 'weekly' ? windows.weekEnd : windows.hourEnd;
  return {
    granted,
    refusedBy,
    // Rounded up, so a client waiting exactly this long lands in the next window; at least 1,
    // because Retry-After: 0 invites a retry that would be refused again.
    retryAfterS: refusedBy === undefined ? 0 : Math.max(1, Math.ceil(resetAt - nowMs / 1000)),
    hourly: { limit: limits.hourly, used: hourUsed, resetAt: windows.hourEnd },
    weekly: { limit: limits.weekly, used: weekUsed, resetAt: windows.weekEnd },
  };
}

/** Throws on input no caller could mean: these are programming errors. */
export function checkBurstInput(subject: string, limits: BurstLimits, requested: number, nowMs: number): void {
  if (subject === '' || subject.length > MAX_BURST_SUBJECT_CHARS) {
    throw new RangeError(`burst subject must be 1 to ${MAX_BURST_SUBJECT_CHARS} characters, got ${subject.length}`);
  }
  for (const limit of [limits.hourly, limits.weekly]) {
    // The ceiling keeps counts inside the INTEGER columns of both databases (and PLAN_LIMITS's bound).
    if (limit !== null && (!Number.isSafeInteger(limit) || limit < 0 || limit > MAX_BURST_LIMIT)) {
      throw new RangeError(`burst limit must be a whole number from 0 to ${MAX_BURST_LIMIT} or null, got ${limit}`);
    }
  }
  if (!Number.isSafeInteger(requested) || requested < 0) throw new RangeError(`requested must be a whole number ≥ 0, got ${requested}`);
  if (!Number.isFinite(nowMs) || nowMs < 0) throw new RangeError(`nowMs must be a Unix time in ms, got ${nowMs}`);
}
