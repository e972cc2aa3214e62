import assert from 'node:assert/strict';
import { DatabaseSync } from 'node:sqlite';
import { test } from 'node:test';
import { nodeSqliteDatabase } from '../../src/storage/node-sqlite-database.ts';

// The adapter is SQLite's alone; these run on an in-memory database, no files involved.
const open = (cacheSize?: number) => {
  const adapter = nodeSqliteDatabase(new DatabaseSync(':memory:'), cacheSize);
  adapter.prepare('create table t (id integer primary key, name text, data blob)').run([]);
  return adapter;
};

test('the same SQL reuses the prepared statement; the least recently used one is dropped past the bound', () => {
  const adapter = open(2);
  const a = adapter.prepare('select 1');
  const b = adapter.prepare('select 2');
  assert.equal(adapter.prepare('select 1'), a); // a is now the most recently used
  adapter.prepare('select 3'); // evicts b
  assert.equal(adapter.prepare('select 1'), a);
  assert.notEqual(adapter.prepare('select 2'), b);
  adapter.close();
});

test('reader is true for anything that returns rows, RETURNING and PRAGMA included', () => {
  const adapter = open();
  assert.equal(adapter.prepare('select * from t').reader, true);
  assert.equal(adapter.prepare('insert into t (name) values (?) returning id').reader, true);
  assert.equal(adapter.prepare('pragma user_version').reader, true);
  assert.equal(adapter.prepare('insert into t (name) values (?)').reader, false);
  assert.equal(adapter.prepare('begin').reader, false);
  adapter.close();
});

test('run reports changes and the row id; all returns plain objects', () => {
  const adapter = open();
  assert.deepEqual(adapter.prepare('insert into t (name) values (?)').run(['a']), { changes: 1, lastInsertRowid: 1 });
  assert.deepEqual(adapter.prepare('insert into t (name) values (?) returning id').all(['b']), [{ id: 2 }]);
  const rows = adapter.prepare('select id, name from t order by id').all([]);
  assert.deepEqual(rows, [{ id: 1, name: 'a' }, { id: 2, name: 'b' }]);
  adapter.close();
});

test('booleans bind as 1 and 0, bytes round-trip', () => {
  const adapter = open();
  const bytes = new Uint8Array([0, 1, 255]);
  adapter.prepare('insert into t (id, name, data) values (?, ?, ?)').run([true, 'x', bytes]);
  assert.deepEqual(adapter.prepare('select ? as yes, ? as no').all([true, false]), [{ yes: 1, no: 0 }]);
  const [row] = adapter.prepare('select id, data from t').all([]) as { id: number; data: Uint8Array }[];
  assert.equal(row?.id, 1);
  assert.deepEqual([...(row?.data ?? [])], [0, 1, 255]);
  adapter.close();
});

test('objects, Dates and undefined are refused instead of being read as named parameters', () => {
  const adapter = open();
  const statement = adapter.prepare('select ? as a, ? as b');
  for (const value of [{}, new Date(0), undefined, Symbol('s')]) {
    assert.throws(() => statement.all([value, 'x']), /SQLite parameter 1 is /);
  }
  assert.throws(() => statement.run(['x', new Date(0)]), /SQLite parameter 2 is a Date/);
  adapter.close();
});

test('iterate streams plain rows and is not disturbed by the cached statement running again', () => {
  const adapter = open();
  const insert = adapter.prepare('insert into t (name) values (?)');
  for (const name of ['a', 'b', 'c']) insert.run([name]);
  const select = adapter.prepare('select name from t order by id');
  const stream = select.iterate([]);
  assert.deepEqual(stream.next().value, { name: 'a' });
  assert.equal(select.all([]).length, 3);
  assert.deepEqual([...stream], [{ name: 'b' }, { name: 'c' }]);
  adapter.close();
});
