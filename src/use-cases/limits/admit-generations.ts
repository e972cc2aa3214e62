import type { BurstAdmission, BurstLimiter } from '../../domain/limits/burst-limiter.ts';
import type { BurstLimits, LimitsTable } from '../../domain/limits/plans.ts';
import { throttleIpSubject } from '../../domain/limits/throttle-ip-subject.ts';
import type { Caller } from '../caller.ts';
import { burstRefusal } from './limit-refusals.ts';

/** What admitting generations needs: the windows' store and the plan table. */
export interface AdmissionDeps {
  /** Hourly and weekly windows (D20, D21), in the database or Redis. */
  readonly burstLimiter: BurstLimiter;
  /** The plan table with config applied. */
  readonly limits: LimitsTable;
}

/**
 * Told the caller's windows whenever a request consulted them: every such answer carries them,
 * a refusal included (docs/limits.md), so they are reported as soon as known, not returned at the
 * end. `retryAfterS` is set when nothing was admitted.
 */
export type WindowsListener = (windows: BurstAdmission, retryAfterS?: number) => void;

/**
 * Counts `count` generations in the caller's windows (a batch counts its items): the one admission
 * of single and batch generation alike. Some may be granted and not others; when none is, the
 * request is refused (429 rate_limit_*, with Retry-After).
 */
export async function admitGenerations(deps: AdmissionDeps, caller: Caller, count: number, nowMs: number, onWindows: WindowsListener): Promise<BurstAdmission> {
  const admission = await deps.burstLimiter.admit(burstSubject(caller), burstLimitsOf(deps, caller), count, nowMs);
  if (admission.granted === 0) {
    onWindows(admission, admission.retryAfterS);
    throw burstRefusal(admission, caller.kind === 'account' ? caller.tier : undefined);
  }
  onWindows(admission);
  return admission;
}

/** The caller's hourly and weekly windows as they stand, counting nothing: for a replay and the dashboard's usage. */
export function peekWindows(deps: AdmissionDeps, caller: Caller, nowMs: number): Promise<BurstAdmission> {
  return deps.burstLimiter.peek(burstSubject(caller), burstLimitsOf(deps, caller), nowMs);
}

/** peekWindows, reported to the listener. */
export async function peekGenerations(deps: AdmissionDeps, caller: Caller, nowMs: number, onWindows: WindowsListener): Promise<BurstAdmission> {
  const windows = await peekWindows(deps, caller, nowMs);
  onWindows(windows);
  return windows;
}

function burstLimitsOf(deps: AdmissionDeps, caller: Caller): BurstLimits {
  return caller.kind === 'account' ? deps.limits.plans[caller.tier] : deps.limits.anonymous;
}

/** Whose windows a request counts in: the account, or the client address (IPv6: its /64). */
function burstSubject(caller: Caller): string {
  return caller.kind === 'account' ? `a:${caller.accountId}` : `ip:${throttleIpSubject(caller.ip)}`;
}
