import { decryptSecret } from '../../domain/accounts/encrypt-secret.ts';
import { MONTHLY_DOCUMENTS } from '../../domain/limits/plans.ts';
import { findAccountById, type Tier } from '../../storage/repositories/accounts-repository.ts';
import { findApiKeyCiphertext } from '../../storage/repositories/api-keys-repository.ts';
import type { AccountDeps } from './account-deps.ts';

export interface AccountView {
  email: string;
  tier: Tier;
  email_verified: boolean;
  /** The current key, decrypted (D19: the spec's `me` shows it); null before the first one. */
  api_key: string | null;
  /** D22: total = the plan's monthly documents; used = documents this month, rounded up. */
  credits: { total: number; used: number };
}

/** GET /api/auth/me. Usage is counted by the limits work; until then `used` is 0. */
export async function describeAccount(deps: AccountDeps, accountId: string): Promise<AccountView> {
  const account = await findAccountById(deps.db, accountId);
  if (account === undefined) throw new Error('the caller\'s account vanished');
  const sealed = await findApiKeyCiphertext(deps.db, accountId);
  const tier = account.tier as Tier;
  return {
    email: account.email,
    tier,
    email_verified: account.email_verified_at !== null,
    api_key: sealed === undefined ? null : decryptSecret(sealed, deps.dataEncryptionKey, accountId),
    credits: { total: MONTHLY_DOCUMENTS[tier], used: 0 },
  };
}
