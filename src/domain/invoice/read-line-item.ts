import { AppError } from '../../errors/app-error.ts';
import type { LineItem } from './invoice-request-schema.ts';
import { DECIMAL_SCALE, parseDecimal } from '../money/parse-decimal.ts';
import { formatScaled } from '../money/format-scaled.ts';
import { itemPaths } from './field-paths.ts';
import { readTaxComponents, type SingleRateCache, type TaxSet } from './read-tax-components.ts';

/** A line's numbers, exact and scaled by 10^6, after every input check (no arithmetic yet). */
export interface LineInput {
  readonly quantity: bigint;
  readonly unitPrice: bigint;
  /** 0n when no discount was sent. */
  readonly discount: bigint;
  readonly discountIsPercent: boolean;
  readonly taxes: TaxSet;
  /** The line's charges, × 10^6, as sent (rounded to minor units by computeLine). */
  readonly charges: readonly bigint[];
}

const HUNDRED_PERCENT = 100n * DECIMAL_SCALE;
/** Shared by the lines without charges (most), so none of them makes a list. */
const NO_CHARGES: readonly bigint[] = Object.freeze([]);

/**
 * Checks one item (6 decimals, percent ≤ 100, not both `taxes` and `tax_rate`) and picks its taxes
 * (D4): own `taxes`, else own `tax_rate` (0 counts), else the invoice-level set `fallbackTaxes`.
 */
export function readLineItem(
  item: LineItem,
  index: number,
  fallbackTaxes: TaxSet,
  singleRates: SingleRateCache,
  taxWord: string,
): LineInput {
  const paths = itemPaths(index);
  const quantity = item.quantity === undefined ? DECIMAL_SCALE : parseDecimal(item.quantity, paths.quantity);
  const unitPrice = item.unit_price === undefined ? 0n : parseDecimal(item.unit_price, paths.unit_price);
  const discountIsPercent = item.discount_type !== 'amount';
  const discount = item.discount === undefined ? 0n : parseDecimal(item.discount, paths.discount);
  if (discountIsPercent && discount > HUNDRED_PERCENT) {
    throw new AppError(
      'validation_error',
      `${paths.discount} is ${formatScaled(discount, 6)} percent; a percent discount must be at most 100 (send discount_type "amount" for a fixed amount)`,
    );
  }

  if (quantity < 0n && discount !== 0n) {
    // D38: a negative line (a returned item, a deduction) is already a reduction.
    throw new AppError('validation_error', `${paths.item} has a negative quantity and a discount; a negative line takes no discount: leave ${paths.discount} out, or lower its unit_price`);
  }
  const sentCharges = item.charges;
  const charges = sentCharges === undefined ? NO_CHARGES : sentCharges.map((charge, c) => {
    if (charge.reason === undefined && charge.reason_code === undefined) {
      throw new AppError('validation_error', `${paths.item}.charges[${c}] needs a reason or a reason_code (EN 16931 BR-44): send reason, for example "Packaging"`);
    }
    return parseDecimal(charge.amount, `${paths.item}.charges[${c}].amount`);
  });
  if (quantity < 0n && charges.length > 0) {
    throw new AppError('validation_error', `${paths.item} has a negative quantity and charges; a negative line takes no charges: leave ${paths.item}.charges out`);
  }

  let taxes = fallbackTaxes;
  if (item.taxes !== undefined) {
    if (item.tax_rate !== undefined) {
      throw new AppError(
        'validation_error',
        `${paths.item} has both taxes and tax_rate; send one of them (tax_rate for a single rate, taxes for several components)`,
      );
    }
    taxes = readTaxComponents(item.taxes, paths.taxes, taxWord);
  } else if (item.tax_rate !== undefined) {
    taxes = singleRates.get(item.tax_rate, paths.tax_rate);
  }
  return { quantity, unitPrice, discount, discountIsPercent, taxes, charges };
}
