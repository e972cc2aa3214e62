import { AppError } from '../../errors/app-error.ts';
import { formatScaled } from '../money/format-scaled.ts';
import { POW10 } from '../money/pow10.ts';
import { scaleDownHalfAwayFromZero } from '../money/round-to-unit.ts';
import { MAX_RESULT_UNITS } from './check-magnitude.ts';
import { itemPaths } from './field-paths.ts';
import type { LineInput } from './read-line-item.ts';

/** A line's rounded figures in minor units. */
export interface LineFigures {
  /** round(quantity × unit_price), for the displayed discount. */
  readonly roundedAmount: bigint;
  /** round(amount − discount), plus the line's charges. */
  readonly lineTotal: bigint;
  /** Each charge rounded to minor units. */
  readonly charges: readonly bigint[];
}

/** quantity and unit_price are both × 10^6, so their product is × 10^12. */
const AMOUNT_SCALE_DIGITS = 12;
/** A percent (× 10^6) of 100 % is 10^8. */
const HUNDRED_PERCENT = 100_000_000n;
const PERCENT_SCALE_DIGITS = 8;
const MAX_AMOUNT = MAX_RESULT_UNITS * POW10[AMOUNT_SCALE_DIGITS]!;
const MIN_AMOUNT = -MAX_AMOUNT;

/**
 * D1. amount = quantity × unit_price exactly; the discount is a percent of it or an amount for the
 * whole line; line_total is rounded once, half away from zero, to the minor unit.
 */
export function computeLine(line: LineInput, index: number, minorDigits: number): LineFigures {
  const figures = discountedLine(line, index, minorDigits);
  if (line.charges.length === 0) return figures;
  // Charges are amounts of money, rounded to the minor unit on entry, added after the discount.
  const charges = line.charges.map((charge) => scaleDownHalfAwayFromZero(charge, 6 - minorDigits));
  let lineTotal = figures.lineTotal;
  for (const charge of charges) lineTotal += charge;
  return { roundedAmount: figures.roundedAmount, lineTotal, charges };
}

const NO_CHARGES: readonly bigint[] = Object.freeze([]);

/** The line total before charges. */
function discountedLine(line: LineInput, index: number, minorDigits: number): LineFigures {
  const amount = line.quantity * line.unitPrice;
  if (amount > MAX_AMOUNT || amount < MIN_AMOUNT) {
    throw new AppError(
      'calculation_error',
      `${itemPaths(index).item}: quantity × unit_price is ${formatScaled(amount, AMOUNT_SCALE_DIGITS)}, above the limit of ${MAX_RESULT_UNITS} per line; split the line`,
    );
  }
  const toMinorDigits = AMOUNT_SCALE_DIGITS - minorDigits;
  const roundedAmount = scaleDownHalfAwayFromZero(amount, toMinorDigits);
  const discount = line.discount;
  if (discount === 0n) return { roundedAmount, lineTotal: roundedAmount, charges: NO_CHARGES };

  if (line.discountIsPercent) {
    // amount × (100 − d) / 100, exact at scale 10^12 × 10^8 before the one rounding.
    const lineTotal = scaleDownHalfAwayFromZero(amount * (HUNDRED_PERCENT - discount), toMinorDigits + PERCENT_SCALE_DIGITS);
    return { roundedAmount, lineTotal, charges: NO_CHARGES };
  }
  const discountAtAmountScale = discount * 1_000_000n;
  if (discountAtAmountScale > amount) {
    throw new AppError(
      'calculation_error',
      `${itemPaths(index).discount} is ${formatScaled(discount, 6)}, more than the line amount ${formatScaled(amount, AMOUNT_SCALE_DIGITS)}; send a discount of at most the line amount`,
    );
  }
  return { roundedAmount, lineTotal: scaleDownHalfAwayFromZero(amount - discountAtAmountScale, toMinorDigits), charges: NO_CHARGES };
}
