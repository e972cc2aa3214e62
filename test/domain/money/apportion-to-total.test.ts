import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apportionToTotal } from '../../../src/domain/money/apportion-to-total.ts';

const f = (numerator: bigint, denominator = 100n) => ({ numerator, denominator });

describe('apportionToTotal', () => {
  it('rounds parts so they add up to the total, units going to the largest remainders', () => {
    assert.deepEqual(apportionToTotal(10n, [f(333n), f(333n), f(334n)]), [3n, 3n, 4n]);
    assert.deepEqual(apportionToTotal(3n, [f(150n), f(150n)]), [2n, 1n], 'a tie goes to the lower index');
  });
  it('takes units away from the smallest remainders when the total is below the sum of floors', () => {
    // Three groups of 0.4 each rounded to 0 (D5) while their category holds 1.2.
    assert.deepEqual(apportionToTotal(0n, [f(120n)]), [0n]);
    assert.deepEqual(apportionToTotal(1n, [f(110n), f(190n)]), [0n, 1n]);
  });
  it('handles different denominators and never goes below zero', () => {
    assert.deepEqual(apportionToTotal(2n, [f(1n, 3n), f(5n, 3n)]), [0n, 2n]);
    assert.deepEqual(apportionToTotal(5n, [f(0n), f(250n, 100n), f(250n, 100n)]), [0n, 3n, 2n]);
    assert.throws(() => apportionToTotal(-1n, [f(0n)]), RangeError);
    assert.throws(() => apportionToTotal(1n, []), RangeError);
    assert.deepEqual(apportionToTotal(0n, []), []);
  });
  it('adds up exactly for many parts', () => {
    const values = Array.from({ length: 100 }, (_, i) => f(BigInt(i * 37 + 11), 7n));
    const exact = values.reduce((a, v) => a + Number(v.numerator) / 7, 0);
    for (const total of [BigInt(Math.floor(exact)) - 3n, BigInt(Math.round(exact)), BigInt(Math.ceil(exact)) + 3n]) {
      const parts = apportionToTotal(total, values);
      assert.equal(parts.reduce((a, b) => a + b, 0n), total);
      parts.forEach((part, i) => assert.ok(Math.abs(Number(part) - Number(values[i]!.numerator) / 7) <= 1.0001, `part ${i}`));
    }
  });
});
