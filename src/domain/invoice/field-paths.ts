// From the domain's catalog, not the schema: the engine runs in the browser too (D44), without TypeBox.
import { MAX_ITEMS } from './catalog.ts';

/**
 * The field paths that error messages name (`items[2].unit_price`), built once: the engine passes a
 * path with every number it reads, and building the strings on each call would cost more than
 * the arithmetic. Paths inside `taxes[j]` are rare and built when needed.
 */
export interface ItemPaths {
  readonly item: string;
  readonly quantity: string;
  readonly unit_price: string;
  readonly discount: string;
  readonly tax_rate: string;
  readonly taxes: string;
}

const PATHS: ItemPaths[] = [];

export function itemPaths(index: number): ItemPaths {
  let paths = PATHS[index];
  if (paths === undefined) {
    const item = `items[${index}]`;
    paths = {
      item,
      quantity: `${item}.quantity`,
      unit_price: `${item}.unit_price`,
      discount: `${item}.discount`,
      tax_rate: `${item}.tax_rate`,
      taxes: `${item}.taxes`,
    };
    if (index < MAX_ITEMS) PATHS[index] = paths;
  }
  return paths;
}
