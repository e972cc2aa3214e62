import { EXEMPT_CATEGORIES, type TaxCategory } from './catalog.ts';
import type { LineCategory } from './line-categories.ts';

/**
 * The VAT category untaxed shipping (D7) sits in, for the e-invoice's breakdown and the tax lines
 * alike: a supply that is all in one exempt category takes its shipping with it (an
 * intra-community delivery's freight is part of it); otherwise it is zero rated.
 */
export function untaxedShippingCategory(placed: readonly LineCategory[]): TaxCategory {
  const first = placed[0]!.code;
  return EXEMPT_CATEGORIES.has(first) && placed.every((c) => c.code === first) ? first : 'Z';
}
