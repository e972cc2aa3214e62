import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { createDatabase } from '../../src/storage/create-database.ts';
import { migrateToLatest } from '../../src/storage/migrate-to-latest.ts';
import { allMigrations } from '../../src/storage/migrations/all-migrations.ts';
import { createTestPostgres, createTestSqlite, forEachDialect } from '../helpers/test-databases.ts';

const ALL_NAMES = Object.keys(allMigrations).sort();

/**
 * The tables of this database's own schema, with their columns. On PostgreSQL only the current
 * schema is read: other test files create and drop theirs in the same database at the same time,
 * and introspecting every schema fails when one is dropped half way through the read.
 */
async function ownTables(db: Kysely<any>): Promise<Array<{ name: string; columns: Array<{ name: string }> }>> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db).catch(() => ({ rows: [{ schema: null }] }));
  const schema = rows[0]?.schema ?? undefined;
  if (schema === undefined) return db.introspection.getTables();
  const columns = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns where table_schema = ${schema} order by table_name, ordinal_position`.execute(db);
  const tables = new Map<string, Array<{ name: string }>>();
  for (const row of columns.rows) tables.set(row.table_name, [...(tables.get(row.table_name) ?? []), { name: row.column_name }]);
  return [...tables].map(([name, cols]) => ({ name, columns: cols }));
}
// Long enough for both child processes to have started, so they really migrate at the same time.
const CHILD_START_DELAY_MS = 2_000;

forEachDialect((target) => {
  test('creates the tables on a fresh database, and a second run does nothing', async () => {
    const database = await target.open({ migrate: false });
    const before = await ownTables(database.db);
    assert.equal(before.some((table) => table.name === 'invoice_sequences'), false);

    assert.deepEqual(await migrateToLatest(database.db), ALL_NAMES);
    const tables = await ownTables(database.db);
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

  test('a migration that fails half way leaves nothing behind', async () => {
    const { db } = await target.open({ migrate: false });
    const migrator = new Migrator({
      db,
      // Its own history tables, so this does not touch the real migrations' record.
      migrationTableName: 'failing_migration',
      migrationLockTableName: 'failing_migration_lock',
      provider: {
        getMigrations: async () => ({
          '0001_half_way': {
            async up(trx) {
              await trx.schema.createTable('half_way').addColumn('id', 'integer').execute();
              await sql`select * from no_such_table`.execute(trx);
            },
          },
        }),
      },
    });
    const { error } = await migrator.migrateToLatest();
    assert.ok(error);
    const tables = await ownTables(db);
    assert.equal(tables.some((table) => table.name === 'half_way'), false);
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

test('sqlite: two processes starting at once on one new file both succeed', async () => {
  const sqlite = await createTestSqlite();
  const at = Date.now() + CHILD_START_DELAY_MS;
  const script = `
    import { createDatabase } from ${JSON.stringify(import.meta.resolve('../../src/storage/create-database.ts'))};
    import { migrateToLatest } from ${JSON.stringify(import.meta.resolve('../../src/storage/migrate-to-latest.ts'))};
    const [file, at] = process.argv.slice(1);
    while (Date.now() < Number(at)) await new Promise((resolve) => setTimeout(resolve, 1));
    const database = await createDatabase({ kind: 'sqlite', file });
    console.log(JSON.stringify(await migrateToLatest(database.db)));
    await database.close();
  `;
  const run = () => promisify(execFile)(process.execPath, ['--input-type=module', '--eval', script, sqlite.file, String(at)]);
  try {
    const outputs = await Promise.all([run(), run()]);
    const applied = outputs.flatMap(({ stdout }) => JSON.parse(stdout) as string[]);
    assert.deepEqual(applied.sort(), ALL_NAMES);
  } finally {
    await sqlite.remove();
  }
});
