import { encryptSecret } from '../../domain/accounts/encrypt-secret.ts';
import { generateApiKey } from '../../domain/accounts/generate-api-key.ts';
import { hashSecret } from '../../domain/accounts/hash-secret.ts';
import { replaceApiKey } from '../../storage/repositories/api-keys-repository.ts';
import type { AccountCaller } from '../caller.ts';
import type { AccountDeps } from './account-deps.ts';
import { unverifiedAccountError } from './unverified-account-error.ts';

/**
 * A new key replaces the account's old one in one statement, so the old key is refused from the
 * moment this returns. Needs a verified address (spec rule 4). The key is stored as its SHA-256
 * (for lookup) and sealed with AES-256-GCM bound to the account id (to show it again).
 */
export async function rotateApiKey(deps: AccountDeps, caller: AccountCaller, now: number): Promise<string> {
  if (!caller.verified) {
    throw unverifiedAccountError('An API key');
  }
  const key = generateApiKey();
  await replaceApiKey(deps.db, {
    accountId: caller.accountId,
    keyHash: hashSecret(key),
    keyCiphertext: encryptSecret(key, deps.dataEncryptionKey, caller.accountId),
    createdAt: now,
  });
  return key;
}
