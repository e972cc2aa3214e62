import { AppError } from '../../errors/app-error.ts';
import { formatScaled } from '../money/format-scaled.ts';
import { DECIMAL_DIGITS } from '../money/parse-decimal.ts';
import type { TaxCategory } from './catalog.ts';
import type { LineCategory } from './line-categories.ts';
import { NO_TAX, readSingleRate, type TaxSet } from './read-tax-components.ts';

/** Lines of one category and rate above 0 taxed with different components: nothing else can join them. */
const MIXED = Symbol('mixed');

/**
 * The tax components of each VAT category and rate, read from its lines. An allowance, a charge,
 * the shipping or an untaxed line placed in a category is taxed with these, so its base joins the
 * tax lines of that category's lines instead of making a tax line of its own: the JSON's tax
 * lines then hold the same bases as the e-invoice's VAT breakdown (docs/calculation.md).
 */
export class CategoryTaxSets {
  /** One entry per category and rate that has a set (an invoice has a handful: a list beats a Map with built keys). */
  readonly #places: { readonly code: TaxCategory; readonly rate: bigint; set: TaxSet | typeof MIXED }[] = [];
  readonly #taxWord: string;
  #zero: TaxSet | undefined;

  /**
   * `categorySent[i]`: line i's category was named by the caller. An untaxed line whose category
   * was named gives its category a 0 % component named with the language's word for tax, when no
   * line there names one, so an exempt line's base is stated beside the taxed ones.
   */
  constructor(placed: readonly LineCategory[], taxSets: readonly TaxSet[], categorySent: readonly boolean[], taxWord: string) {
    this.#taxWord = taxWord;
    for (let i = 0; i < placed.length; i += 1) {
      const set = taxSets[i]!;
      // An untaxed line has nothing to offer; at 0 % the first named set is the category's.
      if (set.components.length === 0) continue;
      const { code, rate } = placed[i]!;
      const known = this.#find(code, rate);
      if (known === undefined) this.#places.push({ code, rate, set });
      else if (known.set !== set && known.set !== MIXED && rate !== 0n && !sameComponents(known.set, set)) known.set = MIXED;
    }
    for (let i = 0; i < placed.length; i += 1) {
      const code = placed[i]!.code;
      if (categorySent[i] === true && taxSets[i]!.components.length === 0 && this.#find(code, 0n) === undefined) this.#places.push({ code, rate: 0n, set: this.#zeroSet() });
    }
  }

  #find(code: TaxCategory, rate: bigint): { readonly code: TaxCategory; readonly rate: bigint; set: TaxSet | typeof MIXED } | undefined {
    for (const place of this.#places) if (place.code === code && place.rate === rate) return place;
    return undefined;
  }

  /**
   * What a line without tax of its own is grouped with: its category's 0 % tax when one is named
   * (by a line, an allowance, a charge or the shipping, read before), else none: an untaxed line
   * in a category where nothing names a tax adds no tax line.
   */
  ofUntaxedLine(code: TaxCategory): TaxSet {
    const set = this.#find(code, 0n)?.set;
    return set === undefined || set === MIXED ? NO_TAX : set;
  }

  /**
   * What a document-level amount at `path` in `code` at `rate` is taxed with: its category's
   * lines' components; without such lines, one component named with the language's word for tax
   * at the rate the caller sent (`sentRate`, echoed as written) or, when none was sent, at a rate
   * above 0 (a rate of 0 that was only inferred makes no tax line).
   */
  forAmount(code: TaxCategory, rate: bigint, sentRate: number | string | undefined, path: string): TaxSet {
    const set = this.#find(code, rate)?.set;
    if (set === MIXED) {
      throw new AppError('validation_error', `${path} is in VAT category ${code} at ${formatScaled(rate, DECIMAL_DIGITS)} %, whose lines are taxed with different components, so it cannot tell which of their taxes it changes: send it as global_discount (spread over the lines), or give those lines the same taxes`);
    }
    if (set !== undefined) return set;
    if (sentRate === undefined && rate === 0n) return NO_TAX;
    const own = rate === 0n ? this.#zeroSet() : readSingleRate(sentRate ?? Number(formatScaled(rate, DECIMAL_DIGITS)), path, this.#taxWord);
    // Later amounts of the category, and its untaxed lines, join this one.
    this.#places.push({ code, rate, set: own });
    return own;
  }

  /** One 0 % component named with the language's word for tax, shared so its amounts group by identity. */
  #zeroSet(): TaxSet {
    return (this.#zero ??= readSingleRate(0, 'tax_rate', this.#taxWord));
  }
}

/** The same components (name and rate), in any order. */
function sameComponents(a: TaxSet, b: TaxSet): boolean {
  if (a === b) return true;
  if (a.components.length !== b.components.length || a.totalRate !== b.totalRate) return false;
  return a.components.every((c) => b.components.some((d) => d.name === c.name && d.scaledRate === c.scaledRate));
}
