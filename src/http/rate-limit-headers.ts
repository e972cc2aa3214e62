import type { FastifyReply } from 'fastify';
import type { BurstAdmission } from '../domain/limits/burst-limiter.ts';
import { monthlyEquivalent } from '../domain/limits/plans.ts';

/**
 * The spec's X-RateLimit-* headers from an admission: limit, remaining and reset (Unix seconds,
 * D20) of the hour and the ISO week, and X-RateLimit-Limit-Monthly, the monthly equivalent of the
 * weekly limit (D22: weekly × 52 / 12, the figure meta.rate_limits.monthly_equivalent carries).
 * A window without a limit is left out.
 */
export function setRateLimitHeaders(reply: FastifyReply, admission: BurstAdmission): void {
  const { hourly, weekly } = admission;
  if (hourly.limit !== null) {
    reply.header('x-ratelimit-limit-hourly', String(hourly.limit));
    reply.header('x-ratelimit-remaining-hourly', String(Math.max(0, hourly.limit - hourly.used)));
    reply.header('x-ratelimit-reset-hourly', String(hourly.resetAt));
  }
  if (weekly.limit !== null) {
    reply.header('x-ratelimit-limit-weekly', String(weekly.limit));
    reply.header('x-ratelimit-remaining-weekly', String(Math.max(0, weekly.limit - weekly.used)));
    reply.header('x-ratelimit-reset-weekly', String(weekly.resetAt));
    reply.header('x-ratelimit-limit-monthly', String(monthlyEquivalent(weekly.limit)));
  }
}
