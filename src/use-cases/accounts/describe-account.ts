import { decryptSecret } from '../../domain/accounts/encrypt-secret.ts';
import { credits } from '../../domain/limits/document-cost.ts';
import type { LimitsTable } from '../../domain/limits/plans.ts';
import { utcWindows } from '../../domain/limits/utc-windows.ts';
import { readMonthlyUsage } from '../../storage/repositories/monthly-usage-repository.ts';
import type { Tier } from '../../domain/accounts/tiers.ts';
import { findAccountById } from '../../storage/repositories/accounts-repository.ts';
import { findApiKeyCiphertext } from '../../storage/repositories/api-keys-repository.ts';
import type { AccountDeps } from './account-deps.ts';

export interface AccountView {
  email: string;
  tier: Tier;
  email_verified: boolean;
  /** The current key, decrypted (D19: the spec's `me` shows it); null before the first one. */
  api_key: string | null;
  /** D22: total = the plan's monthly documents (null: unlimited); used = documents this month, rounded up. */
  credits: { total: number | null; used: number };
}

/** GET /api/auth/me. */
export async function describeAccount(deps: AccountDeps, accountId: string, limits: LimitsTable, nowMs: number): Promise<AccountView> {
  const account = await findAccountById(deps.db, accountId);
  if (account === undefined) throw new Error('the caller\'s account vanished');
  const sealed = await findApiKeyCiphertext(deps.db, accountId);
  const tier = account.tier as Tier;
  return {
    email: account.email,
    tier,
    email_verified: account.email_verified_at !== null,
    api_key: sealed === undefined ? null : decryptSecret(sealed, deps.dataEncryptionKey, accountId),
    credits: credits(await readMonthlyUsage(deps.db, accountId, utcWindows(nowMs).monthStart), limits.plans[tier]),
  };
}
