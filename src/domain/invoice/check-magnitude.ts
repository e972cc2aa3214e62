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

/** calculation_error naming `field` when |minor| exceeds MAX_RESULT_UNITS. */
export function checkMagnitude(minor: bigint, minorDigits: number, field: string): void {
  const limit = LIMIT_MINOR[minorDigits]!;
  if (minor > limit || minor < -limit) {
    throw new AppError(
      'calculation_error',
      `${field} would be ${formatScaled(minor, minorDigits)}, above the limit of ${MAX_RESULT_UNITS}; split the invoice into smaller ones`,
    );
  }
}
