import type { FastifyReply } from 'fastify';
import type { BurstAdmission, BurstLimiter } from '../domain/limits/burst-limiter.ts';
import type { BurstLimits, LimitsTable } from '../domain/limits/plans.ts';
import { throttleIpSubject } from '../domain/limits/throttle-ip-subject.ts';
import type { Caller } from '../use-cases/caller.ts';
import { burstRefusal } from '../use-cases/limits/limit-refusals.ts';
import { setRateLimitHeaders } from './rate-limit-headers.ts';

/** What admitting generations needs: the windows' store and the plan table. */
export interface AdmissionDeps {
  /** Hourly and weekly windows (D20, D21), in the database or Redis. */
  readonly burstLimiter: BurstLimiter;
  /** The plan table with config applied (D21). */
  readonly limits: LimitsTable;
}

/**
 * Counts `count` generations in the caller's windows (a batch counts its items, D21) and sets the
 * rate-limit headers. Some may be granted and not others; when none is, the request is refused
 * with 429 and Retry-After.
 */
export async function admitGenerations(deps: AdmissionDeps, reply: FastifyReply, caller: Caller, count: number, now: number): Promise<BurstAdmission> {
  const admission = await deps.burstLimiter.admit(burstSubject(caller), burstLimitsOf(deps, caller), count, now);
  setRateLimitHeaders(reply, admission);
  if (admission.granted === 0) {
    reply.header('retry-after', String(admission.retryAfterS));
    throw burstRefusal(admission, caller.kind === 'account' ? caller.tier : undefined);
  }
  return admission;
}

/** The windows as they stand, counting nothing (an idempotent replay is not counted, D21). */
export async function peekGenerations(deps: AdmissionDeps, reply: FastifyReply, caller: Caller, now: number): Promise<void> {
  setRateLimitHeaders(reply, await peekWindows(deps, caller, now));
}

/** The caller's hourly and weekly windows as they stand (the dashboard's usage, issue 9). */
export function peekWindows(deps: AdmissionDeps, caller: Caller, now: number): Promise<BurstAdmission> {
  return deps.burstLimiter.peek(burstSubject(caller), burstLimitsOf(deps, caller), now);
}

function burstLimitsOf(deps: AdmissionDeps, caller: Caller): BurstLimits {
  return caller.kind === 'account' ? deps.limits.plans[caller.tier] : deps.limits.anonymous;
}

/** Whose windows a request counts in: the account, or the client address (IPv6: its /64). */
function burstSubject(caller: Caller): string {
  return caller.kind === 'account' ? `a:${caller.accountId}` : `ip:${throttleIpSubject(caller.ip)}`;
}
