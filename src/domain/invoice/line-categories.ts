import type { TaxCategory } from './catalog.ts';

/** What decides a line's VAT category: the category sent for it (D36) and its tax components. */
export interface LineCategoryInput {
  /** The line's own tax_category, else the top-level one. */
  readonly sent: TaxCategory | undefined;
  /** Σ of its components' rates, × 10^6. */
  readonly rate: bigint;
  readonly hasTaxes: boolean;
}

export interface LineCategory {
  readonly code: TaxCategory;
  /** × 10^6; 0 for Z, E, AE, K, G, O. */
  readonly rate: bigint;
}

/**
 * Each line's VAT category and rate (UNCL 5305), for the engine's allowances and charges and
 * for the e-invoice: the category sent wins; without one, S when taxed, Z at 0 % or when
 * untaxed on an invoice that is subject to VAT, and O when no line is taxed or names a category
 * other than O. One function, so the JSON's allowances and the documents' breakdowns agree.
 */
export function lineCategories(lines: readonly LineCategoryInput[]): LineCategory[] {
  const vatFree = lines.every((line) => !line.hasTaxes && (line.sent === undefined || line.sent === 'O'));
  return lines.map((line) => ({
    code: line.sent ?? (!line.hasTaxes ? (vatFree ? 'O' : 'Z') : line.rate === 0n ? 'Z' : 'S'),
    rate: line.rate,
  }));
}
