import { POW10 } from './pow10.ts';

/**
 * The named rounding rules. Every rounding of money in the engine goes through this file, so the
 * rule used at each step is visible at the call site (docs/calculation.md lists them).
 *
 * - `half_away_from_zero`: ties go away from zero (2.5 → 3, −2.5 → −3). D12's "round".
 * - `ceil`: towards +∞ (D8 `up`).
 * - `floor`: towards −∞ (`down`).
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
 * V8 runs BigInt arithmetic on machine integers while every value an operation has seen fits in
 * 64 bits; one larger value switches that operation to the generic (several times slower) path
 * for good. So the hot helpers below send values under 2^61 to functions that see nothing else,
 * and anything larger (a percent of a line amount is held at 10^20) to separate ones.
 */
const SMALL_LIMIT = 1n << 61n;
const SMALL_DIGITS_MAX = 18; // 10^18 < 2^61

/**
 * numerator / divisor rounded half away from zero; `divisor` must be positive. The hot-path
 * form of divideRounded: floor((2|n| + d) / 2d) is |n| / d rounded half up, with one BigInt
 * division instead of a division and a remainder.
 */
export function divideHalfAwayFromZero(numerator: bigint, divisor: bigint): bigint {
  if (numerator >= 0n && numerator < SMALL_LIMIT && divisor < SMALL_LIMIT) return divideSmall(numerator, divisor);
  return divideAny(numerator, divisor);
}

function divideSmall(numerator: bigint, divisor: bigint): bigint {
  return (numerator + numerator + divisor) / (divisor + divisor);
}

function divideAny(numerator: bigint, divisor: bigint): bigint {
  if (numerator >= 0n) return (numerator + numerator + divisor) / (divisor + divisor);
  return -((divisor - numerator - numerator) / (divisor + divisor));
}

const HALF_POW10: readonly bigint[] = POW10.map((value) => value / 2n);

/** value / 10^digits rounded half away from zero: the common case of dropping decimals. */
export function scaleDownHalfAwayFromZero(value: bigint, digits: number): bigint {
  if (digits === 0) return value;
  if (value >= 0n && value < SMALL_LIMIT && digits <= SMALL_DIGITS_MAX) return scaleDownSmall(value, digits);
  return scaleDownAny(value, digits);
}

function scaleDownSmall(value: bigint, digits: number): bigint {
  return (value + HALF_POW10[digits]!) / POW10[digits]!;
}

function scaleDownAny(value: bigint, digits: number): bigint {
  const unit = POW10[digits]!;
  if (value >= 0n) return (value + HALF_POW10[digits]!) / unit;
  return -((HALF_POW10[digits]! - value) / unit);
}

/** `value` rounded by `rule` to a multiple of `step` (same scale as value; step > 0). */
export function roundToUnit(value: bigint, step: bigint, rule: RoundingRule): bigint {
  return divideRounded(value, step, rule) * step;
}
