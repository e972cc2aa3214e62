import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { anonymousInvoiceNumber } from '../../../src/domain/invoice/anonymous-invoice-number.ts';

describe('anonymousInvoiceNumber (D15)', () => {
  it('is INV-<yyyymmdd>-<6 base32 symbols> from the given bytes', () => {
    assert.equal(anonymousInvoiceNumber('2026-03-31', Uint8Array.from([0, 1, 25, 26, 31, 32])), 'INV-20260331-ABZ27A');
  });
  it('refuses fewer than 6 random bytes', () => {
    assert.throws(() => anonymousInvoiceNumber('2026-03-31', new Uint8Array(5)), RangeError);
  });
});
