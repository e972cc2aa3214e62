import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { allocateLargestRemainder } from '../../../src/domain/money/allocate-largest-remainder.ts';

describe('allocateLargestRemainder', () => {
  const cases: Array<{ name: string; total: bigint; weights: bigint[]; expected: bigint[] }> = [
    { name: 'exact proportions', total: 100n, weights: [1n, 1n, 2n], expected: [25n, 25n, 50n] },
    { name: 'ties go to the lower index', total: 10n, weights: [1000n, 1000n, 1000n], expected: [4n, 3n, 3n] },
    { name: 'two ties, two units missing', total: 2n, weights: [1n, 1n, 1n], expected: [1n, 1n, 0n] },
    { name: 'largest remainder wins over index', total: 1833n, weights: [10000n, 5000n, 3333n], expected: [1000n, 500n, 333n] },
    { name: 'worked example 1 (docs)', total: 1924n, weights: [27000n, 7470n, 4000n], expected: [1350n, 374n, 200n] },
    { name: 'zero weight gets nothing', total: 5n, weights: [0n, 3n, 0n, 2n], expected: [0n, 3n, 0n, 2n] },
    { name: 'nothing to allocate', total: 0n, weights: [5n, 7n], expected: [0n, 0n] },
    { name: 'all weights zero, total zero', total: 0n, weights: [0n, 0n], expected: [0n, 0n] },
    { name: 'the whole total on one weight', total: 999n, weights: [0n, 1n], expected: [0n, 999n] },
  ];
  for (const { name, total, weights, expected } of cases) {
    it(name, () => assert.deepEqual(allocateLargestRemainder(total, weights), expected));
  }

  it('refuses a non-zero total over zero weights and a negative total', () => {
    assert.throws(() => allocateLargestRemainder(1n, [0n, 0n]), RangeError);
    assert.throws(() => allocateLargestRemainder(-1n, [1n]), RangeError);
  });

  it('uses the sort path for more than 32 weights and for weights beyond 2^53 with the same result', () => {
    const weights = Array.from({ length: 40 }, (_, i) => BigInt((i * 7919) % 97 + 1));
    const parts = allocateLargestRemainder(1000n, weights);
    assert.equal(parts.reduce((a, b) => a + b, 0n), 1000n);
    const huge = weights.map((w) => w * 10n ** 15n);
    assert.deepEqual(allocateLargestRemainder(1000n, huge), parts);
  });

  it('parts add up, stay within one unit of the exact share, and follow the remainder order', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 10n }), { minLength: 1, maxLength: 100 }),
        (total, weights) => {
          const sum = weights.reduce((a, b) => a + b, 0n);
          fc.pre(sum > 0n);
          const parts = allocateLargestRemainder(total, weights);
          assert.equal(parts.reduce((a, b) => a + b, 0n), total);
          const bumped: number[] = [];
          parts.forEach((part, i) => {
            const floor = (total * weights[i]!) / sum;
            assert.ok(part === floor || part === floor + 1n);
            if (part === floor + 1n) bumped.push(i);
          });
          // Every bumped part has a remainder at least as large as every part left unbumped.
          const remainder = (i: number) => (total * weights[i]!) % sum;
          const minBumped = bumped.reduce((m, i) => (remainder(i) < m ? remainder(i) : m), sum);
          parts.forEach((part, i) => {
            if (!bumped.includes(i)) assert.ok(remainder(i) <= minBumped);
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});
