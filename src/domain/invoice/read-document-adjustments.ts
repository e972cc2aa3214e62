import { AppError } from '../../errors/app-error.ts';
import { formatScaled } from '../money/format-scaled.ts';
import { DECIMAL_DIGITS, parseDecimal } from '../money/parse-decimal.ts';
import { scaleDownHalfAwayFromZero } from '../money/round-to-unit.ts';
import { ALLOWANCE_REASON_CODES, CHARGE_REASON_CODES } from '../einvoice/code-lists.ts';
import { ZERO_RATE_CATEGORIES, type TaxCategory } from './catalog.ts';
import type { AllowanceChargeInput, InvoiceRequest } from './invoice-request-schema.ts';
import type { CategoryTaxSets } from './category-tax-sets.ts';
import type { LineCategory } from './line-categories.ts';
import { readTaxComponents, type TaxSet } from './read-tax-components.ts';

const invalid = (message: string) => new AppError('validation_error', message);
/** "× p / 100" with p × 10^6 is "× p / 10^8". */
const PERCENT_SCALE_DIGITS = 8;

/** A document-level allowance or charge (D37), read and placed in its VAT category and rate. */
export interface DocumentAdjustment {
  readonly charge: boolean;
  /** In minor units, positive. */
  readonly amount: bigint;
  readonly category: TaxCategory;
  /** × 10^6. */
  readonly rate: bigint;
  /** What the tax of its base is computed with (D5): its category's lines' components (category-tax-sets.ts). */
  readonly taxes: TaxSet;
  readonly input: AllowanceChargeInput;
  readonly path: string;
}

/** The shipping's own taxes, or undefined for untaxed shipping (D7). */
export interface ShippingTax {
  readonly taxes: TaxSet;
  readonly category: TaxCategory;
}

/**
 * `allowances` and `charges`, each in one VAT category and rate: the one sent, else the
 * lines' when they all share one. A percent is of the net sum of the lines in that category and
 * rate (line_total), rounded once. Each needs a reason or a reason code (BR-33, BR-38), and
 * a code must be on its list (UNCL 5189 for allowances, 7161 for charges). Each is taxed with the
 * components of its category's lines, so its base joins their tax lines.
 */
export function readDocumentAdjustments(
  request: InvoiceRequest,
  categories: readonly LineCategory[],
  lineTotals: readonly bigint[],
  categoryTaxes: CategoryTaxSets,
  decimalToMinorDigits: number,
): DocumentAdjustment[] {
  const out: DocumentAdjustment[] = [];
  for (const [list, charge] of [[request.allowances, false], [request.charges, true]] as const) {
    (list ?? []).forEach((input, i) => {
      const path = `${charge ? 'charges' : 'allowances'}[${i}]`;
      const { code: category, rate } = placeOf(input, path, categories);
      const amount = amountOf(input, path, category, rate, categories, lineTotals, decimalToMinorDigits);
      if (input.reason === undefined && input.reason_code === undefined) {
        throw invalid(`${path} needs a reason or a reason_code (EN 16931 BR-${charge ? '38' : '33'}): send reason, for example "${charge ? 'Packaging' : 'Loyalty discount'}"`);
      }
      const codes = charge ? CHARGE_REASON_CODES : ALLOWANCE_REASON_CODES;
      if (input.reason_code !== undefined && !codes.has(input.reason_code)) {
        throw invalid(`${path}.reason_code "${input.reason_code}" is not on the ${charge ? 'UNCL 7161 charge' : 'UNCL 5189 allowance'} code list; send one such as ${charge ? 'FC (freight), ABL (packaging), ZZZ (mutually defined)' : '95 (discount), 100 (special agreement), 41 (bonus for works ahead of schedule)'} or leave it out`);
      }
      // A category named without a rate is a rate of 0 the caller chose, as much as a rate sent.
      const taxes = categoryTaxes.forAmount(category, rate, input.tax_rate ?? (input.tax_category === undefined ? undefined : 0), path);
      out.push({ charge, amount, category, rate, taxes, input, path });
    });
  }
  return out;
}

