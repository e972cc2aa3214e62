import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase } from '../../src/storage/create-database.ts';
import type { Database } from '../../src/storage/database.ts';
import { startSmtpTestServer, type SmtpTestServer } from './smtp-test-server.ts';
import { createTestPostgres, createTestSqlite, type TestPostgres, type TestSqlite } from './test-databases.ts';
import { dropRedisPrefix, TEST_REDIS_URL, testRedisPrefix } from './test-redis.ts';

/** The built service and admin command, exactly what `npm start` and `npm run admin` run (npm test builds them first). */
const SERVER = path.resolve('dist/server.js');
const ADMIN = path.resolve('dist/admin.js');

/**
 * Every instance's PUBLIC_URL: the address of the (imagined) load balancer in front of them. Links
 * and mails point at it; tests send each request to an instance of their choosing instead.
 */
export const CLUSTER_PUBLIC_URL = 'http://127.0.0.1:3000';

/** One running process of the service. */
export interface Instance {
  readonly port: number;
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  readonly exited: Promise<number | null>;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
}

export interface ClusterOptions {
  /** PostgreSQL + Redis (several instances), or the embedded SQLite default (one at a time). */
  readonly storage: 'postgres' | 'sqlite';
  /** Settings every instance shares, beyond those the cluster sets (PLAN_LIMITS, for example). */
  readonly env?: Record<string, string>;
}

/**
 * Instances of the real service as separate processes on their own ports, sharing one database
 * (a fresh PostgreSQL schema, or one SQLite folder) and, on PostgreSQL, one Redis under a key
 * prefix of their own; a real SMTP server takes their mail. Each instance gets its own DATA_DIR on
 * PostgreSQL, so nothing is shared through the disk. close() kills what runs and drops it all.
 */
