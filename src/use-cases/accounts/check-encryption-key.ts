import type { Kysely } from 'kysely';
import { decryptSecret, encryptSecret } from '../../domain/accounts/encrypt-secret.ts';
import { findNewestSealedSecret, findSecretCheck, insertSecretCheckIfAbsent } from '../../storage/repositories/secret-checks-repository.ts';
import type { Tables } from '../../storage/tables.ts';

const CHECK_NAME = 'data_encryption_key';
/** What the check value holds; any known text would do, it is authenticated by GCM. */
const CHECK_TEXT = 'invoice-service data encryption key check v1';

/** How the start-up check went; a mismatch is a value, the caller decides to stop (server.ts). */
export type EncryptionKeyCheck =
  | { readonly ok: true; readonly sealed: boolean }
  | { readonly ok: false; readonly found: 'check value' | 'stored secret' };

/**
 * Whether DATA_ENCRYPTION_KEY is the key the stored API keys and webhook secrets were sealed with,
 * run once at start-up before anything is served. The first start seals a check value with the key;
 * later starts must open it. A database from before check values existed is tested on one stored
 * secret first, so an upgrade that comes with a wrong key is refused too, and no check value is
 * sealed with that wrong key. Of several instances starting at once only one check value is stored
 * (insert-if-absent), and every instance checks the one stored, so an instance with another key
 * than the winner's is refused as well.
 *
 * Limits: it proves the key opens the check value, not every row; a row sealed by an instance
 * that ran with another key before this check existed still fails to open (describeAccount and
 * the webhook worker handle that without a 500).
 */
export async function checkEncryptionKey(db: Kysely<Tables>, key: Buffer, nowMs: number): Promise<EncryptionKeyCheck> {
  let stored = await findSecretCheck(db, CHECK_NAME);
  if (stored === undefined) {
    const legacy = await findNewestSealedSecret(db);
    if (legacy !== undefined && !opens(legacy.sealed, key, legacy.associatedData)) return { ok: false, found: 'stored secret' };
    await insertSecretCheckIfAbsent(db, CHECK_NAME, encryptSecret(CHECK_TEXT, key, CHECK_NAME), nowMs);
    stored = await findSecretCheck(db, CHECK_NAME);
    if (stored === undefined) throw new Error('the encryption key check value was not stored');
    return opens(stored, key, CHECK_NAME, CHECK_TEXT) ? { ok: true, sealed: true } : { ok: false, found: 'check value' };
  }
  return opens(stored, key, CHECK_NAME, CHECK_TEXT) ? { ok: true, sealed: false } : { ok: false, found: 'check value' };
}

function opens(sealed: string, key: Buffer, associatedData: string, expected?: string): boolean {
  try {
    const plain = decryptSecret(sealed, key, associatedData);
    return expected === undefined || plain === expected;
  } catch {
    return false;
  }
}
