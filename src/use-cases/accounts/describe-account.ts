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
  /** The current key, decrypted (D19: the spec's `me` shows it); null before the first one, or when it cannot be opened. */
  api_key: string | null;
  /** Present only when a key is stored but does not open with this server's key (API_KEY_UNAVAILABLE). */
  api_key_unavailable?: string;
  /** D22: total = the plan's monthly documents (null: unlimited); used = documents this month, rounded up. */
  credits: { total: number | null; used: number };
}

/**
 * What /api/auth/me says instead of the key when the stored key does not open with this server's
 * DATA_ENCRYPTION_KEY: start-up refuses a key that does not match the stored check value, so this
 * is a row sealed by an instance that ran with another key. The key is still valid (it is looked up
 * by hash); only showing it is impossible, so the answer is the account without it, never a 500,
 * and the way to get a key that can be shown.
 */
export const API_KEY_UNAVAILABLE = 'Your API key still works, but it cannot be shown: it was stored under another server encryption key (the operator should check DATA_ENCRYPTION_KEY). Create a new key with POST /api/auth/generate-api-key (the dashboard\'s "Create API key") to see it; the old one stops working then.';

/** GET /api/auth/me. */
export async function describeAccount(deps: AccountDeps, accountId: string, limits: LimitsTable, nowMs: number): Promise<AccountView> {
  const account = await findAccountById(deps.db, accountId);
  if (account === undefined) throw new Error('the caller\'s account vanished');
  const sealed = await findApiKeyCiphertext(deps.db, accountId);
  const tier = account.tier as Tier;
  const apiKey = sealed === undefined ? null : openApiKey(sealed, deps.dataEncryptionKey, accountId);
  return {
    email: account.email,
    tier,
    email_verified: account.email_verified_at !== null,
    api_key: apiKey ?? null,
    ...(apiKey === undefined ? { api_key_unavailable: API_KEY_UNAVAILABLE } : {}),
    credits: credits(await readMonthlyUsage(deps.db, accountId, utcWindows(nowMs).monthStart), limits.plans[tier]),
  };
}

/** The key in clear, or undefined when it does not open with this key. */
function openApiKey(sealed: string, key: Buffer, accountId: string): string | undefined {
  try {
    return decryptSecret(sealed, key, accountId);
  } catch {
    return undefined;
  }
}
