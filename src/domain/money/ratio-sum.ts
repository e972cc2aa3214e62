import { gcd } from './gcd.ts';
import { divideHalfAwayFromZero } from './round-to-unit.ts';

/**
 * An exact running sum of fractions num/den (den > 0), for tax-inclusive extraction (D6), where a
 * line's tax is base × rate / (100 + Σrates) and is not a decimal in general. Adding a fraction
 * with the same denominator (the common case: the lines of one tax group share their rate set)
 * only adds numerators; a new denominator moves the sum to the least common multiple.
 */
export class RatioSum {
  numerator = 0n;
  denominator = 1n;

  add(numerator: bigint, denominator: bigint): void {
    if (denominator === this.denominator) {
      this.numerator += numerator;
      return;
    }
    if (this.numerator === 0n) {
      this.numerator = numerator;
      this.denominator = denominator;
      return;
    }
    const divisor = gcd(this.denominator, denominator);
    const scaleOwn = denominator / divisor;
    this.numerator = this.numerator * scaleOwn + numerator * (this.denominator / divisor);
    this.denominator *= scaleOwn;
  }

  /** The sum rounded half away from zero to an integer. */
  roundHalfAwayFromZero(): bigint {
    return divideHalfAwayFromZero(this.numerator, this.denominator);
  }
}
