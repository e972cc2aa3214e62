import type { Invoice } from '../invoice/invoice-schema.ts';
import type { EInvoiceTotals } from './einvoice.ts';
import { CURRENCY_MINOR_UNITS, EXEMPT_CATEGORIES, type TaxCategory } from '../invoice/catalog.ts';
import { globalDiscountShares } from '../invoice/global-discount-shares.ts';
import { apportionToTotal, type Fraction } from '../money/apportion-to-total.ts';
import { DECIMAL_DIGITS, parseDecimal } from '../money/parse-decimal.ts';
import { POW10 } from '../money/pow10.ts';
import { divideHalfAwayFromZero } from '../money/round-to-unit.ts';

/**
 * EN 16931 VAT category of a line, allowance or charge (UNCL 5305 codes). The one sent (D36: the
 * line's tax_category, else the top-level one) wins; without one, today's rules hold:
 * - S, standard rated: the line carries tax (several components become one combined rate, since
 *   EN 16931 allows one category per line, UBL-SR-48);
 * - Z, zero rated: a line whose tax rate is 0, and untaxed lines on an invoice that charges VAT;
 * - O, not subject to VAT: everything on an invoice that carries no tax and names no category.
 */
export type TaxCategoryCode = TaxCategory;

export interface AmountsCategory {
  readonly code: TaxCategoryCode;
  /** Percent × 10^6 (0 for Z, E, AE, K, G and O). */
  readonly rate: bigint;
  /** The D5 tax groups merged into this category ("CGST 9 %", "SGST 9 %"); empty without tax. */
  readonly groups: readonly string[];
  /** For E, AE, K, G and O: the exemption sent (D36), the line's else the invoice's; the writer words a missing text. */
  readonly exemption?: { readonly code?: string; readonly reason?: string };
}

export interface AmountsLine {
  /** LineExtensionAmount: net, after the line discount (D1), in minor units. */
  readonly net: bigint;
  /** The line discount, net, in minor units. */
  readonly discount: bigint;
  /** Unit price, net, × 10^6 (as sent when tax-exclusive). */
  readonly unitPrice: bigint;
  /** Quantity × 10^6, as sent. */
  readonly quantity: bigint;
  readonly category: AmountsCategory;
}

export interface AmountsAllowanceCharge {
  /** false: the global discount's share of one category (D3); true: shipping (D7). */
  readonly charge: boolean;
  readonly amount: bigint;
  readonly category: AmountsCategory;
}

export interface AmountsSubtotal {
  readonly category: AmountsCategory;
  readonly taxable: bigint;
  readonly tax: bigint;
}

/** Every amount of the UBL document, in minor units, consistent with EN 16931's BR-CO rules. */
export interface EInvoiceAmounts extends EInvoiceTotals {
  readonly minorDigits: number;
  readonly lines: readonly AmountsLine[];
  readonly allowanceCharges: readonly AmountsAllowanceCharge[];
  readonly subtotals: readonly AmountsSubtotal[];
}

/** "× rate / 100" with rate × 10^6 is "× rate / 10^8". */
const PERCENT_SCALE = 100n * POW10[DECIMAL_DIGITS]!;

interface CategoryAccumulator {
  readonly category: AmountsCategory;
  readonly lines: number[];
  /** Σ line totals as computed (gross when tax-inclusive). */
  lineTotal: bigint;
  /** Σ global-discount shares (D3), same basis. */
  discount: bigint;
  shipping: bigint;
}

/**
 * The computed invoice's amounts as UBL needs them. The JSON totals are kept to the cent:
 * LineExtensionAmount − AllowanceTotalAmount + ChargeTotalAmount is the tax-exclusive amount,
 * the tax breakdown adds up to total_tax, and PayableAmount is balance_due.
 *
 * - Tax-exclusive invoices: lines, the global discount's category shares (D3, the same
 *   largest-remainder split the engine uses, globalDiscountShares) and shipping carry over as they are.
 * - Tax-inclusive invoices (D6): UBL amounts are net. Per category, net = gross − tax exactly;
 *   the net is spread over the category's lines in proportion to their gross (largest remainder),
 *   the discount share is converted by the category's rate and rounded.
 * - The tax of each category is its exact tax apportioned so the categories add up to total_tax
 *   (which the engine rounds per D5 group), each within a minor unit or two of its exact value —
 *   inside EN 16931's tolerance (BR-CO-17, BR-S-09: one currency unit).
 *
 * Throws when the result would not add up (it always should): the caller answers ubl_error.
 */
