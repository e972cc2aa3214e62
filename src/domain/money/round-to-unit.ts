import { POW10 } from './pow10.ts';

/**
 * The named rounding rules. Every rounding of money in the engine goes through this file, so the
 * rule used at each step is visible at the call site (docs/calculation.md lists them).
 *
 * - `half_away_from_zero`: ties go away from zero (2.5 → 3, −2.5 → −3). D12's "round".
 * - `ceil`: towards +∞ (D8 `up`).
 * - `floor`: towards −∞ (D8 `down`).
 */
export type RoundingRule = 'half_away_from_zero' | 'ceil' | 'floor';

/** numerator / divisor rounded to an integer by `rule`. `divisor` must be positive. */
export function divideRounded(numerator: bigint, divisor: bigint, rule: RoundingRule): bigint {
  const quotient = numerator / divisor; // BigInt division truncates towards zero
  const remainder = numerator % divisor; // has the sign of the numerator
  if (remainder === 0n) return quotient;
  if (rule === 'half_away_from_zero') {
    if (remainder > 0n) return remainder * 2n >= divisor ? quotient + 1n : quotient;
    return remainder * -2n >= divisor ? quotient - 1n : quotient;
  }
  if (rule === 'ceil') return remainder > 0n ? quotient + 1n : quotient;
  return remainder < 0n ? quotient - 1n : quotient;
}

/**
 * numerator / divisor rounded half away from zero (D12); `divisor` must be positive. The hot-path
 * form of divideRounded: floor((2|n| + d) / 2d) is |n| / d rounded half up, with one BigInt
 * division instead of a division and a remainder.
 */
export function divideHalfAwayFromZero(numerator: bigint, divisor: bigint): bigint {
  if (numerator >= 0n) return (numerator + numerator + divisor) / (divisor + divisor);
  return -((divisor - numerator - numerator) / (divisor + divisor));
}

const HALF_POW10: readonly bigint[] = POW10.map((value) => value / 2n);

/** value / 10^digits rounded half away from zero (D12): the common case of dropping decimals. */
export function scaleDownHalfAwayFromZero(value: bigint, digits: number): bigint {
  if (digits === 0) return value;
  const unit = POW10[digits]!;
  if (value >= 0n) return (value + HALF_POW10[digits]!) / unit;
  return -((HALF_POW10[digits]! - value) / unit);
}

/** `value` rounded by `rule` to a multiple of `step` (same scale as value; step > 0). */
export function roundToUnit(value: bigint, step: bigint, rule: RoundingRule): bigint {
  return divideRounded(value, step, rule) * step;
}
