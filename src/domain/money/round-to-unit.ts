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

/** The hot-path rule (D12), without the rule dispatch. `divisor` must be positive. */
export function divideHalfAwayFromZero(numerator: bigint, divisor: bigint): bigint {
  const quotient = numerator / divisor;
  const remainder = numerator % divisor;
  if (remainder === 0n) return quotient;
  if (remainder > 0n) return remainder * 2n >= divisor ? quotient + 1n : quotient;
  return remainder * -2n >= divisor ? quotient - 1n : quotient;
}

/** `value` rounded by `rule` to a multiple of `step` (same scale as value; step > 0). */
export function roundToUnit(value: bigint, step: bigint, rule: RoundingRule): bigint {
  return divideRounded(value, step, rule) * step;
}
