import type { TaxCategory } from './catalog.ts';
import type { InvoiceItem, TaxLine } from './invoice-schema.ts';
import { RatioSum } from '../money/ratio-sum.ts';
import { divideHalfAwayFromZero, scaleDownHalfAwayFromZero } from '../money/round-to-unit.ts';
import { toMoneyNumber } from '../money/to-money-number.ts';
import { checkMagnitude } from './check-magnitude.ts';
import type { TaxComponentValue, TaxSet } from './read-tax-components.ts';
import type { TaxGroupAmount } from './category-taxes-from-groups.ts';

/** Tax figures of the invoice: tax_lines, total_tax (minor units) and each line's display shares. */
export interface TaxFigures {
  readonly taxLines: TaxLine[];
  /** The tax lines' components, categories and amounts in minor units, in the same order. */
  readonly groups: TaxGroupAmount[];
  readonly totalTax: bigint;
  readonly lineTaxes: LineTax[];
}

type ItemTax = InvoiceItem['taxes'][number];

export interface LineTax {
  readonly taxes: ItemTax[];
  readonly taxAmount: number;
}

/**
 * Every amount the invoice taxes, one entry each: the lines first (in order), then the
 * document-level amounts (allowances negative, charges, shipping).
 */
export interface TaxedAmounts {
  /** Taxable bases in minor units (gross when tax-inclusive). */
  readonly bases: readonly bigint[];
  /** The components each base is taxed with (a line's own, or those of its category's lines). */
  readonly taxSets: readonly TaxSet[];
  /** The VAT category each base is in. */
  readonly categories: readonly TaxCategory[];
}

/** Rates are percents × 10^6, so "× rate / 100" is "× scaledRate / 10^8". */
const HUNDRED_PERCENT = 100_000_000n;
const PERCENT_SCALE_DIGITS = 8;

/**
 * One tax line: a component (name, rate) in one VAT category. Keyed by category as well, so a tax
 * line never mixes two categories of the e-invoice's VAT breakdown (zero rated and exempt lines
 * at 0 % make two lines).
 */
interface TaxGroup {
  readonly component: TaxComponentValue;
  readonly category: TaxCategory;
  /** Exclusive: Σ bases (minor units); the group's tax is baseSum × rate / 100, rounded once. */
  baseSum: bigint;
  /** Inclusive: exact Σ of the members' extracted tax and net amounts (minor units). */
  readonly tax: RatioSum | undefined;
  readonly net: RatioSum | undefined;
}

/**
 * D5 / D6. Every group total is an exact sum rounded once; a line's displayed amounts are its own
 * exact shares rounded, so they can differ from the group total by at most one minor unit per
 * line. `lineSets[i]` are the components line i shows (an untaxed line shows none, even when its
 * base joins its category's 0 % tax line).
 *
 * Tax-inclusive, a group whose members all share one set of groups (every common invoice) states
 * as taxable amount its members' gross less the tax of that set, so taxable + tax add up to the
 * gross exactly, as they do in the e-invoice's breakdown; otherwise the rounded exact net.
 */
