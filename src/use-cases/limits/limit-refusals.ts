import type { Tier } from '../../domain/accounts/tiers.ts';
import type { BurstAdmission } from '../../domain/limits/burst-limiter.ts';
import { utcWindows } from '../../domain/limits/utc-windows.ts';
import type { PlanLimits } from '../../domain/limits/plans.ts';
import { AppError } from '../../errors/app-error.ts';

const isoSecond = (unixS: number) => new Date(unixS * 1000).toISOString().replace('.000Z', 'Z');

/**
 * 429 for a refused admission: rate_limit_hourly or rate_limit_weekly for an account,
 * rate_limit_exceeded for an anonymous caller, whose limit is per IP address.
 */
export function burstRefusal(admission: BurstAdmission, tier: Tier | undefined): AppError {
  const window = admission.refusedBy === 'weekly' ? admission.weekly : admission.hourly;
  const span = admission.refusedBy === 'weekly' ? 'week (ISO week, from Monday 00:00 UTC)' : 'hour (UTC)';
  const whose = tier === undefined ? 'Anonymous requests from this address are' : `The ${tier} plan is`;
  const fix = tier === undefined ? 'or send an API key for the higher limits of an account' : 'or move to a larger plan';
  const message = `${whose} limited to ${window.limit} generation requests per ${span}, and they are used up. Try again in ${admission.retryAfterS} seconds (at ${isoSecond(window.resetAt)}), ${fix}.`;
  if (tier === undefined) return new AppError('rate_limit_exceeded', message);
  return new AppError(admission.refusedBy === 'weekly' ? 'rate_limit_weekly' : 'rate_limit_hourly', message);
}

/** 402 monthly_limit_reached with error.upgrade_url and the reset time. */
export function quotaRefusal(shortfall: 'documents' | 'pdfs', tier: Tier, plan: PlanLimits, nowMs: number, upgradeUrl: string): AppError {
  const resetAt = utcWindows(nowMs).monthEnd;
  const what = shortfall === 'pdfs'
    ? `The ${tier} plan includes ${plan.monthlyPdfs} PDFs a month (a hosted link counts as one) and they are used up; JSON and UBL output still work without a hosted link (leave features.hosted_link out or set it to false)${plan.monthlyDocuments === null ? '' : ` until the month's ${plan.monthlyDocuments} documents are used`}.`
    : `The ${tier} plan includes ${plan.monthlyDocuments} documents a month (a PDF, a UBL or an answer with a hosted link counts 1, a JSON answer without one 0.1) and what is left of them does not cover this request.`;
  return new AppError('monthly_limit_reached', `${what} The quota starts again at ${isoSecond(resetAt)}; to continue now, upgrade at ${upgradeUrl}.`, {
    details: { upgrade_url: upgradeUrl, reset_at: resetAt },
  });
}
