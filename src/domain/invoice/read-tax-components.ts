import type { TaxComponent } from './invoice-request-schema.ts';
import { parseDecimal } from '../money/parse-decimal.ts';

/** One tax component as the engine uses it: `rate` as sent (echoed), `scaledRate` = rate × 10^6. */
export interface TaxComponentValue {
  readonly name: string;
  /** As sent: a number, or a decimal string. */
  readonly rate: number | string;
  readonly scaledRate: bigint;
}

/** The taxes that apply to one line (D4), with the sum of their rates (× 10^6). */
export interface TaxSet {
  readonly components: readonly TaxComponentValue[];
  readonly totalRate: bigint;
}

export const NO_TAX: TaxSet = { components: [], totalRate: 0n };

/** `taxes` / `global_taxes`: a component without a name is called `taxWord`. */
export function readTaxComponents(list: readonly TaxComponent[], path: string, taxWord: string): TaxSet {
  const components = new Array<TaxComponentValue>(list.length);
  let totalRate = 0n;
  for (let j = 0; j < list.length; j += 1) {
    const component = list[j]!;
    const scaledRate = parseDecimal(component.rate, `${path}[${j}].rate`);
    components[j] = { name: nameOrDefault(component.name, taxWord), rate: component.rate, scaledRate };
    totalRate += scaledRate;
  }
  return { components, totalRate };
}

/** A component sent without a name, or with an empty or blank one, gets the language's word for tax. */
function nameOrDefault(name: string | undefined, taxWord: string): string {
  return name === undefined || name.trim() === '' ? taxWord : name;
}

/** `tax_rate` / `global_tax`: one component named `taxWord`. */
export function readSingleRate(rate: number | string, path: string, taxWord: string): TaxSet {
  const scaledRate = parseDecimal(rate, path);
  return { components: [{ name: taxWord, rate, scaledRate }], totalRate: scaledRate };
}

/**
 * Single-rate tax sets already built for this invoice, so that the lines sharing a `tax_rate`
 * (most lines of most invoices) share one TaxSet: no repeated parsing or allocation, and the tax
 * grouping finds the group by identity. One per computeInvoice call; a handful of entries.
 */
export class SingleRateCache {
  readonly #rates: Array<number | string> = [];
  readonly #sets: TaxSet[] = [];
  readonly #taxWord: string;

  constructor(taxWord: string) {
    this.#taxWord = taxWord;
  }

  get(rate: number | string, path: string): TaxSet {
    const rates = this.#rates;
    for (let k = 0; k < rates.length; k += 1) if (rates[k] === rate) return this.#sets[k]!;
    const set = readSingleRate(rate, path, this.#taxWord);
    rates.push(rate);
    this.#sets.push(set);
    return set;
  }
}
