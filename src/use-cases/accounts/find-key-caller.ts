import { hashSecret } from '../../domain/accounts/hash-secret.ts';
import { findAccountIdByApiKeyHash } from '../../storage/repositories/api-keys-repository.ts';
import type { AccountCaller } from '../caller.ts';
import type { UseCaseDb } from '../use-case-db.ts';
import { loadAccountCaller } from './load-account-caller.ts';

/**
 * The account an API key belongs to, or undefined for a key that is unknown or was replaced. Keys
 * are stored only as their SHA-256, so the lookup is by hash; the key's form is the caller's to
 * check first.
 */
export async function findKeyCaller(db: UseCaseDb, apiKey: string): Promise<AccountCaller | undefined> {
  const accountId = await findAccountIdByApiKeyHash(db, hashSecret(apiKey));
  return accountId === undefined ? undefined : loadAccountCaller(db, accountId, 'api_key');
}
