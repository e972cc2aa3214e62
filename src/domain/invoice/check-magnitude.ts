import { AppError } from '../../errors/app-error.ts';
import { formatScaled } from '../money/format-scaled.ts';
import { POW10 } from '../money/pow10.ts';

/**
 * Largest line amount or total, in whole currency units. With 2 decimals that is 10^15 minor
 * units, well below 2^53, so every money result stays an exact integer count of minor units
 * inside a JSON number (to-money-number.ts).
 */
export const MAX_RESULT_UNITS = 10_000_000_000_000n;

/** MAX_RESULT_UNITS in minor units, by number of minor digits (0 to 3). */
const LIMIT_MINOR = [0, 1, 2, 3].map((digits) => MAX_RESULT_UNITS * POW10[digits]!);
/** Their negatives, made once: negating a BigInt makes a new one on every call. */
const NEGATIVE_LIMIT_MINOR = LIMIT_MINOR.map((limit) => -limit);

/** calculation_error naming `field` when |minor| exceeds MAX_RESULT_UNITS. */
export function checkMagnitude(minor: bigint, minorDigits: number, field: string): void {
  if (minor > LIMIT_MINOR[minorDigits]! || minor < NEGATIVE_LIMIT_MINOR[minorDigits]!) {
    throw new AppError(
      'calculation_error',
      `${field} would be ${formatScaled(minor, minorDigits)}, above the limit of ${MAX_RESULT_UNITS}; split the invoice into smaller ones`,
    );
  }
}
