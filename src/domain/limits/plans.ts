/**
 * D21: what each kind of caller may do. Anonymous callers are limited per IP address.
 * The account plans (free, starter, pro, enterprise) arrive with the accounts and limits work.
 */
export interface BurstLimits {
  /** Generation requests per UTC hour; null = unlimited. */
  readonly hourly: number | null;
  /** Generation requests per ISO week; null = unlimited. */
  readonly weekly: number | null;
}

export const ANONYMOUS_LIMITS: BurstLimits = Object.freeze({ hourly: 20, weekly: 100 });

/** D22: the weekly limit × 52 / 12, rounded down; null when unlimited. */
export function monthlyEquivalent(weekly: number | null): number | null {
  return weekly === null ? null : Math.floor((weekly * 52) / 12);
}

/** D21: monthly document quota per plan (Enterprise's is configurable once limits land). */
export const MONTHLY_DOCUMENTS: Readonly<Record<'free' | 'starter' | 'pro' | 'enterprise', number>> = Object.freeze({
  free: 100,
  starter: 1000,
  pro: 5000,
  enterprise: 1_000_000,
});
