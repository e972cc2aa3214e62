import type { BurstAdmission } from '../../domain/limits/burst-limiter.ts';
import { monthlyView, type MonthlyView } from '../../domain/limits/document-cost.ts';
import { utcWindows } from '../../domain/limits/utc-windows.ts';
import { readMonthlyUsage } from '../../storage/repositories/monthly-usage-repository.ts';
import type { AccountCaller } from '../caller.ts';
import type { UseCaseDb } from '../use-case-db.ts';
import { peekWindows, type AdmissionDeps } from './admit-generations.ts';

export interface UsageDeps extends AdmissionDeps {
  readonly db: UseCaseDb;
}

/** An account's hourly and weekly windows and its month, as a generation's meta reports them (D22). */
export interface Usage {
  readonly windows: BurstAdmission;
  readonly monthly: MonthlyView;
}

/**
 * The figures of the dashboard, read without counting or metering anything: the windows are peeked,
 * not admitted, so looking at them never uses them up.
 */
export async function readUsage(deps: UsageDeps, caller: AccountCaller, nowMs: number): Promise<Usage> {
  const plan = deps.limits.plans[caller.tier];
  const [windows, usage] = await Promise.all([
    peekWindows(deps, caller, nowMs),
    readMonthlyUsage(deps.db, caller.accountId, utcWindows(nowMs).monthStart),
  ]);
  return { windows, monthly: monthlyView(usage, plan, nowMs) };
}
