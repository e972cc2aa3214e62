import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { createDatabase } from '../../src/storage/create-database.ts';
import { migrateToLatest } from '../../src/storage/migrate-to-latest.ts';
import { nextInvoiceSequence } from '../../src/storage/repositories/next-invoice-sequence.ts';
import {
  createTestPostgres,
  createTestSqlite,
  forEachDialect,
  postgresTestUrl,
  type TestPostgres,
  type TestSqlite,
} from '../helpers/test-databases.ts';

forEachDialect((target) => {
  test('ping answers', async () => {
    const database = await target.open();
    assert.equal(database.dialect, target.dialect);
    await database.ping();
  });

  test('booleans bind as parameters', async () => {
    const { db } = await target.open();
    const { rows } = await sql<{ yes: string; no: string }>`
      select case when ${true} then 'yes' else 'no' end as yes,
             case when ${false} then 'yes' else 'no' end as no`.execute(db);
    assert.deepEqual(rows, [{ yes: 'yes', no: 'no' }]);
  });

  test('counts come back as JS numbers, rows as plain objects', async () => {
    const { db } = await target.open();
    const row = await db.selectFrom('invoice_sequences').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    assert.equal(typeof row.n, 'number');
    assert.equal(Object.getPrototypeOf(row), Object.prototype);
  });

  test('ping rejects once closed', async () => {
    const database = await target.open({ migrate: false });
    await database.close();
    await assert.rejects(database.ping());
  });
});

describe('sqlite only', () => {
  let sqlite: TestSqlite;
  before(async () => {
    sqlite = await createTestSqlite();
  });
  after(() => sqlite.remove());

  test('creates the missing folder and sets WAL, synchronous NORMAL, foreign keys, busy timeout', async () => {
    assert.equal(existsSync(path.dirname(sqlite.file)), false);
    const database = await createDatabase({ kind: 'sqlite', file: sqlite.file });
    try {
      const pragma = async (name: string): Promise<unknown> => {
        const { rows } = await sql<Record<string, unknown>>`${sql.raw(`PRAGMA ${name}`)}`.execute(database.db);
        return Object.values(rows[0] ?? {})[0];
      };
      assert.equal(await pragma('journal_mode'), 'wal');
      assert.equal(await pragma('synchronous'), 1); // 1 is NORMAL, 2 FULL
      assert.equal(await pragma('foreign_keys'), 1);
      assert.equal(await pragma('busy_timeout'), 5000);
    } finally {
      await database.close();
    }
  });

  test('committed data survives close and reopen', async () => {
    const first = await createDatabase({ kind: 'sqlite', file: sqlite.file });
    await migrateToLatest(first.db);
    assert.equal(await nextInvoiceSequence(first.db, 'reopen', 2025), 1);
    assert.equal(await nextInvoiceSequence(first.db, 'reopen', 2025), 2);
    await first.close();

    const second = await createDatabase({ kind: 'sqlite', file: sqlite.file });
    try {
      assert.deepEqual(await migrateToLatest(second.db), []);
      assert.equal(await nextInvoiceSequence(second.db, 'reopen', 2025), 3);
    } finally {
      await second.close();
    }
  });

  test('close without any query still releases the file', async () => {
    const database = await createDatabase({ kind: 'sqlite', file: sqlite.file });
    await database.close();
    await assert.rejects(database.ping());
  });

  test('a file that cannot be opened names the path', async () => {
    // The folder exists as a file, so it cannot hold a database.
    const file = path.join(sqlite.file, 'nested.db');
    await assert.rejects(createDatabase({ kind: 'sqlite', file }), (error: Error) => {
      assert.match(error.message, /Cannot open the SQLite database at .*nested\.db/);
      return true;
    });
  });
});

describe('postgres only', () => {
  test('an unreachable server rejects with a message naming the host, never the password', async () => {
    const url = 'postgres://app:s3cret-pw@127.0.0.1:1/invoices';
    await assert.rejects(createDatabase({ kind: 'postgres', url }), (error: Error) => {
      assert.match(error.message, /^Cannot connect to PostgreSQL at 127\.0\.0\.1:1\/invoices: .*ECONNREFUSED/);
      assert.doesNotMatch(error.message, /s3cret/);
      return true;
    });
  });

  test('a host name with several addresses still gives a readable reason', async () => {
    await assert.rejects(createDatabase({ kind: 'postgres', url: 'postgres://app:pw@localhost:1/db' }), (error: Error) => {
      assert.match(error.message, /^Cannot connect to PostgreSQL at localhost:1\/db: .*ECONNREFUSED/);
      return true;
    });
  });

  test('a URL that does not parse is refused without echoing it', async () => {
    await assert.rejects(createDatabase({ kind: 'postgres', url: 'postgres://app:s3cret@[bad' }), (error: Error) => {
      assert.match(error.message, /not a valid URL/);
      assert.doesNotMatch(error.message, /s3cret/);
      return true;
    });
  });

  test('a schema name that is not a plain identifier is refused before connecting', async () => {
    const url = await postgresTestUrl();
    for (const schema of ['Public', 'a-b', 'x"; drop table y; --', '1abc', '']) {
      await assert.rejects(createDatabase({ kind: 'postgres', url, schema }), /schema name must be a lower-case identifier/);
    }
  });

  describe('with schemas', () => {
    let one: TestPostgres;
    let two: TestPostgres;
    before(async () => {
      [one, two] = await Promise.all([createTestPostgres(), createTestPostgres()]);
    });
    after(async () => {
      await Promise.all([one.drop(), two.drop()]);
    });

    test('every pooled connection works in its own schema, created if missing', async () => {
      const a = await createDatabase({ kind: 'postgres', url: one.url, schema: one.schema, poolSize: 5 });
      const b = await createDatabase({ kind: 'postgres', url: two.url, schema: two.schema, poolSize: 5 });
      try {
        await migrateToLatest(a.db);
        await migrateToLatest(b.db);
        await Promise.all(Array.from({ length: 20 }, () => nextInvoiceSequence(a.db, 'shared', 2025)));
        assert.equal(await nextInvoiceSequence(b.db, 'shared', 2025), 1);
        // Enough concurrent reads to use several connections; every one must see schema one.
        const paths = await Promise.all(
          Array.from({ length: 10 }, async () => {
            const { rows } = await sql<{ schema: string }>`select current_schema() as schema, pg_sleep(0.01)`.execute(a.db);
            return rows[0]?.schema;
          }),
        );
        assert.deepEqual(new Set(paths), new Set([one.schema]));
      } finally {
        await a.close();
        await b.close();
      }
    });

    test('an int8 beyond 2^53 fails instead of rounding', async () => {
      const database = await createDatabase({ kind: 'postgres', url: one.url, schema: one.schema });
      try {
        const { rows } = await sql<{ n: number }>`select 9007199254740991::int8 as n`.execute(database.db);
        assert.deepEqual(rows, [{ n: Number.MAX_SAFE_INTEGER }]);
        await assert.rejects(sql`select 9007199254740993::int8 as n`.execute(database.db), /beyond 2\^53/);
        await database.ping(); // the connection is still usable afterwards
      } finally {
        await database.close();
      }
    });
  });
});
