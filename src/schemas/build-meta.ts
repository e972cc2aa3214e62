import type { MonthlyView } from '../domain/limits/document-cost.ts';
import type { BurstAdmission, WindowState } from '../domain/limits/burst-limiter.ts';
import { monthlyEquivalent } from '../domain/limits/plans.ts';
import type { GenerationWarning } from '../domain/limits/hosted-link-omitted.ts';
import type { Meta } from './meta.ts';

const remaining = (window: WindowState): number | null => (window.limit === null ? null : Math.max(0, window.limit - window.used));

/** meta.rate_limits (D22): also what GET /api/auth/usage shows. */
export function rateLimitsView(admission: BurstAdmission): Meta['rate_limits'] {
  return {
    hourly: { limit: admission.hourly.limit, used: admission.hourly.used, reset_at: admission.hourly.resetAt },
    weekly: { limit: admission.weekly.limit, used: admission.weekly.used, reset_at: admission.weekly.resetAt },
    monthly_equivalent: monthlyEquivalent(admission.weekly.limit),
  };
}

/**
 * meta of a generation response: the windows as this request's admission left them, for an
 * account's JSON answer the month's usage after this document, and its warnings when it has any.
 */
export function buildMeta(requestId: string, elapsedMs: number, admission: BurstAdmission, monthly?: MonthlyView, warnings: readonly GenerationWarning[] = []): Meta {
  const meta: Meta = {
    request_id: requestId,
    processing_ms: Math.max(0, Math.round(elapsedMs)),
    credits_remaining: { hourly: remaining(admission.hourly), weekly: remaining(admission.weekly) },
    rate_limits: rateLimitsView(admission),
  };
  if (monthly !== undefined) meta.monthly = monthly;
  if (warnings.length > 0) meta.warnings = [...warnings];
  return meta;
}
