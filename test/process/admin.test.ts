import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { createDatabase } from '../../src/storage/create-database.ts';
import type { Database } from '../../src/storage/database.ts';
import { migrateToLatest } from '../../src/storage/migrate-to-latest.ts';
import { findAccountByEmail, insertAccount, markEmailVerified } from '../../src/storage/repositories/accounts-repository.ts';
import { findApiKeyCiphertext, replaceApiKey } from '../../src/storage/repositories/api-keys-repository.ts';
import { createTestPostgres, type TestPostgres } from '../helpers/test-databases.ts';

// The built command, exactly what `npm run admin` runs (the test script builds it first).
const ADMIN = path.resolve('dist/admin.js');
// 2027-01-15T08:00:00Z
const CREATED_AT_MS = 1_800_000_000_000;
// Shorter than busy_timeout (5 s), so the admin command waits for the lock rather than failing.
const HOLD_WRITE_LOCK_MS = 1_500;

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** performance.now() when the process exited. */
  readonly exitedAt: number;
}

function admin(args: readonly string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ADMIN, ...args], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, exitedAt: performance.now() }));
  });
}

async function addAccount(db: Database['db'], email: string, options: { verified?: boolean; key?: boolean } = {}) {
  const id = randomUUID();
  assert.equal(await insertAccount(db, { id, email, passwordHash: `scrypt$secret-hash-${id}`, createdAt: CREATED_AT_MS }), true);
  if (options.verified) await markEmailVerified(db, id, CREATED_AT_MS + 1000);
  const key = { keyHash: `secret-key-hash-${id}`, keyCiphertext: `secret-sealed-key-${id}` };
  if (options.key) await replaceApiKey(db, { accountId: id, ...key, createdAt: CREATED_AT_MS });
  return { id, email, ...key };
}

function assertNoSecrets(run: Run, dataDir?: string): void {
  const output = run.stdout + run.stderr;
  assert.doesNotMatch(output, /secret-|scrypt\$/, 'a password hash or key material reached the output');
  if (dataDir !== undefined) {
    const secrets = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as Record<string, string>;
    for (const value of Object.values(secrets)) assert.ok(!output.includes(value), 'a server secret reached the output');
  }
}

