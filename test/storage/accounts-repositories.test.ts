import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import {
  findAccountByEmail, findAccountById, insertAccount, listAccounts, markEmailVerified, setPasswordHash, setTier,
} from '../../src/storage/repositories/accounts-repository.ts';
import {
  deleteApiKey, findAccountIdByApiKeyHash, findApiKeyCiphertext, replaceApiKey,
} from '../../src/storage/repositories/api-keys-repository.ts';
import {
  consumeEmailToken, deleteEmailTokens, deleteExpiredEmailTokens, insertEmailToken,
} from '../../src/storage/repositories/email-tokens-repository.ts';
import {
  deleteExpiredSessions, deleteSession, deleteSessionsOfAccount, findSessionAccountId, insertSession,
} from '../../src/storage/repositories/sessions-repository.ts';
import { sweepExpiredRows } from '../../src/use-cases/sweep-expired-rows.ts';
import { forEachDialect } from '../helpers/test-databases.ts';

const T0 = 1_800_000_000_000;

forEachDialect((target) => {
  async function newAccount(db: Parameters<typeof insertAccount>[0], email = `${randomUUID()}@example.com`) {
    const id = randomUUID();
    assert.equal(await insertAccount(db, { id, email, passwordHash: 'scrypt$x', createdAt: T0 }), true);
    return { id, email };
  }

  test('an account is created once per address; a second insert reports false and changes nothing', async () => {
    const { db } = await target.open();
    const { id, email } = await newAccount(db);
    assert.equal(await insertAccount(db, { id: randomUUID(), email, passwordHash: 'other', createdAt: T0 + 1 }), false);
    const row = await findAccountByEmail(db, email);
    assert.equal(row?.id, id);
    assert.equal(row?.password_hash, 'scrypt$x');
    assert.equal(row?.tier, 'free', 'new accounts are free');
    assert.equal(row?.email_verified_at, null);
    assert.equal(row?.created_at, T0);
    assert.deepEqual(await findAccountById(db, id), row);
    assert.equal(await findAccountByEmail(db, `nobody-${randomUUID()}@example.com`), undefined);
  });

  test('concurrent registrations of one address create exactly one account', async () => {
    const { db } = await target.open({ poolSize: 8 });
    const email = `${randomUUID()}@example.com`;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => insertAccount(db, { id: randomUUID(), email, passwordHash: 'h', createdAt: T0 })),
    );
    assert.equal(results.filter(Boolean).length, 1);
  });

  test('verification keeps the first time; password and tier change; list is oldest first', async () => {
    const { db } = await target.open();
    const { id, email } = await newAccount(db);
    await markEmailVerified(db, id, T0 + 5);
    await markEmailVerified(db, id, T0 + 9);
    assert.equal((await findAccountById(db, id))?.email_verified_at, T0 + 5);
    await setPasswordHash(db, id, 'scrypt$new');
    assert.equal((await findAccountById(db, id))?.password_hash, 'scrypt$new');
    assert.equal(await setTier(db, email, 'pro'), true);
    assert.equal((await findAccountById(db, id))?.tier, 'pro');
    assert.equal(await setTier(db, `none-${randomUUID()}@example.com`, 'pro'), false);
    const all = await listAccounts(db);
    assert.ok(all.some((a) => a.id === id));
  });

  test('sessions: found until they expire, deleted one by one, per account, or when expired', async () => {
    const { db } = await target.open();
    const { id } = await newAccount(db);
    const a = randomUUID();
    const b = randomUUID();
    await insertSession(db, { idHash: a, accountId: id, createdAt: T0, expiresAt: T0 + 1000 });
    await insertSession(db, { idHash: b, accountId: id, createdAt: T0, expiresAt: T0 + 2000 });
    assert.equal(await findSessionAccountId(db, a, T0 + 999), id);
    assert.equal(await findSessionAccountId(db, a, T0 + 1000), undefined, 'expired at expires_at');
    assert.equal(await findSessionAccountId(db, randomUUID(), T0), undefined);
    await deleteSession(db, a);
    assert.equal(await findSessionAccountId(db, a, T0), undefined);
    assert.equal(await findSessionAccountId(db, b, T0), id);
    await deleteSessionsOfAccount(db, id);
    assert.equal(await findSessionAccountId(db, b, T0), undefined);
    await insertSession(db, { idHash: a, accountId: id, createdAt: T0, expiresAt: T0 + 10 });
    assert.ok((await deleteExpiredSessions(db, T0 + 10)) >= 1);
    assert.equal(await findSessionAccountId(db, a, T0), undefined);
  });

  test('an API key is replaced in one step: the old hash stops resolving at once', async () => {
    const { db } = await target.open();
    const { id } = await newAccount(db);
    await replaceApiKey(db, { accountId: id, keyHash: 'h1', keyCiphertext: 'c1', createdAt: T0 });
    assert.equal(await findAccountIdByApiKeyHash(db, 'h1'), id);
    assert.equal(await findApiKeyCiphertext(db, id), 'c1');
    await replaceApiKey(db, { accountId: id, keyHash: 'h2', keyCiphertext: 'c2', createdAt: T0 + 1 });
    assert.equal(await findAccountIdByApiKeyHash(db, 'h1'), undefined);
    assert.equal(await findAccountIdByApiKeyHash(db, 'h2'), id);
    assert.equal(await findApiKeyCiphertext(db, id), 'c2');
    assert.equal(await deleteApiKey(db, id), true);
    assert.equal(await deleteApiKey(db, id), false);
    assert.equal(await findAccountIdByApiKeyHash(db, 'h2'), undefined);
  });

  test('e-mail tokens are single use, purpose-bound and expire; racing consumers get one success', async () => {
    const { db } = await target.open({ poolSize: 8 });
    const { id } = await newAccount(db);
    const hash = randomUUID();
    await insertEmailToken(db, { tokenHash: hash, accountId: id, purpose: 'verify', createdAt: T0, expiresAt: T0 + 100 });
    assert.equal(await consumeEmailToken(db, hash, 'reset', T0 + 1), undefined, 'another purpose');
    assert.equal(await consumeEmailToken(db, hash, 'verify', T0 + 100), undefined, 'expired');
    const results = await Promise.all(Array.from({ length: 8 }, () => consumeEmailToken(db, hash, 'verify', T0 + 1)));
    assert.deepEqual(results.filter((r) => r !== undefined), [id]);
    assert.equal(await consumeEmailToken(db, hash, 'verify', T0 + 2), undefined, 'reused');

    const other = randomUUID();
    await insertEmailToken(db, { tokenHash: other, accountId: id, purpose: 'reset', createdAt: T0, expiresAt: T0 + 100 });
    await deleteEmailTokens(db, id, 'reset');
    assert.equal(await consumeEmailToken(db, other, 'reset', T0 + 1), undefined);
    assert.ok((await deleteExpiredEmailTokens(db, T0 + 100)) >= 1);
  });

  test('deleting nothing is harmless and foreign keys hold', async () => {
    const { db } = await target.open();
    await assert.rejects(insertSession(db, { idHash: randomUUID(), accountId: 'no-such-account', createdAt: T0, expiresAt: T0 + 1 }));
  });
});