export function computeEInvoiceAmounts(invoice: Invoice): EInvoiceAmounts {
  const minorDigits = CURRENCY_MINOR_UNITS[invoice.currency];
  const toMinorDivisor = POW10[DECIMAL_DIGITS - minorDigits]!;
  const minor = (value: number, path: string): bigint => {
    const scaled = parseDecimal(value, path);
    if (scaled % toMinorDivisor !== 0n) throw new Error(`${path} ${value} has more decimals than ${invoice.currency}`);
    return scaled / toMinorDivisor;
  };
  const items = invoice.items;
  // D36: the category sent for each line; an invoice names no category and charges no tax at all
  // only when it is not subject to VAT (O), as before.
  const sentCategories = items.map((item) => item.tax_category ?? invoice.tax_category);
  const vatFree = items.every((item, i) => item.taxes.length === 0 && (sentCategories[i] === undefined || sentCategories[i] === 'O'));
  const lineTotals = items.map((item, i) => minor(item.line_total, `items[${i}].line_total`));
  const globalDiscount = minor(invoice.global_discount, 'global_discount');
  const shares = globalDiscountShares(lineTotals, globalDiscount);

  // Categories in order of first use, lines first, then shipping.
  const categories = new Map<string, CategoryAccumulator>();
  const categoryOf = (code: TaxCategoryCode, rate: bigint, exemption?: AmountsCategory['exemption']): CategoryAccumulator => {
    const key = `${code}${rate}`;
    let entry = categories.get(key);
    if (entry === undefined) {
      const category: AmountsCategory = exemption === undefined ? { code, rate, groups: [] } : { code, rate, groups: [], exemption };
      entry = { category, lines: [], lineTotal: 0n, discount: 0n, shipping: 0n };
      categories.set(key, entry);
    }
    return entry;
  };
  const exemptionOf = (code: TaxCategoryCode, item?: Invoice['items'][number]): AmountsCategory['exemption'] => {
    if (!EXEMPT_CATEGORIES.has(code)) return undefined;
    const exemptionCode = item?.tax_exemption_code ?? invoice.tax_exemption_code;
    const reason = item?.tax_exemption_reason ?? invoice.tax_exemption_reason;
    return { ...(exemptionCode !== undefined ? { code: exemptionCode } : {}), ...(reason !== undefined ? { reason } : {}) };
  };
  const lineCategories = items.map((item, i) => {
    let rate = 0n;
    for (const tax of item.taxes) rate += parseDecimal(tax.rate, `items[${i}].taxes`);
    const code: TaxCategoryCode = sentCategories[i] ?? (item.taxes.length === 0 ? (vatFree ? 'O' : 'Z') : rate === 0n ? 'Z' : 'S');
    const entry = categoryOf(code, rate, exemptionOf(code, item));
    entry.lines.push(i);
    entry.lineTotal += lineTotals[i]!;
    entry.discount += shares[i]!;
    if (rate !== 0n) {
      const groups = entry.category.groups as string[];
      for (const tax of item.taxes) {
        const name = `${tax.name} ${tax.rate} %`;
        if (!groups.includes(name)) groups.push(name);
      }
    }
    return entry.category;
  });
  // Untaxed shipping (D7) follows a supply that is all in one exempt category (an intra-community
  // delivery's freight is part of it); otherwise it is zero rated, or not subject to VAT when nothing is.
  const shipping = minor(invoice.shipping, 'shipping');
  if (shipping > 0n) {
    const only = lineCategories.every((c) => c.code === lineCategories[0]!.code) ? lineCategories[0]!.code : undefined;
    const code: TaxCategoryCode = only !== undefined && EXEMPT_CATEGORIES.has(only) ? only : vatFree ? 'O' : 'Z';
    categoryOf(code, 0n, exemptionOf(code)).shipping += shipping;
  }

  // Each category's exact tax, then integers that add up to the invoice's total_tax.
  const inclusive = invoice.tax_inclusive;
  const entries = [...categories.values()];
  const exactTaxes: Fraction[] = entries.map(({ category, lineTotal, discount }) => ({
    numerator: (lineTotal - discount) * category.rate,
    denominator: inclusive ? PERCENT_SCALE + category.rate : PERCENT_SCALE,
  }));
  const taxTotal = minor(invoice.total_tax, 'total_tax');
  const taxes = apportionToTotal(taxTotal, exactTaxes);

  const nets = [...lineTotals];
  const discounts = items.map((item, i) => minor(item.discount, `items[${i}].discount`));
  const unitPrices = items.map((item, i) => parseDecimal(item.unit_price, `items[${i}].unit_price`));
  const allowanceCharges: AmountsAllowanceCharge[] = [];
  const subtotals: AmountsSubtotal[] = [];
  entries.forEach((entry, k) => {
    const { category } = entry;
    let allowance = entry.discount;
    if (inclusive && category.rate !== 0n) {
      // Net of the category (gross after discount, less its tax), spread over its lines.
      const toNet = (gross: bigint) => divideHalfAwayFromZero(gross * PERCENT_SCALE, PERCENT_SCALE + category.rate);
      allowance = toNet(entry.discount);
      const net = entry.lineTotal - entry.discount - taxes[k]!;
      const lineNets = apportionToTotal(net + allowance, entry.lines.map((i) => ({
        numerator: lineTotals[i]! * PERCENT_SCALE,
        denominator: PERCENT_SCALE + category.rate,
      })));
      entry.lines.forEach((i, j) => {
        nets[i] = lineNets[j]!;
        discounts[i] = toNet(discounts[i]!);
        unitPrices[i] = toNet(unitPrices[i]!);
      });
    }
    if (allowance > 0n) allowanceCharges.push({ charge: false, amount: allowance, category });
    if (entry.shipping > 0n) allowanceCharges.push({ charge: true, amount: entry.shipping, category });
    let lineNet = 0n;
    for (const i of entry.lines) lineNet += nets[i]!;
    subtotals.push({ category, taxable: lineNet - allowance + entry.shipping, tax: taxes[k]! });
  });

  const lines = items.map((item, i): AmountsLine => ({
    net: nets[i]!,
    discount: discounts[i]!,
    unitPrice: unitPrices[i]!,
    quantity: parseDecimal(item.quantity, `items[${i}].quantity`),
    category: lineCategories[i]!,
  }));
  const lineExtension = nets.reduce((a, b) => a + b, 0n);
  const allowanceTotal = allowanceCharges.reduce((sum, ac) => (ac.charge ? sum : sum + ac.amount), 0n);
  const chargeTotal = allowanceCharges.reduce((sum, ac) => (ac.charge ? sum + ac.amount : sum), 0n);
  const taxExclusive = lineExtension - allowanceTotal + chargeTotal;
  const taxInclusive = taxExclusive + taxTotal;
  const prepaid = minor(invoice.amount_paid, 'amount_paid');
  const rounding = minor(invoice.rounding_adjustment, 'rounding_adjustment');
  const payable = minor(invoice.balance_due, 'balance_due');
  // BR-CO-16, and through it every total above: the document must say what the JSON says.
  if (taxInclusive - prepaid + rounding !== payable || taxInclusive + rounding !== minor(invoice.grand_total, 'grand_total')) {
    throw new Error(`UBL totals do not add up: tax-inclusive ${taxInclusive}, rounding ${rounding}, grand total ${invoice.grand_total}`);
  }
  return {
    minorDigits, lines, allowanceCharges, subtotals, lineExtension, allowanceTotal, chargeTotal,
    taxExclusive, taxTotal, taxInclusive, prepaid, rounding, payable,
  };
}
