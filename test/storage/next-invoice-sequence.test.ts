import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { nextInvoiceSequence } from '../../src/storage/repositories/next-invoice-sequence.ts';
import { forEachDialect } from '../helpers/test-databases.ts';

// At least 5 connections, so on PostgreSQL the concurrent calls really overlap in the server.
const CONCURRENT_POOL_SIZE = 10;
const CONCURRENT_CALLS = 50;

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

class GenerationFailed extends Error {}

forEachDialect((target) => {
  test('counts 1, 2, 3 per (scope, year), each pair on its own', async () => {
    const { db } = await target.open();
    const a = randomUUID();
    const b = randomUUID();
    const got = [
      await nextInvoiceSequence(db, a, 2025),
      await nextInvoiceSequence(db, a, 2025),
      await nextInvoiceSequence(db, b, 2025),
      await nextInvoiceSequence(db, a, 2026),
      await nextInvoiceSequence(db, a, 2025),
      await nextInvoiceSequence(db, b, 2025),
      await nextInvoiceSequence(db, a, 2026),
    ];
    assert.deepEqual(got, [1, 2, 1, 1, 3, 2, 2]);
  });

  test(`${CONCURRENT_CALLS} concurrent calls get exactly 1..${CONCURRENT_CALLS}`, async () => {
    const { db } = await target.open({ poolSize: CONCURRENT_POOL_SIZE });
    const scope = randomUUID();
    const got = await Promise.all(range(1, CONCURRENT_CALLS).map(() => nextInvoiceSequence(db, scope, 2025)));
    assert.deepEqual(got.toSorted((x, y) => x - y), range(1, CONCURRENT_CALLS));
  });

  test('a transaction that throws after taking a number leaves the sequence unchanged', async () => {
    const { db } = await target.open();
    const scope = randomUUID();
    assert.equal(await nextInvoiceSequence(db, scope, 2025), 1);
    await assert.rejects(
      db.transaction().execute(async (trx) => {
        assert.equal(await nextInvoiceSequence(trx, scope, 2025), 2);
        throw new GenerationFailed('PDF rendering failed');
      }),
      GenerationFailed,
    );
    assert.equal(await nextInvoiceSequence(db, scope, 2025), 2);
  });

  test('a committed transaction keeps its number', async () => {
    const { db } = await target.open();
    const scope = randomUUID();
    const inside = await db.transaction().execute((trx) => nextInvoiceSequence(trx, scope, 2025));
    assert.equal(inside, 1);
    assert.equal(await nextInvoiceSequence(db, scope, 2025), 2);
  });

  test('concurrent transactions, half of them failing, commit exactly 1..n with no gap', async () => {
    const { db } = await target.open({ poolSize: CONCURRENT_POOL_SIZE });
    const scope = randomUUID();
    const committed: number[] = [];
    const outcomes = await Promise.allSettled(
      range(1, CONCURRENT_CALLS).map((call) =>
        db.transaction().execute(async (trx) => {
          const value = await nextInvoiceSequence(trx, scope, 2025);
          // Yield while holding the row, so other transactions queue behind this one.
          await new Promise((resolve) => setImmediate(resolve));
          if (call % 2 === 0) throw new GenerationFailed(`call ${call}`);
          committed.push(value);
        }),
      ),
    );
    assert.equal(outcomes.filter((outcome) => outcome.status === 'rejected').length, CONCURRENT_CALLS / 2);
    assert.deepEqual(committed.toSorted((x, y) => x - y), range(1, CONCURRENT_CALLS / 2));
    assert.equal(await nextInvoiceSequence(db, scope, 2025), CONCURRENT_CALLS / 2 + 1);
  });

  test('refuses a year that is not an integer', async () => {
    const { db } = await target.open();
    await assert.rejects(nextInvoiceSequence(db, randomUUID(), 2025.5), RangeError);
  });
});
