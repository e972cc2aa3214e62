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
