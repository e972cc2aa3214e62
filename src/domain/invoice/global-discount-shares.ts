import { allocateLargestRemainder } from '../money/allocate-largest-remainder.ts';

/**
 * D3: each line's share of the global discount, in proportion to its line_total (positive lines
 * only, D38), by largest
 * remainder so the shares add up to the discount exactly. Used for the tax bases (engine) and for
 * the UBL allowances per tax category, so both split the discount the same way.
 */
export function globalDiscountShares(lineTotals: readonly bigint[], globalDiscount: bigint): bigint[] {
  if (globalDiscount === 0n) return lineTotals.map(() => 0n);
  // A negative line (a return, a deduction) takes no share of the discount.
  return allocateLargestRemainder(globalDiscount, lineTotals.map((total) => (total > 0n ? total : 0n)));
}
