import { apportionToTotal, type Fraction } from '../money/apportion-to-total.ts';
import type { TaxCategory } from './catalog.ts';

/** A VAT category of the breakdown as the tax groups see it. */
export interface CategoryComponents {
  readonly code: string;
  /** Each tax component ("name|rate × 10^6", componentKey) taxing an amount of this category. */
  readonly components: ReadonlySet<string>;
}

/** One tax line as the engine rounded it: a component in one VAT category. */
export interface TaxGroupAmount {
  readonly name: string;
  /** × 10^6. */
  readonly scaledRate: bigint;
  readonly category: TaxCategory;
  /** Minor units, rounded once from the exact sum of its parts. */
  readonly amount: bigint;
}

/** The key of a component, as CategoryComponents.components holds it. */
export function componentKey(name: string, scaledRate: bigint): string {
  return `${name}|${scaledRate}`;
}

/**
 * Each category's tax, in minor units, as the sum of the engine's tax lines that fall in it, so
 * the breakdown states the invoice's own figures. A tax line belongs to the category of its
 * `category` whose amounts it taxes. Only a component that taxes amounts of one category at two
 * total rates (GST 5 % alone on some lines, with PST 7 % on others) falls in two categories of
 * the breakdown: its rounded amount is then split between them by their exact shares
 * (`exactShare`, largest remainder), so the categories still add up to the tax lines exactly.
 * Undefined when a tax line has no place, which cannot happen for an invoice the engine computed;
 * the caller then fails as for any breakdown that would not add up.
 */
export function categoryTaxesFromGroups(
  groups: readonly TaxGroupAmount[],
  categories: readonly CategoryComponents[],
  exactShare: (category: number, scaledRate: bigint) => Fraction,
): bigint[] | undefined {
  const taxes = categories.map(() => 0n);
  for (const group of groups) {
    const key = componentKey(group.name, group.scaledRate);
    const places: number[] = [];
    categories.forEach((category, index) => {
      if (category.code === group.category && category.components.has(key)) places.push(index);
    });
    if (places.length === 0) return undefined;
    const parts = places.length === 1 ? [group.amount] : apportionToTotal(group.amount, places.map((index) => exactShare(index, group.scaledRate)));
    places.forEach((index, k) => { taxes[index] = taxes[index]! + parts[k]!; });
  }
  return taxes;
}
