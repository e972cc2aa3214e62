import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { encryptSecret } from '../../src/domain/accounts/encrypt-secret.ts';
import { checkEncryptionKey } from '../../src/use-cases/accounts/check-encryption-key.ts';
import { forEachDialect } from '../helpers/test-databases.ts';

// The start-up check of DATA_ENCRYPTION_KEY against the stored secrets.
const T0 = 1_800_000_000_000;
const newKey = () => randomBytes(32);

forEachDialect((target) => {
  test('the first start seals a check value; the same key passes, another key is refused', async () => {
    const { db } = await target.open();
    await db.deleteFrom('secret_checks').execute();
    const keyA = newKey();
    assert.deepEqual(await checkEncryptionKey(db, keyA, T0), { ok: true, sealed: true });
    assert.deepEqual(await checkEncryptionKey(db, keyA, T0 + 1), { ok: true, sealed: false });
    assert.deepEqual(await checkEncryptionKey(db, newKey(), T0 + 2), { ok: false, found: 'check value' });
    assert.equal((await db.selectFrom('secret_checks').selectAll().execute()).length, 1);
  });

  test('a database from before the check: one stored API key is tried first, and a wrong key seals nothing', async () => {
    const { db } = await target.open();
    await db.deleteFrom('secret_checks').execute();
    const keyA = newKey();
    const accountId = randomUUID();
    await db.insertInto('accounts').values({ id: accountId, email: `${accountId}@example.com`, password_hash: 'scrypt$x', email_verified_at: T0, created_at: T0 }).execute();
    await db.insertInto('api_keys').values({ account_id: accountId, key_hash: randomUUID(), key_ciphertext: encryptSecret('inv_secret', keyA, accountId), created_at: T0 }).execute();
    assert.deepEqual(await checkEncryptionKey(db, newKey(), T0), { ok: false, found: 'stored secret' });
    assert.equal(await db.selectFrom('secret_checks').selectAll().executeTakeFirst(), undefined, 'no check value sealed with the wrong key');
    assert.deepEqual(await checkEncryptionKey(db, keyA, T0), { ok: true, sealed: true });
    assert.deepEqual(await checkEncryptionKey(db, newKey(), T0), { ok: false, found: 'check value' });
  });

  test('instances racing at the first start, with two keys: one check value wins and only its key passes', async () => {
    const { db } = await target.open({ poolSize: 10 });
    await db.deleteFrom('api_keys').execute();
    await db.deleteFrom('webhooks').execute();
    await db.deleteFrom('secret_checks').execute();
    const keys = [newKey(), newKey()];
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => checkEncryptionKey(db, keys[i % 2]!, T0)));
    const passed = results.map((result, i) => (result.ok ? i % 2 : -1));
    const winner = passed.find((key) => key >= 0)!;
    assert.deepEqual(passed, passed.map((_, i) => (i % 2 === winner ? winner : -1)), 'every instance with the winning key passes, every other is refused');
    assert.equal((await db.selectFrom('secret_checks').selectAll().execute()).length, 1);
  });
});
