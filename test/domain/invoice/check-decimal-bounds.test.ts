import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDecimalBounds } from '../../../src/domain/invoice/check-decimal-bounds.ts';

/** A number sent as a decimal string keeps the schema's bounds, named by its full path. */
describe('checkDecimalBounds', () => {
  const body = (extra: Record<string, unknown>) => ({ from: { name: 'A' }, to: { name: 'B' }, items: [{ description: 'x' }, { description: 'y' }, { description: 'z', unit_price: '5' }], ...extra });
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['a line\'s price above the largest amount', { items: [{ description: 'x' }, { description: 'y' }, { description: 'z', unit_price: '1000000000000.000001' }] }, /^items\[2\]\.unit_price must be at most 1000000000000; got "1000000000000\.000001"/],
    ['a quantity below its minimum', { items: [{ description: 'x', quantity: '-1000000000.5' }] }, /^items\[0\]\.quantity must be at least -1000000000/],
    ['a tax component\'s rate', { items: [{ description: 'x', taxes: [{ name: 'A', rate: '1' }, { name: 'B', rate: '1000.01' }] }] }, /^items\[0\]\.taxes\[1\]\.rate must be at most 1000/],
    ['an allowance\'s percent', { allowances: [{ percent: '100.5', reason: 'r' }] }, /^allowances\[0\]\.percent must be at most 100/],
    ['a rounding increment of 0', { rounding_increment: '0' }, /^rounding_increment must be greater than 0/],
  ];
  for (const [name, extra, message] of cases) {
    it(`${name}: refused naming it`, () => {
      assert.throws(() => checkDecimalBounds(body(extra)), (error: Error) => message.test(error.message));
    });
  }

  it('strings within their bounds and numbers (checked by the validator) pass', () => {
    assert.doesNotThrow(() => checkDecimalBounds(body({ shipping: '999999999999.999999', global_tax: 1000, deposit: 1e30 })));
  });
});
