import type { Tier } from '../accounts/tiers.ts';

/** Burst controls (D20, D21): generation requests per fixed UTC window; null = unlimited. */
export interface BurstLimits {
  /** Generation requests per UTC hour. */
  readonly hourly: number | null;
  /** Generation requests per ISO week (Monday 00:00 UTC). */
  readonly weekly: number | null;
}

/** One plan: its burst controls and its monthly quota; null = unlimited. */
export interface PlanLimits extends BurstLimits {
  /** Documents per calendar month: a PDF or UBL is 1, a JSON answer 0.1, a batch item 1. */
  readonly monthlyDocuments: number | null;
  /** PDFs per calendar month, counted inside monthlyDocuments (free: 50 of the 100). */
  readonly monthlyPdfs: number | null;
}

/** Every limit the service enforces, in one place, so a plan reads as one table; config may override any figure. */
export interface LimitsTable {
  /** Per client IP address (IPv6: per /64), JSON only, no monthly quota. */
  readonly anonymous: BurstLimits;
  readonly plans: Readonly<Record<Tier, PlanLimits>>;
}

/** The spec's Limits table with D21's figures for what it leaves open. */
export const DEFAULT_LIMITS: LimitsTable = Object.freeze({
  anonymous: Object.freeze({ hourly: 20, weekly: 100 }),
  plans: Object.freeze({
    free: Object.freeze({ hourly: 40, weekly: 400, monthlyDocuments: 100, monthlyPdfs: 50 }),
    starter: Object.freeze({ hourly: 200, weekly: 4000, monthlyDocuments: 1000, monthlyPdfs: null }),
    pro: Object.freeze({ hourly: 1000, weekly: 40000, monthlyDocuments: 5000, monthlyPdfs: null }),
    enterprise: Object.freeze({ hourly: null, weekly: null, monthlyDocuments: 1_000_000, monthlyPdfs: null }),
  }),
});

/** D22: the weekly limit × 52 / 12, rounded down; null when unlimited. */
export function monthlyEquivalent(weekly: number | null): number | null {
  return weekly === null ? null : Math.floor((weekly * 52) / 12);
}
