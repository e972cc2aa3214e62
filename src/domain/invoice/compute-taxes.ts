import type { InvoiceItem, TaxLine } from './invoice-schema.ts';
import { RatioSum } from '../money/ratio-sum.ts';
import { divideHalfAwayFromZero, scaleDownHalfAwayFromZero } from '../money/round-to-unit.ts';
import { toMoneyNumber } from '../money/to-money-number.ts';
import { checkMagnitude } from './check-magnitude.ts';
import type { TaxComponentValue, TaxSet } from './read-tax-components.ts';

/** Tax figures of the invoice: tax_lines, total_tax (minor units) and each line's display shares. */
export interface TaxFigures {
  readonly taxLines: TaxLine[];
  readonly totalTax: bigint;
  readonly lineTaxes: LineTax[];
}

type ItemTax = InvoiceItem['taxes'][number];

export interface LineTax {
  readonly taxes: ItemTax[];
  readonly taxAmount: number;
}

/** Rates are percents × 10^6, so "× rate / 100" is "× scaledRate / 10^8". */
const HUNDRED_PERCENT = 100_000_000n;
const PERCENT_SCALE_DIGITS = 8;

/** One tax line (D5): components grouped by (name, rate), in order of first appearance. */
interface TaxGroup {
  readonly component: TaxComponentValue;
  /** Exclusive: Σ bases (minor units); the group's tax is baseSum × rate / 100, rounded once. */
  baseSum: bigint;
  /** Inclusive: exact Σ of the members' extracted tax and net amounts (minor units). */
  readonly tax: RatioSum | undefined;
  readonly net: RatioSum | undefined;
}

/**
 * D5 / D6. `bases[i]` is line i's taxable base in minor units (line_total less its share of the
 * global discount, D3); gross when `inclusive`. Every group total is an exact sum rounded once; a
 * line's displayed amounts are its own exact shares rounded, so they can differ from the group
 * total by at most one minor unit per line.
 */
export function computeTaxes(
  bases: readonly bigint[],
  taxSets: readonly TaxSet[],
  inclusive: boolean,
  minorDigits: number,
): TaxFigures {
  const groups: TaxGroup[] = [];
  const count = bases.length;
  for (let i = 0; i < count; i += 1) {
    const { components, totalRate } = taxSets[i]!;
    const base = bases[i]!;
    const denominator = HUNDRED_PERCENT + totalRate;
    for (let c = 0; c < components.length; c += 1) {
      const component = components[c]!;
      const group = findGroup(groups, component, inclusive);
      if (inclusive) {
        // D6: component = base × rate / (100 + Σrates), net = base × 100 / (100 + Σrates).
        group.tax!.add(base * component.scaledRate, denominator);
        group.net!.add(base * HUNDRED_PERCENT, denominator);
      } else {
        group.baseSum += base;
      }
    }
  }

  const taxLines = new Array<TaxLine>(groups.length);
  let totalTax = 0n;
  for (let g = 0; g < groups.length; g += 1) {
    const group = groups[g]!;
    const amount = inclusive
      ? group.tax!.roundHalfAwayFromZero()
      : scaleDownHalfAwayFromZero(group.baseSum * group.component.scaledRate, PERCENT_SCALE_DIGITS);
    const taxable = inclusive ? group.net!.roundHalfAwayFromZero() : group.baseSum;
    totalTax += amount;
    checkMagnitude(totalTax, minorDigits, 'total_tax');
    taxLines[g] = {
      name: group.component.name,
      rate: group.component.rate,
      taxable_amount: toMoneyNumber(taxable, minorDigits),
      amount: toMoneyNumber(amount, minorDigits),
    };
  }

  const lineTaxes = new Array<LineTax>(count);
  for (let i = 0; i < count; i += 1) {
    lineTaxes[i] = lineShares(bases[i]!, taxSets[i]!, inclusive, minorDigits);
  }
  return { taxLines, totalTax, lineTaxes };
}

function findGroup(groups: TaxGroup[], component: TaxComponentValue, inclusive: boolean): TaxGroup {
  for (let g = 0; g < groups.length; g += 1) {
    const group = groups[g]!;
    const other = group.component;
    if (other === component || (other.scaledRate === component.scaledRate && other.name === component.name)) return group;
  }
  const group: TaxGroup = {
    component,
    baseSum: 0n,
    tax: inclusive ? new RatioSum() : undefined,
    net: inclusive ? new RatioSum() : undefined,
  };
  groups.push(group);
  return group;
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