describe('the built admin command on SQLite, next to an open connection', () => {
  let dataDir: string;
  let env: Record<string, string>;
  // Held open for the whole suite, as the running service would hold it.
  let service: Database;

  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'invoice-admin-'));
    env = { DATA_DIR: dataDir };
    service = await createDatabase({ kind: 'sqlite', file: path.join(dataDir, 'invoice.db') });
    await migrateToLatest(service.db);
  });
  after(async () => {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('set-tier changes the tier, and the other connection sees it at once', async () => {
    const { email } = await addAccount(service.db, 'tier@example.com');
    const run = await admin(['set-tier', email, 'pro'], env);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, 'tier@example.com is now on pro (was free).\n');
    assert.equal((await findAccountByEmail(service.db, email))?.tier, 'pro');
    const again = await admin(['set-tier', email, 'pro'], env);
    assert.equal(again.code, 0);
    assert.match(again.stdout, /already on pro; nothing changed/);
    assertNoSecrets(run, dataDir);
  });

  it('set-tier finds the account however the domain is typed (the address is normalised)', async () => {
    const { email } = await addAccount(service.db, 'Mixed.Case@example.com');
    const run = await admin(['set-tier', '  Mixed.Case@EXAMPLE.com ', 'enterprise'], env);
    assert.equal(run.code, 0, run.stderr);
    assert.equal((await findAccountByEmail(service.db, email))?.tier, 'enterprise');
  });

  it('an unknown tier is bad usage: exit 2, naming the tiers, and nothing changes', async () => {
    const { email } = await addAccount(service.db, 'gold@example.com');
    const run = await admin(['set-tier', email, 'gold'], env);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /"gold" is not a tier; use one of free, starter, pro, enterprise/);
    assert.match(run.stderr, /Usage: npm run admin/);
    assert.equal(run.stdout, '');
    assert.equal((await findAccountByEmail(service.db, email))?.tier, 'free');
  });

  it('an address no account has: exit 1 with a message saying so', async () => {
    for (const args of [['set-tier', 'nobody@example.com', 'pro'], ['revoke-key', 'nobody@example.com']]) {
      const run = await admin(args, env);
      assert.equal(run.code, 1, args.join(' '));
      assert.match(run.stderr, /No account has the address nobody@example.com/);
      assert.equal(run.stdout, '');
    }
  });

  it('an address that is not one is bad usage: exit 2 with the reason', async () => {
    const run = await admin(['set-tier', 'not-an-address', 'pro'], env);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /exactly one @/);
  });

  it('list shows one line per account with tier, verified, key and creation date, and no secrets', async () => {
    await addAccount(service.db, 'listed-verified@example.com', { verified: true, key: true });
    await addAccount(service.db, 'listed-new@example.com');
    const run = await admin(['list'], env);
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stdout.trimEnd().split('\n');
    assert.deepEqual(lines[0]?.split(/\s{2,}/), ['EMAIL', 'TIER', 'VERIFIED', 'API KEY', 'CREATED (UTC)']);
    const rows = new Map(lines.slice(1).map((line) => { const cells = line.split(/\s+/); return [cells[0], cells.slice(1)]; }));
    assert.deepEqual(rows.get('listed-verified@example.com'), ['free', 'yes', 'yes', '2027-01-15']);
    assert.deepEqual(rows.get('listed-new@example.com'), ['free', 'no', 'no', '2027-01-15']);
    assert.deepEqual(rows.get('tier@example.com'), ['pro', 'no', 'no', '2027-01-15']);
    assert.equal(rows.size, lines.length - 1, 'one line per account');
    assertNoSecrets(run, dataDir);
  });

  it('revoke-key deletes the key at once; a second revoke finds none and still succeeds', async () => {
    const account = await addAccount(service.db, 'revoke@example.com', { verified: true, key: true });
    assert.equal(await findApiKeyCiphertext(service.db, account.id), account.keyCiphertext);
    const run = await admin(['revoke-key', account.email], env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /Revoked the API key of revoke@example.com/);
    assert.equal(await findApiKeyCiphertext(service.db, account.id), undefined);
    const again = await admin(['revoke-key', account.email], env);
    assert.equal(again.code, 0);
    assert.match(again.stdout, /has no API key; nothing to revoke/);
    assertNoSecrets(run, dataDir);
  });

  it('waits for a write transaction the other connection holds, then succeeds (busy_timeout, WAL)', async () => {
    const { email } = await addAccount(service.db, 'locked@example.com');
    let committedAt = 0;
    let pending: Promise<Run> | undefined;
    await service.db.transaction().execute(async (trx) => {
      // BEGIN IMMEDIATE (ImmediateSqliteDialect) already holds the write lock; write to be sure.
      await trx.updateTable('accounts').set({ tier: 'starter' }).where('email', '=', email).execute();
      pending = admin(['set-tier', email, 'pro'], env);
      await sleep(HOLD_WRITE_LOCK_MS);
      committedAt = performance.now();
    });
    const run = await pending!;
    assert.equal(run.code, 0, run.stderr);
    assert.ok(run.exitedAt >= committedAt, 'the command finished only after the lock was released');
    assert.equal(run.stdout, 'locked@example.com is now on pro (was starter).\n');
    assert.equal((await findAccountByEmail(service.db, email))?.tier, 'pro');
  });

  it('bad usage exits 2 with the usage on stderr; help prints it on stdout without opening the database', async () => {
    for (const args of [[], ['frobnicate'], ['set-tier', 'a@example.com'], ['list', 'extra'], ['revoke-key']]) {
      const run = await admin(args, env);
      assert.equal(run.code, 2, args.join(' '));
      assert.match(run.stderr, /Usage: npm run admin -- <command>/);
      assert.equal(run.stdout, '');
    }
    const help = await admin(['help'], { DATA_DIR: path.join(dataDir, 'never-created'), DATABASE_URL: 'not a url' });
    assert.equal(help.code, 0);
    assert.match(help.stdout, /set-tier <email> <tier>/);
    assert.equal(help.stderr, '');
  });

  it('bad settings exit 1 naming the setting, as the service does', async () => {
    const run = await admin(['list'], { DATA_DIR: dataDir, DATABASE_URL: 'mysql://localhost/x' });
    assert.equal(run.code, 1);
    assert.match(run.stderr, /DATABASE_URL must start with postgres:\/\//);
  });
});

describe('the built admin command on PostgreSQL', () => {
  let postgres: TestPostgres;
  let database: Database;
  let env: Record<string, string>;

  before(async () => {
    postgres = await createTestPostgres();
    database = await createDatabase({ kind: 'postgres', url: postgres.url, schema: postgres.schema });
    await migrateToLatest(database.db);
    const url = new URL(postgres.url);
    url.searchParams.set('schema', postgres.schema);
    env = {
      DATABASE_URL: url.toString(),
      LINK_SIGNING_SECRET: 'x'.repeat(32),
      DATA_ENCRYPTION_KEY: '0'.repeat(64),
      DATA_DIR: path.join(tmpdir(), 'invoice-admin-unused'),
    };
  });
  after(async () => {
    await database.close();
    await postgres.drop();
  });

  it('set-tier, list and revoke-key act on the schema DATABASE_URL names', async () => {
    const account = await addAccount(database.db, 'pg@example.com', { verified: true, key: true });
    const setTier = await admin(['set-tier', account.email, 'starter'], env);
    assert.equal(setTier.code, 0, setTier.stderr);
    assert.equal((await findAccountByEmail(database.db, account.email))?.tier, 'starter');

    const list = await admin(['list'], env);
    assert.equal(list.code, 0, list.stderr);
    assert.deepEqual(list.stdout.trimEnd().split('\n')[1]?.split(/\s+/), ['pg@example.com', 'starter', 'yes', 'yes', '2027-01-15']);

    const revoke = await admin(['revoke-key', account.email], env);
    assert.equal(revoke.code, 0, revoke.stderr);
    assert.equal(await findApiKeyCiphertext(database.db, account.id), undefined);
    for (const run of [setTier, list, revoke]) {
      assertNoSecrets(run);
      assert.ok(!(run.stdout + run.stderr).includes('x'.repeat(32)), 'LINK_SIGNING_SECRET reached the output');
    }
  });
});