export interface Cluster {
  readonly smtp: SmtpTestServer;
  /** The settings every instance starts with. */
  readonly env: Readonly<Record<string, string>>;
  readonly instances: Instance[];
  /** Starts one more instance (on a new port) and waits until /api/health answers 200. */
  start(extraEnv?: Record<string, string>): Promise<Instance>;
  /** Starts several at the same moment, all racing to migrate, and waits for every one. */
  startMany(count: number): Promise<Instance[]>;
  /** A connection of the test's own to the shared database, for checks the API cannot make. */
  database(): Promise<Database>;
  /** Runs `npm run admin -- <args>` against the shared database; resolves with its exit code and output. */
  admin(args: readonly string[]): Promise<{ code: number | null; output: string }>;
  close(): Promise<void>;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const smtp = await startSmtpTestServer();
  const roots: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'invoice-cluster-'));
    roots.push(dir);
    return dir;
  };
  let postgres: TestPostgres | undefined;
  let sqlite: TestSqlite | undefined;
  let redisPrefix: string | undefined;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    ...(process.env.NODE_EXTRA_CA_CERTS === undefined ? {} : { NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS }),
    HOST: '127.0.0.1',
    PUBLIC_URL: CLUSTER_PUBLIC_URL,
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'warn',
    // The webhook receivers of the tests listen on localhost (D28 refuses it otherwise).
    OUTBOUND_ALLOW_HOSTS: 'localhost',
    PDF_WORKERS: '1',
  };
  if (options.storage === 'postgres') {
    postgres = await createTestPostgres();
    redisPrefix = testRedisPrefix('cluster');
    Object.assign(env, {
      DATABASE_URL: `${postgres.url}?schema=${postgres.schema}`,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: redisPrefix,
      LINK_SIGNING_SECRET: randomBytes(32).toString('hex'),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    });
  } else {
    sqlite = await createTestSqlite();
    env.DATA_DIR = path.dirname(sqlite.file);
  }
  Object.assign(env, options.env);

  const instances: Instance[] = [];
  const opened: Database[] = [];

  const spawnInstance = async (extraEnv: Record<string, string> = {}): Promise<Instance> => {
    const port = await freePort();
    const dataDir = options.storage === 'postgres' ? { DATA_DIR: tempDir() } : {};
    const child = spawn(process.execPath, [SERVER], { env: { ...env, ...dataDir, PORT: String(port), ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    const { exited, output } = captured(child);
    const instance: Instance = { port, url: `http://127.0.0.1:${port}`, child, exited, output };
    instances.push(instance);
    await waitForHealth(instance);
    return instance;
  };

  return {
    smtp,
    env,
    instances,
    start: spawnInstance,
    startMany: (count) => Promise.all(Array.from({ length: count }, () => spawnInstance())),
    async database() {
      const database = await createDatabase(postgres !== undefined
        ? { kind: 'postgres', url: postgres.url, schema: postgres.schema }
        : { kind: 'sqlite', file: sqlite!.file });
      opened.push(database);
      return database;
    },
    async admin(args) {
      const child = spawn(process.execPath, [ADMIN, ...args], { env: { ...env, DATA_DIR: env.DATA_DIR ?? tempDir() }, stdio: ['ignore', 'pipe', 'pipe'] });
      const { exited, output } = captured(child);
      return { code: await exited, output: output() };
    },
    async close() {
      for (const instance of instances) {
        if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill('SIGKILL');
      }
      await Promise.all(instances.map((instance) => instance.exited));
      await Promise.all(opened.map((database) => database.close()));
      await smtp.close();
      await postgres?.drop();
      await sqlite?.remove();
      if (redisPrefix !== undefined) await dropRedisPrefix(redisPrefix);
      for (const root of roots) rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A child's stdout and stderr gathered as they come, and its exit code. */
function captured(child: ChildProcess): { exited: Promise<number | null>; output: () => string } {
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  return { exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))), output: () => output };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Polls /api/health until 200; fails with the instance's output if it exits or takes over 30 s. */
async function waitForHealth(instance: Instance): Promise<void> {
  const deadline = Date.now() + 30_000;
  let exitCode: number | null | undefined;
  void instance.exited.then((code) => { exitCode = code; });
  for (;;) {
    if (exitCode !== undefined) throw new Error(`instance on port ${instance.port} exited with ${exitCode}:\n${instance.output()}`);
    try {
      const res = await fetch(`${instance.url}/api/health`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`instance on port ${instance.port} did not become healthy:\n${instance.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** POSTs JSON; answers status, headers and the raw body. */
export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; body: Buffer }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/**
 * A verified account with an API key, made over HTTP the way a person makes one: register on one
 * instance, follow the mailed link on another, log in and create the key on a third.
 */
export async function signUpOverHttp(cluster: Cluster, via: readonly Instance[] = cluster.instances): Promise<{ email: string; apiKey: string }> {
  const at = (i: number) => via[i % via.length]!.url;
  const email = `cluster-${randomUUID().slice(0, 8)}@example.com`;
  const password = `pw-${randomUUID()}`;
  const registered = await postJson(`${at(0)}/api/auth/register`, { email, password });
  assert.equal(registered.status, 201, registered.body.toString());
  const mail = await cluster.smtp.waitForMessage((m) => m.to === email && m.subject === 'Confirm your e-mail address');
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(`${CLUSTER_PUBLIC_URL}/api/auth/verify?token=`));
  assert.ok(link, `a verification link in: ${mail.text}`);
  const verified = await fetch(`${at(1)}${new URL(link).pathname}${new URL(link).search}`);
  assert.equal(verified.status, 200);
  const login = await postJson(`${at(2)}/api/auth/login`, { email, password });
  assert.equal(login.status, 200, login.body.toString());
  const session = /inv_session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
  assert.ok(session, 'a session cookie');
  const key = await fetch(`${at(0)}/api/auth/generate-api-key`, { method: 'POST', headers: { cookie: `inv_session=${session}`, origin: CLUSTER_PUBLIC_URL } });
  assert.equal(key.status, 200);
  return { email, apiKey: ((await key.json()) as { api_key: string }).api_key };
}

/** An account's books as the database holds them: its usage over all months and the numbers drawn over all years. */
export async function accountBooks(db: Database, email: string): Promise<{ accountId: string; tenths: number; pdfs: number; sequence: number }> {
  const account = await db.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const usage = await db.db.selectFrom('monthly_usage').selectAll().where('account_id', '=', account.id).execute();
  const sequence = await db.db.selectFrom('invoice_sequences').selectAll().where('scope', '=', account.id).execute();
  return {
    accountId: account.id,
    tenths: usage.reduce((sum, row) => sum + Number(row.document_tenths), 0),
    pdfs: usage.reduce((sum, row) => sum + Number(row.pdfs), 0),
    sequence: sequence.reduce((sum, row) => sum + Number(row.last_value), 0),
  };
}