/** The category and rate of one allowance or charge, checked as a line's are. */
function placeOf(input: AllowanceChargeInput, path: string, categories: readonly LineCategory[]): LineCategory {
  const sentRate = input.tax_rate === undefined ? undefined : parseDecimal(input.tax_rate, `${path}.tax_rate`);
  if (input.tax_category === undefined && sentRate === undefined) {
    const first = categories[0]!;
    if (categories.every((c) => c.code === first.code && c.rate === first.rate)) return first;
    const distinct = [...new Set(categories.map((c) => `${c.code} ${formatScaled(c.rate, DECIMAL_DIGITS)} %`))];
    throw invalid(`${path} needs a tax_category and tax_rate, since the lines are in several (${distinct.join(', ')}): send the category and rate it belongs to`);
  }
  const category: TaxCategory = input.tax_category ?? (sentRate === 0n ? 'Z' : 'S');
  if (ZERO_RATE_CATEGORIES.has(category)) {
    if (sentRate !== undefined && sentRate !== 0n) throw invalid(`${path}.tax_category is ${category}, which takes rate 0: send tax_rate 0 or leave it out`);
    return { code: category, rate: 0n };
  }
  if (sentRate === undefined) {
    const rates = [...new Set(categories.filter((c) => c.code === category).map((c) => c.rate))];
    if (rates.length !== 1) throw invalid(`${path}.tax_rate is needed for category ${category}: send the rate in percent`);
    return { code: category, rate: rates[0]! };
  }
  if (category === 'S' && sentRate === 0n) throw invalid(`${path}.tax_category is S (standard rated), which needs a rate above 0: send tax_rate, or tax_category Z`);
  return { code: category, rate: sentRate };
}

function amountOf(
  input: AllowanceChargeInput,
  path: string,
  category: TaxCategory,
  rate: bigint,
  categories: readonly LineCategory[],
  lineTotals: readonly bigint[],
  decimalToMinorDigits: number,
): bigint {
  if ((input.amount === undefined) === (input.percent === undefined)) {
    throw invalid(`${path} needs exactly one of amount and percent`);
  }
  if (input.amount !== undefined) return scaleDownHalfAwayFromZero(parseDecimal(input.amount, `${path}.amount`), decimalToMinorDigits);
  let base = 0n;
  categories.forEach((c, i) => { if (c.code === category && c.rate === rate) base += lineTotals[i]!; });
  if (base <= 0n) {
    throw invalid(`${path}.percent is a percent of the lines in category ${category} at ${formatScaled(rate, DECIMAL_DIGITS)} %, and they sum to ${base === 0n ? 'nothing' : 'less than zero'}: send an amount instead`);
  }
  return scaleDownHalfAwayFromZero(base * parseDecimal(input.percent!, `${path}.percent`), PERCENT_SCALE_DIGITS);
}

/**
 * Taxed shipping's components and category, or undefined when it stays untaxed.
 * `shipping_taxes` are its own components as sent; a `shipping_tax_rate` is taxed with the
 * components of its category's lines, as an allowance is.
 */
export function readShippingTax(request: InvoiceRequest, taxWord: string, categoryTaxes: CategoryTaxSets): ShippingTax | undefined {
  if (request.shipping_taxes !== undefined && request.shipping_tax_rate !== undefined) {
    throw invalid('shipping_taxes and shipping_tax_rate are both set; send one of them');
  }
  const sent = request.shipping_taxes !== undefined
    ? readTaxComponents(request.shipping_taxes, 'shipping_taxes', taxWord)
    : request.shipping_tax_rate !== undefined ? { components: [], totalRate: parseDecimal(request.shipping_tax_rate, 'shipping_tax_rate') } : undefined;
  if (sent === undefined) {
    if (request.shipping_tax_category !== undefined && !ZERO_RATE_CATEGORIES.has(request.shipping_tax_category)) {
      throw invalid(`shipping_tax_category ${request.shipping_tax_category} needs a rate: send shipping_tax_rate`);
    }
    const category = request.shipping_tax_category;
    return category === undefined ? undefined : { taxes: categoryTaxes.forAmount(category, 0n, 0, 'shipping_tax_category'), category };
  }
  const category: TaxCategory = request.shipping_tax_category ?? (sent.totalRate === 0n ? 'Z' : 'S');
  if (ZERO_RATE_CATEGORIES.has(category) && sent.totalRate !== 0n) {
    throw invalid(`shipping_tax_category is ${category}, which takes rate 0, but the shipping is taxed at ${formatScaled(sent.totalRate, DECIMAL_DIGITS)} %: send shipping_tax_rate 0 or another category`);
  }
  if (category === 'S' && sent.totalRate === 0n) throw invalid('shipping_tax_category is S (standard rated), which needs a rate above 0: send shipping_tax_rate, or category Z');
  const taxes = request.shipping_taxes !== undefined ? sent : categoryTaxes.forAmount(category, sent.totalRate, request.shipping_tax_rate, 'shipping_tax_rate');
  return { taxes, category };
}