forEachDialect((target) => {
  test('the sweep deletes only expired sessions and tokens', async () => {
    const { db } = await target.open();
    const id = randomUUID();
    await insertAccount(db, { id, email: `${id}@example.com`, passwordHash: 'h', createdAt: T0 });
    const live = randomUUID();
    const dead = randomUUID();
    await insertSession(db, { idHash: live, accountId: id, createdAt: T0, expiresAt: T0 + 1000 });
    await insertSession(db, { idHash: dead, accountId: id, createdAt: T0, expiresAt: T0 + 10 });
    await insertEmailToken(db, { tokenHash: live, accountId: id, purpose: 'verify', createdAt: T0, expiresAt: T0 + 1000 });
    await insertEmailToken(db, { tokenHash: dead, accountId: id, purpose: 'reset', createdAt: T0, expiresAt: T0 + 10 });
    const swept = await sweepExpiredRows(db, T0 + 500);
    assert.ok(swept.sessions >= 1 && swept.tokens >= 1);
    assert.equal(await findSessionAccountId(db, live, T0 + 500), id);
    assert.equal(await consumeEmailToken(db, live, 'verify', T0 + 500), id);
    const left = await db.selectFrom('sessions').select('id_hash').where('id_hash', '=', dead).execute();
    assert.equal(left.length, 0);
  });
});
