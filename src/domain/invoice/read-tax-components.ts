import type { TaxComponent } from '../../schemas/invoice-request.ts';
import { parseDecimal } from '../money/parse-decimal.ts';

/** One tax component as the engine uses it: `rate` as sent (echoed), `scaledRate` = rate × 10^6. */
export interface TaxComponentValue {
  readonly name: string;
  readonly rate: number;
  readonly scaledRate: bigint;
}

/** The taxes that apply to one line (D4), with the sum of their rates (× 10^6). */
export interface TaxSet {
  readonly components: readonly TaxComponentValue[];
  readonly totalRate: bigint;
}

export const NO_TAX: TaxSet = { components: [], totalRate: 0n };

/** `taxes` / `global_taxes` (D4): a component without a name is called `taxWord`. */
export function readTaxComponents(list: readonly TaxComponent[], path: string, taxWord: string): TaxSet {
  const components = new Array<TaxComponentValue>(list.length);
  let totalRate = 0n;
  for (let j = 0; j < list.length; j += 1) {
    const component = list[j]!;
    const scaledRate = parseDecimal(component.rate, `${path}[${j}].rate`);
    components[j] = { name: component.name ?? taxWord, rate: component.rate, scaledRate };
    totalRate += scaledRate;
  }
  return { components, totalRate };
}

/** `tax_rate` / `global_tax` (D4): one component named `taxWord`. */
export function readSingleRate(rate: number, path: string, taxWord: string): TaxSet {
  const scaledRate = parseDecimal(rate, path);
  return { components: [{ name: taxWord, rate, scaledRate }], totalRate: scaledRate };
}
