import type { TaxLine } from '../invoice/invoice-schema.ts';
import { apportionToTotal, type Fraction } from '../money/apportion-to-total.ts';

/** A VAT category of the breakdown as the tax lines see it. */
export interface CategoryComponents {
  readonly code: string;
  /** Each tax component ("name|rate × 10^6", componentKey) taxing an amount of this category. */
  readonly components: ReadonlySet<string>;
}

/** The key of a component, as CategoryComponents.components holds it. */
export function componentKey(name: string, scaledRate: bigint): string {
  return `${name}|${scaledRate}`;
}

/**
 * Each category's tax, in minor units, as the sum of the engine's tax lines that fall in it, so
 * the breakdown states the JSON's own figures. A tax line belongs to the category of its
 * `tax_category` whose amounts it taxes. Only a component that taxes amounts of one category at
 * two total rates (GST 5 % alone on some lines, with PST 7 % on others) falls in two categories
 * of the breakdown: its rounded amount is then split between them by their exact shares
 * (`exactShare`, largest remainder), so the categories still add up to the tax lines exactly.
 * Undefined when a tax line has no place, which cannot happen for an invoice the engine computed;
 * the caller then fails as for any document that would not add up.
 */
export function categoryTaxesFromTaxLines(
  taxLines: readonly TaxLine[],
  categories: readonly CategoryComponents[],
  toMinor: (value: number, path: string) => bigint,
  scaledRateOf: (rate: number | string, path: string) => bigint,
  exactShare: (category: number, scaledRate: bigint) => Fraction,
): bigint[] | undefined {
  const taxes = categories.map(() => 0n);
  for (let t = 0; t < taxLines.length; t += 1) {
    const line = taxLines[t]!;
    const scaledRate = scaledRateOf(line.rate, `tax_lines[${t}].rate`);
    const key = componentKey(line.name, scaledRate);
    const places: number[] = [];
    categories.forEach((category, index) => {
      if (category.code === line.tax_category && category.components.has(key)) places.push(index);
    });
    if (places.length === 0) return undefined;
    const amount = toMinor(line.amount, `tax_lines[${t}].amount`);
    const parts = places.length === 1 ? [amount] : apportionToTotal(amount, places.map((index) => exactShare(index, scaledRate)));
    places.forEach((index, k) => { taxes[index] = taxes[index]! + parts[k]!; });
  }
  return taxes;
}
