import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { AppError } from '../../../src/errors/app-error.ts';
import { parseDecimal, parseDecimalText } from '../../../src/domain/money/parse-decimal.ts';

describe('parseDecimal', () => {
  const accepted: Array<[number, bigint]> = [
    [0, 0n],
    [1, 1_000_000n],
    [-3, -3_000_000n],
    [0.1, 100_000n],
    [0.3, 300_000n],
    [19.99, 19_990_000n],
    [12.5, 12_500_000n],
    [0.000001, 1n],
    [1e-6, 1n],
    [123456.789012, 123_456_789_012n],
    [999999999.999999, 999_999_999_999_999n],
    [1_000_000_000_000, 1_000_000_000_000_000_000n],
    [4_294_967_296.5, 4_294_967_296_500_000n], // above the fast path: parsed from the string
    [1e21, 10n ** 27n], // String gives 1e+21
    [-0.25, -250_000n],
  ];
  for (const [input, expected] of accepted) {
    it(`reads ${input} as ${expected} × 10^-6`, () => {
      assert.equal(parseDecimal(input, 'x'), expected);
    });
  }

  const rejected: Array<[number, number]> = [
    [0.1234567, 7],
    [1e-7, 7],
    [1.5e-6, 7],
    [2.5e-10, 11],
    [123.00000001, 8],
  ];
  for (const [input, places] of rejected) {
    it(`rejects ${input} (${places} decimal places) naming the field`, () => {
      assert.throws(
        () => parseDecimal(input, 'items[2].unit_price'),
        (error: unknown) =>
          error instanceof AppError &&
          error.code === 'validation_error' &&
          error.message.startsWith(`items[2].unit_price has ${places} decimal places`) &&
          error.message.includes('send at most 6'),
      );
    });
  }

  it('rejects non-finite numbers', () => {
    for (const input of [Number.NaN, Number.POSITIVE_INFINITY]) {
      assert.throws(() => parseDecimal(input, 'shipping'), (e: unknown) => e instanceof AppError && e.message.startsWith('shipping'));
    }
  });

  it('agrees with the string reading for any double (fast path is exact)', () => {
    const read = (f: () => bigint) => {
      try {
        return f();
      } catch (error) {
        if (error instanceof AppError) return 'rejected';
        throw error;
      }
    };
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e13, max: 1e13 }),
          fc.tuple(fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }), fc.integer({ min: 0, max: 6 }))
            .map(([digits, places]) => digits / 10 ** places),
          fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 17n }), fc.integer({ min: 0, max: 8 }))
            .map(([digits, places]) => Number(digits) / 10 ** places),
        ),
        (value) => {
          assert.equal(read(() => parseDecimal(value, 'v')), read(() => parseDecimalText(String(value), 'v')));
        },
      ),
      { numRuns: 5000 },
    );
  });
});
