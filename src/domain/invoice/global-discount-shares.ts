import { allocateLargestRemainder } from '../money/allocate-largest-remainder.ts';

/**
 * D3: each line's share of the global discount, in proportion to its line_total, by largest
 * remainder so the shares add up to the discount exactly. Used for the tax bases (engine) and for
 * the UBL allowances per tax category, so both split the discount the same way.
 */
export function globalDiscountShares(lineTotals: readonly bigint[], globalDiscount: bigint): bigint[] {
  return globalDiscount === 0n ? lineTotals.map(() => 0n) : allocateLargestRemainder(globalDiscount, lineTotals);
}
