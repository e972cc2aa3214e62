import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  divideHalfAwayFromZero, divideRounded, roundToUnit, scaleDownHalfAwayFromZero, type RoundingRule,
} from '../../../src/domain/money/round-to-unit.ts';

describe('divideRounded', () => {
  // [numerator, divisor, half_away_from_zero, ceil, floor]
  const cases: Array<[bigint, bigint, bigint, bigint, bigint]> = [
    [25n, 10n, 3n, 3n, 2n],
    [-25n, 10n, -3n, -2n, -3n],
    [24n, 10n, 2n, 3n, 2n],
    [26n, 10n, 3n, 3n, 2n],
    [-24n, 10n, -2n, -2n, -3n],
    [-26n, 10n, -3n, -2n, -3n],
    [30n, 10n, 3n, 3n, 3n],
    [-30n, 10n, -3n, -3n, -3n],
    [0n, 7n, 0n, 0n, 0n],
    [1n, 2n, 1n, 1n, 0n], // 0.5 → 1 (JPY/KRW half away)
    [-1n, 2n, -1n, 0n, -1n],
    [1n, 3n, 0n, 1n, 0n],
    [2n, 3n, 1n, 1n, 0n],
    [5n, 1n, 5n, 5n, 5n],
  ];
  for (const [n, d, half, ceil, floor] of cases) {
    it(`${n}/${d}: half away ${half}, ceil ${ceil}, floor ${floor}`, () => {
      assert.equal(divideRounded(n, d, 'half_away_from_zero'), half);
      assert.equal(divideRounded(n, d, 'ceil'), ceil);
      assert.equal(divideRounded(n, d, 'floor'), floor);
      assert.equal(divideHalfAwayFromZero(n, d), half);
    });
  }

  it('the fast half-away forms agree with divideRounded', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.integer({ min: 0, max: 20 }), (n, d, digits) => {
        assert.equal(divideHalfAwayFromZero(n, d), divideRounded(n, d, 'half_away_from_zero'));
        assert.equal(scaleDownHalfAwayFromZero(n, digits), divideRounded(n, 10n ** BigInt(digits), 'half_away_from_zero'));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('scaleDownHalfAwayFromZero', () => {
  const cases: Array<[bigint, number, bigint]> = [
    [1_005_000n, 4, 101n], // 1.005 at scale 10^6 → 101 cents (half away, exact decimal)
    [-1_005_000n, 4, -101n],
    [1_004_999n, 4, 100n],
    [500_000n, 6, 1n], // 0.5 JPY → 1
    [-500_000n, 6, -1n],
    [499_999n, 6, 0n],
    [42n, 0, 42n],
  ];
  for (const [value, digits, expected] of cases) {
    it(`${value} / 10^${digits} → ${expected}`, () => assert.equal(scaleDownHalfAwayFromZero(value, digits), expected));
  }
});

describe('roundToUnit', () => {
  // value and step in cents
  const cases: Array<[bigint, bigint, RoundingRule, bigint]> = [
    [10340n, 100n, 'half_away_from_zero', 10300n],
    [10350n, 100n, 'half_away_from_zero', 10400n],
    [10301n, 100n, 'ceil', 10400n],
    [10399n, 100n, 'floor', 10300n],
    [1033n, 5n, 'half_away_from_zero', 1035n],
    [1032n, 5n, 'half_away_from_zero', 1030n],
    [1031n, 5n, 'ceil', 1035n],
    [1034n, 5n, 'floor', 1030n],
    [-1034n, 5n, 'floor', -1035n],
    [-1031n, 5n, 'ceil', -1030n],
    [1235n, 10n, 'half_away_from_zero', 1240n],
    [1234n, 10n, 'half_away_from_zero', 1230n],
  ];
  for (const [value, step, rule, expected] of cases) {
    it(`${value} to a step of ${step} (${rule}) → ${expected}`, () => assert.equal(roundToUnit(value, step, rule), expected));
  }

  it('moves a value by less than one step, in the direction of the rule', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.bigInt({ min: 1n, max: 100_000n }), (value, step) => {
        const up = roundToUnit(value, step, 'ceil');
        const down = roundToUnit(value, step, 'floor');
        const nearest = roundToUnit(value, step, 'half_away_from_zero');
        assert.ok(up >= value && up - value < step && up % step === 0n);
        assert.ok(down <= value && value - down < step && down % step === 0n);
        const distance = nearest > value ? nearest - value : value - nearest;
        assert.ok(distance * 2n <= step && nearest % step === 0n);
      }),
      { numRuns: 1000 },
    );
  });
});
