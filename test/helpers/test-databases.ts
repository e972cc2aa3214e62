import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe } from 'node:test';
import pg from 'pg';
import { createDatabase } from '../../src/storage/create-database.ts';
import type { Database } from '../../src/storage/database.ts';
import { migrateToLatest } from '../../src/storage/migrate-to-latest.ts';

/** One back-end under test, with a database that belongs to this test file alone. */
export interface DialectUnderTest {
  readonly dialect: Database['dialect'];
  /**
   * Opens this file's database (migrated unless migrate is false). Each call is a new connection
   * or pool on the same data, so closing one and opening again tests persistence. Everything
   * opened is closed after the file's tests.
   */
  open(options?: { readonly poolSize?: number; readonly migrate?: boolean }): Promise<Database>;
}

/** A SQLite file in a fresh temporary folder (the file's folder does not exist yet). */
export interface TestSqlite {
  readonly file: string;
  /** Deletes the folder and everything in it. */
  remove(): Promise<void>;
}

/** A fresh, empty schema in the shared PostgreSQL test database. */
export interface TestPostgres {
  readonly url: string;
  readonly schema: string;
  /** DROP SCHEMA … CASCADE; close every pool on it first, or the drop waits for their locks. */
  drop(): Promise<void>;
}

const POSTGRES_HOST = '127.0.0.1:5432';
const POSTGRES_DATABASE = 'test';
const PROBE_TIMEOUT_MS = 5_000;

/**
 * Runs fn once per dialect inside describe('sqlite') and describe('postgres'), the way Kysely's
 * own suite loops over its dialects. Each gets its own database for this file (a temp folder, a
 * t_<random> schema), so test files running in parallel never see each other's rows; tests in
 * one file share it and should use their own scopes or keys.
 */
export function forEachDialect(fn: (target: DialectUnderTest) => void): void {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    describe(dialect, () => {
      const opened: Database[] = [];
      let sqlite: TestSqlite | undefined;
      let postgres: TestPostgres | undefined;

      before(async () => {
        if (dialect === 'sqlite') sqlite = await createTestSqlite();
        else postgres = await createTestPostgres();
      });
      after(async () => {
        await Promise.all(opened.map((database) => database.close()));
        await sqlite?.remove();
        await postgres?.drop();
      });

      fn({
        dialect,
        async open({ poolSize, migrate = true } = {}) {
          const database = await createDatabase(
            sqlite !== undefined
              ? { kind: 'sqlite', file: sqlite.file }
              : { kind: 'postgres', url: postgres!.url, schema: postgres!.schema, ...(poolSize ? { poolSize } : {}) },
          );
          opened.push(database);
          if (migrate) await migrateToLatest(database.db);
          return database;
        },
      });
    });
  }
}

export async function createTestSqlite(): Promise<TestSqlite> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'invoice-storage-'));
  return {
    file: path.join(folder, 'data', 'invoice.db'),
    remove: () => rm(folder, { recursive: true, force: true }),
  };
}

/**
 * A schema of its own in database `test`, for any test that needs PostgreSQL (the HTTP tests run
 * the whole app on it): pass url and schema to createDatabase, and call drop() when done.
 */
export async function createTestPostgres(): Promise<TestPostgres> {
  const url = await postgresTestUrl();
  // Lower-case hex, so the name passes createDatabase's identifier check without quoting issues.
  const schema = `t_${randomBytes(6).toString('hex')}`;
  return {
    url,
    schema,
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}

let probed: Promise<string> | undefined;

/** The test database's URL: user postgres, else the OS user (both trust auth on 127.0.0.1). */
export function postgresTestUrl(): Promise<string> {
  probed ??= findPostgresUser();
  return probed;
}

async function findPostgresUser(): Promise<string> {
  const users = [...new Set(['postgres', os.userInfo().username])];
  const failures: string[] = [];
  for (const user of users) {
    const url = `postgres://${encodeURIComponent(user)}@${POSTGRES_HOST}/${POSTGRES_DATABASE}`;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: PROBE_TIMEOUT_MS });
    try {
      await client.connect();
      return url;
    } catch (error) {
      failures.push(`as ${user}: ${(error as Error).message}`);
    } finally {
      await client.end().catch(() => {});
    }
  }
  // Fail rather than skip: a storage suite that silently drops PostgreSQL proves nothing about it.
  throw new Error(
    `PostgreSQL tests need database ${POSTGRES_DATABASE} at ${POSTGRES_HOST} (start it with pg_ctlcluster): ${failures.join('; ')}`,
  );
}
