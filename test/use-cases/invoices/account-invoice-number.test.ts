import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import type { DocumentType } from '../../../src/domain/invoice/catalog.ts';
import { accountInvoiceNumber } from '../../../src/use-cases/invoices/account-invoice-number.ts';
import { forEachDialect } from '../../helpers/test-databases.ts';

// As in test/storage/next-invoice-sequence.test.ts: enough connections that, on PostgreSQL, the
// concurrent draws really overlap in the server.
const CONCURRENT_POOL_SIZE = 10;
const CONCURRENT_CALLS = 50;

const numbers = (prefix: string, year: number, count: number): string[] =>
  Array.from({ length: count }, (_, i) => `${prefix}-${year}-${String(i + 1).padStart(5, '0')}`);

class GenerationFailed extends Error {}

// An account's invoices and credit notes are two gap-free sequences per year.
forEachDialect((target) => {
  test('invoices and credit notes of one account count on their own, per year and per account', async () => {
    const { db } = await target.open();
    const a = randomUUID();
    const b = randomUUID();
    const draws: [string, DocumentType, string][] = [
      [a, 'invoice', '2026-11-02'],
      [a, 'credit_note', '2026-11-03'],
      [a, 'invoice', '2026-11-04'],
      [a, 'credit_note', '2025-12-31'],
      [b, 'credit_note', '2026-01-01'],
      [a, 'credit_note', '2026-01-01'],
      [a, 'invoice', '2025-06-30'],
    ];
    const got: string[] = [];
    for (const [account, type, date] of draws) got.push(await accountInvoiceNumber(db, account, type, date));
    assert.deepEqual(got, ['INV-2026-00001', 'CN-2026-00001', 'INV-2026-00002', 'CN-2025-00001', 'CN-2026-00001', 'CN-2026-00002', 'INV-2025-00001']);
  });

  test(`${CONCURRENT_CALLS} concurrent invoices and ${CONCURRENT_CALLS} concurrent credit notes get exactly 1..${CONCURRENT_CALLS} each`, async () => {
    const { db } = await target.open({ poolSize: CONCURRENT_POOL_SIZE });
    const account = randomUUID();
    const types = Array.from({ length: CONCURRENT_CALLS * 2 }, (_, i): DocumentType => (i % 2 === 0 ? 'invoice' : 'credit_note'));
    const got = await Promise.all(types.map((type) => accountInvoiceNumber(db, account, type, '2026-05-05')));
    assert.deepEqual(got.filter((n) => n.startsWith('INV-')).sort(), numbers('INV', 2026, CONCURRENT_CALLS));
    assert.deepEqual(got.filter((n) => n.startsWith('CN-')).sort(), numbers('CN', 2026, CONCURRENT_CALLS));
  });

  test('concurrent transactions of both kinds, half of them failing, commit each sequence with no gap', async () => {
    const { db } = await target.open({ poolSize: CONCURRENT_POOL_SIZE });
    const account = randomUUID();
    const committed: string[] = [];
    const outcomes = await Promise.allSettled(
      Array.from({ length: CONCURRENT_CALLS * 2 }, (_, call) =>
        db.transaction().execute(async (trx) => {
          const number = await accountInvoiceNumber(trx, account, call % 2 === 0 ? 'invoice' : 'credit_note', '2026-05-05');
          // Yield while holding the row, so other transactions queue behind this one.
          await new Promise((resolve) => setImmediate(resolve));
          // Every other call of each kind fails: calls 2 and 3 of every four.
          if (call % 4 >= 2) throw new GenerationFailed(`call ${call}`);
          committed.push(number);
        }),
      ),
    );
    assert.equal(outcomes.filter((outcome) => outcome.status === 'rejected').length, CONCURRENT_CALLS);
    const half = CONCURRENT_CALLS / 2;
    assert.deepEqual(committed.filter((n) => n.startsWith('INV-')).sort(), numbers('INV', 2026, half));
    assert.deepEqual(committed.filter((n) => n.startsWith('CN-')).sort(), numbers('CN', 2026, half));
    assert.equal(await accountInvoiceNumber(db, account, 'credit_note', '2026-05-05'), numbers('CN', 2026, half + 1).at(-1));
    assert.equal(await accountInvoiceNumber(db, account, 'invoice', '2026-05-05'), numbers('INV', 2026, half + 1).at(-1));
  });

  test('a credit note drawn in a transaction that fails leaves both sequences unchanged', async () => {
    const { db } = await target.open();
    const account = randomUUID();
    assert.equal(await accountInvoiceNumber(db, account, 'invoice', '2026-01-10'), 'INV-2026-00001');
    await assert.rejects(
      db.transaction().execute(async (trx) => {
        assert.equal(await accountInvoiceNumber(trx, account, 'credit_note', '2026-01-10'), 'CN-2026-00001');
        throw new GenerationFailed('PDF rendering failed');
      }),
      GenerationFailed,
    );
    assert.equal(await accountInvoiceNumber(db, account, 'credit_note', '2026-01-10'), 'CN-2026-00001');
    assert.equal(await accountInvoiceNumber(db, account, 'invoice', '2026-01-10'), 'INV-2026-00002');
  });
});
