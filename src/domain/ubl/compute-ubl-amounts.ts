import type { Invoice } from '../invoice/invoice-schema.ts';
import { CURRENCY_MINOR_UNITS } from '../invoice/catalog.ts';
import { globalDiscountShares } from '../invoice/global-discount-shares.ts';
import { apportionToTotal, type Fraction } from '../money/apportion-to-total.ts';
import { DECIMAL_DIGITS, parseDecimal } from '../money/parse-decimal.ts';
import { POW10 } from '../money/pow10.ts';
import { divideHalfAwayFromZero } from '../money/round-to-unit.ts';

/**
 * EN 16931 VAT category of a line, allowance or charge (UNCL 5305 codes):
 * - S, standard rated: the line carries tax (several components become one combined rate, since
 *   EN 16931 allows one category per line, UBL-SR-48);
 * - Z, zero rated: a line whose tax rate is 0, and untaxed lines and shipping (D7) on an invoice
 *   that charges tax;
 * - O, not subject to VAT: everything on an invoice that carries no tax at all.
 */
export type TaxCategoryCode = 'S' | 'Z' | 'O';

export interface UblTaxCategory {
  readonly code: TaxCategoryCode;
  /** Percent × 10^6 (0 for Z and O). */
  readonly rate: bigint;
  /** The D5 tax groups merged into this category ("CGST 9 %", "SGST 9 %"); empty for Z and O. */
  readonly groups: readonly string[];
}

export interface UblLine {
  /** LineExtensionAmount: net, after the line discount (D1), in minor units. */
  readonly net: bigint;
  /** The line discount, net, in minor units. */
  readonly discount: bigint;
  /** Unit price, net, × 10^6 (as sent when tax-exclusive). */
  readonly unitPrice: bigint;
  /** Quantity × 10^6, as sent. */
  readonly quantity: bigint;
  readonly category: UblTaxCategory;
}

export interface UblDocumentAllowanceCharge {
  /** false: the global discount's share of one category (D3); true: shipping (D7). */
  readonly charge: boolean;
  readonly amount: bigint;
  readonly category: UblTaxCategory;
}

export interface UblTaxSubtotal {
  readonly category: UblTaxCategory;
  readonly taxable: bigint;
  readonly tax: bigint;
}

/** Every amount of the UBL document, in minor units, consistent with EN 16931's BR-CO rules. */
export interface UblAmounts {
  readonly minorDigits: number;
  readonly lines: readonly UblLine[];
  readonly allowanceCharges: readonly UblDocumentAllowanceCharge[];
  readonly subtotals: readonly UblTaxSubtotal[];
  readonly lineExtension: bigint;
  readonly allowanceTotal: bigint;
  readonly chargeTotal: bigint;
  readonly taxExclusive: bigint;
  readonly taxTotal: bigint;
  readonly taxInclusive: bigint;
  readonly prepaid: bigint;
  readonly rounding: bigint;
  readonly payable: bigint;
}

/** "× rate / 100" with rate × 10^6 is "× rate / 10^8". */
const PERCENT_SCALE = 100n * POW10[DECIMAL_DIGITS]!;

interface CategoryAccumulator {
  readonly category: UblTaxCategory;
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
export function computeUblAmounts(invoice: Invoice): UblAmounts {
  const minorDigits = CURRENCY_MINOR_UNITS[invoice.currency];
  const toMinorDivisor = POW10[DECIMAL_DIGITS - minorDigits]!;
  const minor = (value: number, path: string): bigint => {
    const scaled = parseDecimal(value, path);
    if (scaled % toMinorDivisor !== 0n) throw new Error(`${path} ${value} has more decimals than ${invoice.currency}`);
    return scaled / toMinorDivisor;
  };
  const items = invoice.items;
  const anyTax = items.some((item) => item.taxes.length > 0);
  const lineTotals = items.map((item, i) => minor(item.line_total, `items[${i}].line_total`));
  const globalDiscount = minor(invoice.global_discount, 'global_discount');
  const shares = globalDiscountShares(lineTotals, globalDiscount);

  // Categories in order of first use, lines first, then shipping.
  const categories = new Map<string, CategoryAccumulator>();
  const categoryOf = (code: TaxCategoryCode, rate: bigint): CategoryAccumulator => {
    const key = `${code}${rate}`;
    let entry = categories.get(key);
    if (entry === undefined) {
      entry = { category: { code, rate, groups: [] }, lines: [], lineTotal: 0n, discount: 0n, shipping: 0n };
      categories.set(key, entry);
    }
    return entry;
  };
  const lineCategories = items.map((item, i) => {
    let rate = 0n;
    for (const tax of item.taxes) rate += parseDecimal(tax.rate, `items[${i}].taxes`);
    const code: TaxCategoryCode = item.taxes.length === 0 ? (anyTax ? 'Z' : 'O') : rate === 0n ? 'Z' : 'S';
    const entry = categoryOf(code, code === 'S' ? rate : 0n);
    entry.lines.push(i);
    entry.lineTotal += lineTotals[i]!;
    entry.discount += shares[i]!;
    if (code === 'S') {
      const groups = entry.category.groups as string[];
      for (const tax of item.taxes) {
        const name = `${tax.name} ${tax.rate} %`;
        if (!groups.includes(name)) groups.push(name);
      }
    }
    return entry.category;
  });
  const shipping = minor(invoice.shipping, 'shipping');
  if (shipping > 0n) categoryOf(anyTax ? 'Z' : 'O', 0n).shipping += shipping;

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
  const allowanceCharges: UblDocumentAllowanceCharge[] = [];
  const subtotals: UblTaxSubtotal[] = [];
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

  const lines = items.map((item, i): UblLine => ({
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
