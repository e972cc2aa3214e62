import { ANONYMOUS_LIMITS, monthlyEquivalent } from '../domain/limits/plans.ts';
import { windowEnds } from '../domain/limits/window-ends.ts';
import type { Meta } from '../schemas/meta.ts';

/**
 * meta for a generation response. The windows and limits follow D20–D22; counting of `used`
 * arrives with the limits work, so until then `used` is 0 and the remaining credits equal the
 * limits.
 */
export function buildMeta(requestId: string, elapsedMs: number, nowMs: number): Meta {
  const ends = windowEnds(nowMs);
  const limits = ANONYMOUS_LIMITS;
  return {
    request_id: requestId,
    processing_ms: Math.max(0, Math.round(elapsedMs)),
    credits_remaining: { hourly: limits.hourly, weekly: limits.weekly },
    rate_limits: {
      hourly: { limit: limits.hourly, used: 0, reset_at: ends.hour },
      weekly: { limit: limits.weekly, used: 0, reset_at: ends.week },
      monthly_equivalent: monthlyEquivalent(limits.weekly),
    },
  };
}
