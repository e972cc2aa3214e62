import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Enough for every distinct query the service issues, small enough to bound memory. */
export const DEFAULT_STATEMENT_CACHE_SIZE = 200;

/**
 * Lets Kysely's SqliteDialect (written for better-sqlite3) drive node:sqlite, so SQLite needs no
 * native module. Prepared statements are cached by SQL text, least recently used first out,
 * because preparing is a large share of a small query's cost and Kysely prepares on every call.
 */
export function nodeSqliteDatabase(
  database: DatabaseSync,
  statementCacheSize = DEFAULT_STATEMENT_CACHE_SIZE,
): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    prepare(sql) {
      const cached = cache.get(sql);
      if (cached !== undefined) {
        // A Map iterates in insertion order, so re-inserting makes this the most recently used.
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = prepareStatement(database, sql);
      cache.set(sql, statement);
      if (cache.size > statementCacheSize) {
        const leastRecentlyUsed = cache.keys().next().value;
        if (leastRecentlyUsed !== undefined) cache.delete(leastRecentlyUsed);
      }
      return statement;
    },
    close() {
      cache.clear();
      database.close();
    },
  };
}

function prepareStatement(database: DatabaseSync, sql: string): SqliteStatement {
  const statement = database.prepare(sql);
  return {
    // Kysely asks "does it return rows?": INSERT … RETURNING and PRAGMA do, so look at columns,
    // not at the first keyword.
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...toSqliteValues(parameters)).map(toPlainRow),
    run: (parameters) => statement.run(...toSqliteValues(parameters)),
    // A fresh statement per stream: node:sqlite invalidates an open iterator when its statement
    // runs again, which a cached statement shared with other queries would do.
    iterate: function* (parameters) {
      for (const row of database.prepare(sql).iterate(...toSqliteValues(parameters))) {
        yield toPlainRow(row);
      }
    },
  };
}

function toSqliteValues(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map((value, index) => {
    // Older node:sqlite releases refuse booleans, and SQLite has none: store them as 0/1 like
    // better-sqlite3 users do.
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (value === null || typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string') {
      return value;
    }
    if (ArrayBuffer.isView(value)) return value as NodeJS.ArrayBufferView;
    // Refused rather than passed on: node:sqlite reads a leading object (a Date, a JSON value) as
    // a bag of named parameters, which silently binds NULL or shifts every later value.
    const kind = value instanceof Date ? 'a Date' : value === undefined ? 'undefined' : `a ${typeof value}`;
    throw new TypeError(
      `SQLite parameter ${index + 1} is ${kind}; pass a string, number, bigint, boolean, null or Uint8Array (for example date.toISOString() or JSON.stringify(value))`,
    );
  });
}

// node:sqlite returns rows without a prototype; copying them gives the plain objects the pg driver
// returns, so code and deepStrictEqual assertions behave the same on both dialects.
function toPlainRow(row: object): Record<string, unknown> {
  return { ...row };
}