export function computeTaxes(
  amounts: TaxedAmounts,
  lineSets: readonly TaxSet[],
  inclusive: boolean,
  minorDigits: number,
): TaxFigures {
  const { bases, taxSets, categories } = amounts;
  const groups: TaxGroup[] = [];
  const count = bases.length;
  // Inclusive only: the groups of each entry, to find the groups whose members share one set.
  const memberGroups: number[][] | undefined = inclusive ? new Array<number[]>(count) : undefined;
  for (let i = 0; i < count; i += 1) {
    const { components, totalRate } = taxSets[i]!;
    const base = bases[i]!;
    const category = categories[i]!;
    const denominator = HUNDRED_PERCENT + totalRate;
    if (memberGroups !== undefined) memberGroups[i] = [];
    for (let c = 0; c < components.length; c += 1) {
      const component = components[c]!;
      const g = findGroup(groups, component, category, inclusive);
      const group = groups[g]!;
      if (inclusive) {
        // Tax-inclusive: component = base × rate / (100 + Σrates), net = base × 100 / (100 + Σrates).
        group.tax!.add(base * component.scaledRate, denominator);
        group.net!.add(base * HUNDRED_PERCENT, denominator);
        memberGroups![i]!.push(g);
      } else {
        group.baseSum += base;
      }
    }
  }

  const amountsOf = new Array<bigint>(groups.length);
  let totalTax = 0n;
  for (let g = 0; g < groups.length; g += 1) {
    const group = groups[g]!;
    const amount = inclusive
      ? group.tax!.roundHalfAwayFromZero()
      : scaleDownHalfAwayFromZero(group.baseSum * group.component.scaledRate, PERCENT_SCALE_DIGITS);
    amountsOf[g] = amount;
    totalTax += amount;
    checkMagnitude(totalTax, minorDigits, 'total_tax');
  }
  const taxables = inclusive ? inclusiveTaxables(groups, amountsOf, bases, memberGroups!) : undefined;

  const taxLines = new Array<TaxLine>(groups.length);
  const groupAmounts = new Array<TaxGroupAmount>(groups.length);
  for (let g = 0; g < groups.length; g += 1) {
    const group = groups[g]!;
    groupAmounts[g] = { name: group.component.name, scaledRate: group.component.scaledRate, category: group.category, amount: amountsOf[g]! };
    taxLines[g] = {
      name: group.component.name,
      rate: group.component.rate,
      tax_category: group.category,
      taxable_amount: toMoneyNumber(taxables === undefined ? group.baseSum : taxables[g]!, minorDigits),
      amount: toMoneyNumber(amountsOf[g]!, minorDigits),
    };
  }

  const lineCount = lineSets.length;
  const lineTaxes = new Array<LineTax>(lineCount);
  for (let i = 0; i < lineCount; i += 1) {
    lineTaxes[i] = lineShares(bases[i]!, lineSets[i]!, inclusive, minorDigits);
  }
  return { taxLines, groups: groupAmounts, totalTax, lineTaxes };
}

function findGroup(groups: TaxGroup[], component: TaxComponentValue, category: TaxCategory, inclusive: boolean): number {
  for (let g = 0; g < groups.length; g += 1) {
    const group = groups[g]!;
    if (group.category !== category) continue;
    const other = group.component;
    if (other === component || (other.scaledRate === component.scaledRate && other.name === component.name)) return g;
  }
  groups.push({
    component,
    category,
    baseSum: 0n,
    tax: inclusive ? new RatioSum() : undefined,
    net: inclusive ? new RatioSum() : undefined,
  });
  return groups.length - 1;
}

/**
 * Tax-inclusive taxable amounts: gross − the tax of the set of groups taxing the group's members,
 * when those groups all have exactly the same members (so their tax is these members' tax); else
 * the exact net rounded once.
 */
function inclusiveTaxables(groups: readonly TaxGroup[], amounts: readonly bigint[], bases: readonly bigint[], memberGroups: readonly number[][]): bigint[] {
  const members = groups.map((): number[] => []);
  const gross = groups.map(() => 0n);
  for (let i = 0; i < memberGroups.length; i += 1) {
    for (const g of memberGroups[i]!) {
      members[g]!.push(i);
      gross[g] = gross[g]! + bases[i]!;
    }
  }
  return groups.map((group, g) => {
    const set = memberGroups[members[g]![0]!]!;
    const closed = members[g]!.every((i) => sameMembers(memberGroups[i]!, set))
      && set.every((other) => sameMembers(members[other]!, members[g]!));
    if (!closed) return group.net!.roundHalfAwayFromZero();
    let setTax = 0n;
    for (const other of set) setTax += amounts[other]!;
    return gross[g]! - setTax;
  });
}

function sameMembers(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k += 1) if (a[k] !== b[k]) return false;
  return true;
}

/** A line's display figures: each component's exact share and their sum, each rounded once. */
function lineShares(base: bigint, taxSet: TaxSet, inclusive: boolean, minorDigits: number): LineTax {
  const { components, totalRate } = taxSet;
  const count = components.length;
  if (count === 0) return { taxes: [], taxAmount: 0 };
  const denominator = HUNDRED_PERCENT + totalRate;
  const taxAmount = toMoneyNumber(
    inclusive
      ? divideHalfAwayFromZero(base * totalRate, denominator)
      : scaleDownHalfAwayFromZero(base * totalRate, PERCENT_SCALE_DIGITS),
    minorDigits,
  );
  const taxes = new Array<ItemTax>(count);
  for (let c = 0; c < count; c += 1) {
    const component = components[c]!;
    const amount = count === 1
      ? taxAmount
      : toMoneyNumber(
        inclusive
          ? divideHalfAwayFromZero(base * component.scaledRate, denominator)
          : scaleDownHalfAwayFromZero(base * component.scaledRate, PERCENT_SCALE_DIGITS),
        minorDigits,
      );
    taxes[c] = { name: component.name, rate: component.rate, amount };
  }
  return { taxes, taxAmount };
}
