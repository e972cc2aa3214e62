import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './database.ts';
import { ImmediateSqliteDialect } from './immediate-sqlite-dialect.ts';
import { nodeSqliteDatabase } from './node-sqlite-database.ts';
import type { Tables } from './tables.ts';

export type DatabaseOptions =
  | { readonly kind: 'sqlite'; readonly file: string }
  | { readonly kind: 'postgres'; readonly url: string; readonly schema?: string; readonly poolSize?: number };

const SQLITE_BUSY_TIMEOUT_MS = 5_000;
const SQLITE_OPEN_RETRY_MS = 20;
const SQLITE_BUSY = 5;
const POSTGRES_DEFAULT_POOL_SIZE = 10;
// Without a bound, pg waits forever for an address that drops packets, and start-up just hangs.
const POSTGRES_CONNECT_TIMEOUT_MS = 10_000;
const POSTGRES_INT8_OID = 20;
// PostgreSQL's identifier limit is 63 bytes; the same rule as DATABASE_URL's ?schema= in config.
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Opens the database the config names and checks that it answers; migrations are separate. */
export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'sqlite' ? openSqlite(options.file) : openPostgres(options);
}

async function openSqlite(file: string): Promise<Database> {
  const sqlite = await openSqliteFile(file);
  const db = new Kysely<Tables>({ dialect: new ImmediateSqliteDialect({ database: nodeSqliteDatabase(sqlite) }) });
  // Kysely closes the file on destroy() only if a query has run, so run one now.
  await sql`select 1`.execute(db);
  return toDatabase(db, 'sqlite');
}

// When two processes open a new file at once, the one that loses the race to switch it to WAL
// gets SQLITE_BUSY at once: SQLite does not call the busy handler there. So retry the whole
// opening for as long as busy_timeout would have waited.
async function openSqliteFile(file: string): Promise<DatabaseSync> {
  const deadline = Date.now() + SQLITE_BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      return configureSqliteFile(file);
    } catch (error) {
      if (isSqliteBusy(error) && Date.now() < deadline) {
        await sleep(SQLITE_OPEN_RETRY_MS);
        continue;
      }
      throw new Error(`Cannot open the SQLite database at ${file}: ${describe(error)}`, { cause: error });
    }
  }
}

function configureSqliteFile(file: string): DatabaseSync {
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new DatabaseSync(file);
  try {
    // busy_timeout first, so the switch to WAL waits for another process where SQLite allows it.
    sqlite.exec(`PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    const mode = sqlite.prepare('PRAGMA journal_mode = WAL').get()?.['journal_mode'];
    if (mode !== 'wal') {
      throw new Error(`journal_mode stayed ${String(mode)}; WAL needs a file on a local disk`);
    }
    // NORMAL in WAL mode syncs at checkpoints instead of at every commit: a process crash loses
    // nothing, a power cut can lose the last commits but never corrupts the file (docs/storage.md
    // has the measured cost of FULL).
    sqlite.exec('PRAGMA synchronous = NORMAL');
    sqlite.exec('PRAGMA foreign_keys = ON');
    return sqlite;
  } catch (error) {
    sqlite.close();
    throw error;
  }
}

function isSqliteBusy(error: unknown): boolean {
  const code = (error as { errcode?: unknown } | null)?.errcode;
  // The low byte is the primary code; extended codes such as SQLITE_BUSY_RECOVERY keep it.
  return typeof code === 'number' && (code & 0xff) === SQLITE_BUSY;
}

async function openPostgres(options: Extract<DatabaseOptions, { kind: 'postgres' }>): Promise<Database> {
  const { schema } = options;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new Error('PostgreSQL schema name must be a lower-case identifier such as invoices');
  }
  const where = describeServer(options.url);
  const types = new pg.TypeOverrides();
  // COUNT(*) and BIGINT columns arrive as strings by default; our counters and epoch-ms values
  // stay below 2^53, so a number is exact. Anything larger fails loudly rather than rounding.
  types.setTypeParser(POSTGRES_INT8_OID, 'text', (text: string) => {
    const value = Number(text);
    if (!Number.isSafeInteger(value)) throw new RangeError(`int8 value ${text} is beyond 2^53`);
    return value;
  });
  const setSearchPath = schema === undefined ? undefined : `SET search_path TO ${quoteIdentifier(schema)}`;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? POSTGRES_DEFAULT_POOL_SIZE,
    connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
    types,
    // pg-pool awaits this before handing a new connection to anyone, so no query can run in the
    // wrong schema.
    ...(setSearchPath === undefined
      ? {}
      : {
          onConnect: async (client: pg.ClientBase) => {
            await client.query(setSearchPath);
          },
        }),
  });
  // An idle connection the server drops emits 'error' on the pool, which would crash the process
  // if nobody listened; pg has already removed it, and the next query opens a new one.
  pool.on('error', () => {});
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });

  try {
    // Through Kysely rather than the pool, so that destroy() below and in close() ends the pool.
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy().catch(() => {});
    throw new Error(`Cannot connect to PostgreSQL at ${where}: ${describe(error)}`, { cause: error });
  }
  if (schema !== undefined) {
    try {
      await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(schema)}`.execute(db);
    } catch (error) {
      // Two processes creating it at once: IF NOT EXISTS can still lose the race on the catalog's
      // unique index, and then the schema exists, which is all we wanted.
      if (!isPostgresError(error, '23505') && !isPostgresError(error, '42P06')) {
        await db.destroy().catch(() => {});
        throw new Error(`Cannot create schema ${schema} on PostgreSQL at ${where}: ${describe(error)}`, { cause: error });
      }
    }
  }
  return toDatabase(db, 'postgres');
}

function toDatabase(db: Kysely<Tables>, dialect: Database['dialect']): Database {
  return {
    db,
    dialect,
    async ping() {
      await sql`select 1`.execute(db);
    },
    // Kysely's destroy() runs once however often it is called, so close() is safe to repeat.
    async close() {
      await db.destroy();
    },
  };
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

// host:port/database, never the user or password: this ends up in logs.
function describeServer(url: string): string {
  if (!URL.canParse(url)) throw new Error('PostgreSQL URL is not a valid URL; use postgres://user:password@host:5432/database');
  const parsed = new URL(url);
  const host = parsed.searchParams.get('host') ?? (parsed.hostname || 'localhost');
  return `${host}:${parsed.port || '5432'}${parsed.pathname}`;
}

function isPostgresError(error: unknown, code: string): boolean {
  return error instanceof Error && (error as Error & { code?: unknown }).code === code;
}

// Node reports a refused connection to a name with several addresses as an AggregateError with an
// empty message; the addresses' own errors say what happened.
function describe(error: unknown): string {
  if (error instanceof AggregateError && error.message === '') {
    return error.errors.map(describe).join('; ');
  }
  return error instanceof Error ? error.message : String(error);
}
