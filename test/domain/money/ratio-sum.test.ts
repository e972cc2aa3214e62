import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { RatioSum } from '../../../src/domain/money/ratio-sum.ts';

describe('RatioSum', () => {
  const cases: Array<{ name: string; terms: Array<[bigint, bigint]>; rounded: bigint }> = [
    { name: 'same denominators add numerators', terms: [[19n, 119n], [19n, 119n], [19n, 119n]], rounded: 0n },
    { name: '119 gross at 19 % holds 19 tax', terms: [[11900n * 19n, 119n]], rounded: 1900n },
    { name: 'mixed denominators (7 % and 19 %)', terms: [[100n * 19n, 119n], [100n * 7n, 107n]], rounded: 23n }, // 15.966 + 6.542 = 22.508
    { name: 'half rounds away from zero', terms: [[1n, 4n], [1n, 4n]], rounded: 1n },
    { name: 'just below half', terms: [[1n, 3n], [1n, 6n], [-1n, 1000n]], rounded: 0n },
    { name: 'empty sum', terms: [], rounded: 0n },
  ];
  for (const { name, terms, rounded } of cases) {
    it(name, () => {
      const sum = new RatioSum();
      for (const [num, den] of terms) sum.add(num, den);
      assert.equal(sum.roundHalfAwayFromZero(), rounded);
    });
  }

  it('equals the cross-multiplied exact sum', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.bigInt({ min: 1n, max: 10n ** 9n })), { maxLength: 20 }), (terms) => {
        const sum = new RatioSum();
        let num = 0n;
        let den = 1n;
        for (const [n, d] of terms) {
          sum.add(n, d);
          num = num * d + n * den;
          den *= d;
        }
        assert.equal(sum.numerator * den, num * sum.denominator);
      }),
      { numRuns: 500 },
    );
  });
});
