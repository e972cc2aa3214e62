import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { anonymousInvoiceNumber } from '../../../src/domain/invoice/anonymous-invoice-number.ts';

describe('anonymousInvoiceNumber (D15, D33)', () => {
  const cases = [
    { type: 'invoice', date: '2026-03-31', bytes: [0, 1, 25, 26, 31, 32], want: 'INV-20260331-ABZ27A' },
    { type: 'credit_note', date: '2026-03-31', bytes: [0, 1, 25, 26, 31, 32], want: 'CN-20260331-ABZ27A' },
    { type: 'credit_note', date: '2025-01-02', bytes: [33, 34, 35, 36, 37, 38, 99], want: 'CN-20250102-BCDEFG' },
  ] as const;
  for (const { type, date, bytes, want } of cases) {
    it(`is ${want} for a ${type} of ${date}`, () => {
      assert.equal(anonymousInvoiceNumber(type, date, Uint8Array.from(bytes)), want);
    });
  }
  it('refuses fewer than 6 random bytes', () => {
    assert.throws(() => anonymousInvoiceNumber('invoice', '2026-03-31', new Uint8Array(5)), RangeError);
  });
});
