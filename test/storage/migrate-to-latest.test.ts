import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { createDatabase } from '../../src/storage/create-database.ts';
import { migrateToLatest } from '../../src/storage/migrate-to-latest.ts';
import { allMigrations } from '../../src/storage/migrations/all-migrations.ts';
import { createTestPostgres, forEachDialect } from '../helpers/test-databases.ts';

const ALL_NAMES = Object.keys(allMigrations).sort();

forEachDialect((target) => {
  test('creates the tables on a fresh database, and a second run does nothing', async () => {
    const database = await target.open({ migrate: false });
    const before = await database.db.introspection.getTables();
    assert.equal(before.some((table) => table.name === 'invoice_sequences'), false);

    assert.deepEqual(await migrateToLatest(database.db), ALL_NAMES);
    const tables = await database.db.introspection.getTables();
    const sequences = tables.find((table) => table.name === 'invoice_sequences');
    assert.deepEqual(sequences?.columns.map((column) => column.name).sort(), ['last_value', 'scope', 'year']);

    assert.deepEqual(await migrateToLatest(database.db), []);
    assert.deepEqual(await migrateToLatest(database.db), []);

    // The primary key is (scope, year): the upsert in nextInvoiceSequence depends on it.
    const { db } = database;
    await db.insertInto('invoice_sequences').values({ scope: 'pk', year: 2025, last_value: 1 }).execute();
    await db.insertInto('invoice_sequences').values({ scope: 'pk', year: 2026, last_value: 1 }).execute();
    await assert.rejects(db.insertInto('invoice_sequences').values({ scope: 'pk', year: 2025, last_value: 9 }).execute());
  });
});

test('postgres: two processes starting at once both succeed and apply each migration once', async () => {
  const postgres = await createTestPostgres();
  // Separate pools stand in for separate processes: nothing is shared but the server.
  // Opened together too, so both race to create the schema.
  const [first, second] = await Promise.all([
    createDatabase({ kind: 'postgres', url: postgres.url, schema: postgres.schema }),
    createDatabase({ kind: 'postgres', url: postgres.url, schema: postgres.schema }),
  ]);
  try {
    const [appliedByFirst, appliedBySecond] = await Promise.all([
      migrateToLatest(first.db),
      migrateToLatest(second.db),
    ]);
    assert.deepEqual([...appliedByFirst, ...appliedBySecond].sort(), ALL_NAMES);
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(first.db);
    assert.deepEqual(rows.map((row) => row.name), ALL_NAMES);
  } finally {
    await first.close();
    await second.close();
    await postgres.drop();
  }
});
