import type { Tier } from '../../domain/accounts/tiers.ts';
import { findAccountById } from '../../storage/repositories/accounts-repository.ts';
import type { AccountCaller } from '../caller.ts';
import type { UseCaseDb } from '../use-case-db.ts';

/**
 * The caller an account id stands for, read afresh on every request so that a confirmation, a
 * plan change or a deletion shows at once; undefined when the account is gone, which the callers
 * treat as an unknown credential.
 */
export async function loadAccountCaller(
  db: UseCaseDb,
  accountId: string,
  via: AccountCaller['via'],
  sessionIdHash?: string,
): Promise<AccountCaller | undefined> {
  const account = await findAccountById(db, accountId);
  if (account === undefined) return undefined;
  return {
    kind: 'account',
    accountId,
    email: account.email,
    tier: account.tier as Tier,
    verified: account.email_verified_at !== null,
    via,
    ...(sessionIdHash === undefined ? {} : { sessionIdHash }),
  };
}
