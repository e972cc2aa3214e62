import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { formatScaled } from '../../../src/domain/money/format-scaled.ts';
import { toMoneyNumber } from '../../../src/domain/money/to-money-number.ts';

describe('toMoneyNumber', () => {
  const cases: Array<[bigint, number, number]> = [
    [12345n, 2, 123.45],
    [-40n, 2, -0.4],
    [0n, 2, 0],
    [1001n, 0, 1001],
    [10n, 2, 0.1],
    [1_000_000_000_000_000n, 2, 10_000_000_000_000],
  ];
  for (const [minor, digits, expected] of cases) {
    it(`${minor} with ${digits} decimals → ${expected}`, () => assert.equal(toMoneyNumber(minor, digits), expected));
  }

  it('never gives negative zero', () => assert.ok(Object.is(toMoneyNumber(0n, 2), 0)));

  it('refuses values beyond 2^53 minor units', () => {
    assert.throws(() => toMoneyNumber(2n ** 53n + 1n, 2), RangeError);
  });

  it('gives the double JSON.parse gives for the decimal text, so it prints with at most the minor digits', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.constantFrom(0, 2), (minor, digits) => {
        const text = formatScaled(minor, digits);
        const value = toMoneyNumber(minor, digits);
        assert.equal(value, JSON.parse(text));
        const printed = String(value);
        const decimals = printed.includes('.') ? printed.split('.')[1]!.length : 0;
        assert.ok(!printed.includes('e') && decimals <= digits, printed);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('formatScaled', () => {
  const cases: Array<[bigint, number, string]> = [
    [1_234_500n, 6, '1.2345'],
    [-5n, 2, '-0.05'],
    [100n, 2, '1'],
    [7n, 0, '7'],
  ];
  for (const [value, digits, expected] of cases) {
    it(`${value} × 10^-${digits} → ${expected}`, () => assert.equal(formatScaled(value, digits), expected));
  }
});
