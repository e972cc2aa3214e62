import type { Invoice } from '../invoice/invoice-schema.ts';
import type { EInvoiceTotals } from './einvoice.ts';
import { CURRENCY_MINOR_UNITS, EXEMPT_CATEGORIES, type TaxCategory } from '../invoice/catalog.ts';
import { globalDiscountShares } from '../invoice/global-discount-shares.ts';
import { lineCategories } from '../invoice/line-categories.ts';
import { untaxedShippingCategory } from '../invoice/untaxed-shipping-category.ts';
import { apportionToTotal, type Fraction } from '../money/apportion-to-total.ts';
import { formatScaled } from '../money/format-scaled.ts';
import { DECIMAL_DIGITS, parseDecimal } from '../money/parse-decimal.ts';
import { POW10 } from '../money/pow10.ts';
import { divideHalfAwayFromZero } from '../money/round-to-unit.ts';
import { TAX_WORD } from '../invoice/language-words.ts';
import { categoryTaxesFromTaxLines, componentKey, type CategoryComponents } from './category-taxes-from-tax-lines.ts';

/**
 * EN 16931 VAT category of a line, allowance or charge (UNCL 5305 codes), as lineCategories
 * decides it for lines (the category sent wins, D36; else S when taxed, Z at 0 % or untaxed on an
 * invoice subject to VAT, O when nothing is). Allowances and charges carry the category the engine
 * placed them in (D37).
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

/** A charge on a line (BG-28, D37), net. */
export interface AmountsLineCharge {
  readonly amount: bigint;
  readonly reason?: string;
  readonly reasonCode?: string;
}

export interface AmountsLine {
  /** LineExtensionAmount: net, after the line discount (D1) and with the line's charges (D37), in minor units. */
  readonly net: bigint;
  /** The line discount, net, in minor units. */
  readonly discount: bigint;
  readonly charges: readonly AmountsLineCharge[];
  /** Unit price, net, × 10^6 (as sent when tax-exclusive). */
  readonly unitPrice: bigint;
  /** Quantity × 10^6, as sent. */
  readonly quantity: bigint;
  readonly category: AmountsCategory;
}

/** Where a document-level allowance or charge comes from: the writer words it by its kind. */
export type AdjustmentKind = 'global_discount' | 'allowance' | 'charge' | 'shipping';

export interface AmountsAllowanceCharge {
  readonly kind: AdjustmentKind;
  /** false: an allowance (the global discount's share of a category, D3, or one of D37); true: a charge or shipping. */
  readonly charge: boolean;
  readonly amount: bigint;
  readonly category: AmountsCategory;
  /** As sent (D37), for allowances and charges. */
  readonly reason?: string;
  readonly reasonCode?: string;
  /** The request field it comes from (allowances[i], charges[i], shipping); none for the global discount's shares. */
  readonly field?: string;
}

export interface AmountsSubtotal {
  readonly category: AmountsCategory;
  readonly taxable: bigint;
  readonly tax: bigint;
}

/** Every amount of the e-invoice, in minor units, consistent with EN 16931's BR-CO rules. */
export interface EInvoiceAmounts extends EInvoiceTotals {
  readonly minorDigits: number;
  readonly lines: readonly AmountsLine[];
  readonly allowanceCharges: readonly AmountsAllowanceCharge[];
  readonly subtotals: readonly AmountsSubtotal[];
}

/** "× rate / 100" with rate × 10^6 is "× rate / 10^8". */
const PERCENT_SCALE = 100n * POW10[DECIMAL_DIGITS]!;

/** A document-level amount of one category before conversion: gross when tax-inclusive. */
interface Adjustment {
  readonly kind: AdjustmentKind;
  readonly charge: boolean;
  readonly amount: bigint;
  readonly reason?: string;
  readonly reasonCode?: string;
  readonly field?: string;
}

interface CategoryAccumulator extends CategoryComponents {
  readonly category: AmountsCategory;
  readonly lines: number[];
  readonly components: Set<string>;
  /** Σ line totals as computed (gross when tax-inclusive). */
  lineTotal: bigint;
  /** The global discount's shares (D3), allowances and charges (D37) and shipping, in that order. */
  readonly adjustments: Adjustment[];
}

const signed = (a: { charge: boolean; amount: bigint }) => (a.charge ? a.amount : -a.amount);

/**
 * The computed invoice's amounts as EN 16931 needs them. The JSON totals are kept to the cent:
 * LineExtensionAmount − AllowanceTotalAmount + ChargeTotalAmount is the tax-exclusive amount,
 * the tax breakdown adds up to total_tax, and PayableAmount is balance_due.
 *
 * - Each category and rate collects its lines, its share of the global discount (D3, the same
 *   largest-remainder split the engine uses, globalDiscountShares), its allowances and charges
 *   (D37) and the shipping (taxed in its own category, D37; untaxed as D7 has it).
 * - Tax-exclusive invoices: everything carries over as it is.
 * - Tax-inclusive invoices (D6): EN 16931 amounts are net. Per category, net = gross − tax exactly;
 *   the document-level amounts are converted at the category's rate and rounded, and the rest of
 *   the net is spread over the category's lines in proportion to their gross (largest remainder);
 *   line discounts, line charges and unit prices are converted and rounded.
 * - The tax of each category is the sum of the engine's tax lines in it (each names its
 *   category), so the breakdown states the JSON's figures; each lies within a minor unit per tax
 *   line of its exact value, inside EN 16931's tolerance (BR-CO-17, BR-S-09: one currency unit).
 *
 * Throws when the result would not add up (it always should): the caller answers ubl_error / cii_error.
 */
export function computeEInvoiceAmounts(invoice: Invoice): EInvoiceAmounts {
  const minorDigits = CURRENCY_MINOR_UNITS[invoice.currency];
  const toMinorDivisor = POW10[DECIMAL_DIGITS - minorDigits]!;
  const minor = (value: number, path: string): bigint => {
    const scaled = parseDecimal(value, path);
    if (scaled % toMinorDivisor !== 0n) throw new Error(`${path} ${value} has more decimals than ${invoice.currency}`);
    return scaled / toMinorDivisor;
  };
  const rateOf = (taxes: ReadonlyArray<{ rate: number | string }> | undefined, path: string) => {
    let rate = 0n;
    for (const tax of taxes ?? []) rate += parseDecimal(tax.rate, path);
    return rate;
  };
  const items = invoice.items;
  const lineTotals = items.map((item, i) => minor(item.line_total, `items[${i}].line_total`));
  const shares = globalDiscountShares(lineTotals, minor(invoice.global_discount, 'global_discount'));
  const placed = lineCategories(items.map((item, i) => ({
    sent: item.tax_category ?? invoice.tax_category,
    rate: rateOf(item.taxes, `items[${i}].taxes`),
    hasTaxes: item.taxes.length > 0,
  })));

  // Categories in order of first use: lines, then allowances, charges and shipping.
  const categories = new Map<string, CategoryAccumulator>();
  // The components taxing each category, as the engine chose them (category-tax-sets.ts): the
  // lines' own; where no line of the category has one, the language's word for tax at its rate.
  const taxWord = TAX_WORD[invoice.language];
  const seeAmount = (entry: CategoryAccumulator) => {
    if (entry.components.size === 0) entry.components.add(componentKey(taxWord, entry.category.rate));
  };
  const exemptionOf = (code: TaxCategoryCode, item?: Invoice['items'][number]): AmountsCategory['exemption'] => {
    if (!EXEMPT_CATEGORIES.has(code)) return undefined;
    const exemptionCode = item?.tax_exemption_code ?? invoice.tax_exemption_code;
    const reason = item?.tax_exemption_reason ?? invoice.tax_exemption_reason;
    return { ...(exemptionCode !== undefined ? { code: exemptionCode } : {}), ...(reason !== undefined ? { reason } : {}) };
  };
  const categoryOf = (code: TaxCategoryCode, rate: bigint, item?: Invoice['items'][number]): CategoryAccumulator => {
    const key = `${code}${rate}`;
    let entry = categories.get(key);
    if (entry === undefined) {
      const exemption = exemptionOf(code, item);
      const category: AmountsCategory = exemption === undefined ? { code, rate, groups: [] } : { code, rate, groups: [], exemption };
      entry = { code, category, lines: [], components: new Set(), lineTotal: 0n, adjustments: [] };
      categories.set(key, entry);
    }
    return entry;
  };
  const lineEntries = items.map((item, i) => {
    const { code, rate } = placed[i]!;
    const entry = categoryOf(code, rate, item);
    entry.lines.push(i);
    entry.lineTotal += lineTotals[i]!;
    for (const tax of item.taxes) entry.components.add(componentKey(tax.name, parseDecimal(tax.rate, `items[${i}].taxes`)));
    // An untaxed line that names its category is stated at 0 % under the word for tax (category-tax-sets.ts).
    if (item.taxes.length === 0 && (item.tax_category ?? invoice.tax_category) !== undefined) entry.components.add(componentKey(taxWord, 0n));
    if (rate !== 0n) {
      const groups = entry.category.groups as string[];
      for (const tax of item.taxes) {
        // The rate as a number, so 19 and "19.000000" (D38) name one group, as the engine groups them.
        const name = `${tax.name} ${formatScaled(parseDecimal(tax.rate, `items[${i}].taxes`), DECIMAL_DIGITS)} %`;
        if (!groups.includes(name)) groups.push(name);
      }
    }
    return entry;
  });
  // D3: the global discount's share of each category, as one allowance per category.
  const discountByEntry = new Map<CategoryAccumulator, bigint>();
  lineEntries.forEach((entry, i) => discountByEntry.set(entry, (discountByEntry.get(entry) ?? 0n) + shares[i]!));
  for (const [entry, discount] of discountByEntry) {
    if (discount > 0n) entry.adjustments.push({ kind: 'global_discount', charge: false, amount: discount });
  }
  // D37: allowances and charges in the category the engine placed them in.
  for (const [list, charge] of [[invoice.allowances, false], [invoice.charges, true]] as const) {
    (list ?? []).forEach((a, i) => {
      const path = `${charge ? 'charges' : 'allowances'}[${i}]`;
      const entry = categoryOf(a.tax_category as TaxCategoryCode, parseDecimal(a.tax_rate, `${path}.tax_rate`));
      seeAmount(entry);
      entry.adjustments.push({
        kind: charge ? 'charge' : 'allowance',
        charge,
        field: path,
        amount: minor(a.amount, `${path}.amount`),
        ...(a.reason !== undefined ? { reason: a.reason } : {}),
        ...(a.reason_code !== undefined ? { reasonCode: a.reason_code } : {}),
      });
    });
  }
  // Shipping: taxed in its own category (D37); untaxed (D7), it follows a supply that is all in
  // one exempt category (an intra-community delivery's freight is part of it), else it is zero
  // rated, or not subject to VAT when nothing is.
  const shipping = minor(invoice.shipping, 'shipping');
  if (shipping !== 0n) {
    const shippingRate = invoice.shipping_taxes !== undefined
      ? rateOf(invoice.shipping_taxes, 'shipping_taxes')
      : invoice.shipping_tax_rate !== undefined ? parseDecimal(invoice.shipping_tax_rate, 'shipping_tax_rate') : 0n;
    // The engine names the category of taxed shipping; untaxed, it is placed as the engine placed it.
    const code = (invoice.shipping_tax_category as TaxCategoryCode | undefined) ?? untaxedShippingCategory(placed);
    const entry = categoryOf(code, shippingRate);
    if (invoice.shipping_taxes === undefined) seeAmount(entry);
    else for (const tax of invoice.shipping_taxes) entry.components.add(componentKey(tax.name ?? taxWord, parseDecimal(tax.rate, 'shipping_taxes')));
    entry.adjustments.push({ kind: 'shipping', charge: true, field: 'shipping', amount: shipping });
  }

  // Each category's exact tax, then integers that add up to the invoice's total_tax.
  const inclusive = invoice.tax_inclusive;
  const entries = [...categories.values()];
  const grossOf = (entry: CategoryAccumulator) => entry.adjustments.reduce((sum, a) => sum + signed(a), entry.lineTotal);
  const exactTaxes: Fraction[] = entries.map((entry) => ({
    numerator: grossOf(entry) * entry.category.rate,
    denominator: inclusive ? PERCENT_SCALE + entry.category.rate : PERCENT_SCALE,
  }));
  const taxTotal = minor(invoice.total_tax, 'total_tax');
  const taxes = categoryTaxes(invoice, entries, entries.map(grossOf), taxTotal, exactTaxes, minor);

  const nets = [...lineTotals];
  const discounts = items.map((item, i) => minor(item.discount, `items[${i}].discount`));
  const lineCharges = items.map((item, i) => (item.charges ?? []).map((c, k): AmountsLineCharge => ({
    amount: minor(c.amount, `items[${i}].charges[${k}].amount`),
    ...(c.reason !== undefined ? { reason: c.reason } : {}),
    ...(c.reason_code !== undefined ? { reasonCode: c.reason_code } : {}),
  })));
  const unitPrices = items.map((item, i) => parseDecimal(item.unit_price, `items[${i}].unit_price`));
  const quantities = items.map((item, i) => parseDecimal(item.quantity, `items[${i}].quantity`));
  const allowanceCharges: AmountsAllowanceCharge[] = [];
  const subtotals: AmountsSubtotal[] = [];
  entries.forEach((entry, k) => {
    const { category } = entry;
    let adjustments = entry.adjustments;
    if (inclusive && category.rate !== 0n) {
      const toNet = (gross: bigint) => divideHalfAwayFromZero(gross * PERCENT_SCALE, PERCENT_SCALE + category.rate);
      adjustments = adjustments.map((a) => ({ ...a, amount: toNet(a.amount) }));
      // Net of the category (gross less its tax), less its document-level amounts, spread over its lines.
      const net = grossOf(entry) - taxes[k]!;
      let linesNet = net - adjustments.reduce((sum, a) => sum + signed(a), 0n);
      if (entry.lines.length === 0 && linesNet !== 0n) {
        // No line to take the cents the conversion rounded away (a category of only allowances,
        // charges or shipping): the largest of its amounts takes them.
        adjustments = withResidue(adjustments, linesNet);
        linesNet = 0n;
      }
      const lineNets = apportionToTotal(linesNet, entry.lines.map((i) => ({
        numerator: lineTotals[i]! * PERCENT_SCALE,
        denominator: PERCENT_SCALE + category.rate,
      })));
      entry.lines.forEach((i, j) => {
        nets[i] = lineNets[j]!;
        discounts[i] = toNet(discounts[i]!);
        lineCharges[i] = lineCharges[i]!.map((c) => ({ ...c, amount: toNet(c.amount) }));
        unitPrices[i] = netUnitPrice(nets[i]!, discounts[i]!, lineCharges[i]!, quantities[i]!, minorDigits) ?? toNet(unitPrices[i]!);
      });
    }
    for (const a of adjustments) if (a.amount !== 0n) allowanceCharges.push({ ...a, category });
    let taxable = adjustments.reduce((sum, a) => sum + signed(a), 0n);
    for (const i of entry.lines) taxable += nets[i]!;
    subtotals.push({ category, taxable, tax: taxes[k]! });
  });

  const lines = items.map((item, i): AmountsLine => ({
    net: nets[i]!,
    discount: discounts[i]!,
    charges: lineCharges[i]!,
    unitPrice: unitPrices[i]!,
    quantity: quantities[i]!,
    category: lineEntries[i]!.category,
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
    throw new Error(`e-invoice totals do not add up: tax-inclusive ${taxInclusive}, rounding ${rounding}, grand total ${invoice.grand_total}`);
  }
  return {
    minorDigits, lines, allowanceCharges, subtotals, lineExtension, allowanceTotal, chargeTotal,
    taxExclusive, taxTotal, taxInclusive, prepaid, rounding, payable,
  };
}

/**
 * Each category's tax: the sum of the tax lines in it, so the document states the JSON's figures.
 * An invoice computed before tax lines named their category (a stored snapshot) has its total
 * apportioned over the categories by their exact tax instead, each within a unit of it.
 */
function categoryTaxes(
  invoice: Invoice,
  entries: readonly CategoryAccumulator[],
  grosses: readonly bigint[],
  taxTotal: bigint,
  exactTaxes: readonly Fraction[],
  minor: (value: number, path: string) => bigint,
): bigint[] {
  if (invoice.tax_lines.some((line) => line.tax_category === undefined)) return apportionToTotal(taxTotal, exactTaxes);
  const inclusive = invoice.tax_inclusive;
  const taxes = categoryTaxesFromTaxLines(invoice.tax_lines, entries, minor, parseDecimal, (index, scaledRate) => ({
    numerator: grosses[index]! * scaledRate,
    denominator: inclusive ? PERCENT_SCALE + entries[index]!.category.rate : PERCENT_SCALE,
  }));
  if (taxes === undefined || taxes.reduce((a, b) => a + b, 0n) !== taxTotal) {
    throw new Error('the tax lines do not fall into the VAT categories of the document');
  }
  return taxes;
}

/**
 * A tax-inclusive line's net unit price (× 10^6): the price that gives the line's net amount, its
 * discount and charges back, (net + discount − charges) / quantity, rounded half away from zero.
 * Converting the gross unit price alone drifts from the line's net, which is spread from its
 * category's net, by more than the 0.02 Peppol allows (PEPPOL-EN16931-R120); this one is within
 * quantity × 0.0000005 of it. Undefined for a quantity of zero: the converted price stands.
 */
function netUnitPrice(net: bigint, discount: bigint, charges: readonly AmountsLineCharge[], quantity: bigint, minorDigits: number): bigint | undefined {
  if (quantity === 0n) return undefined;
  const beforeAdjustments = net + discount - charges.reduce((sum, c) => sum + c.amount, 0n);
  // Minor units to × 10^6, then × 10^6 again, as the quantity is × 10^6 too.
  const scaled = beforeAdjustments * POW10[DECIMAL_DIGITS - minorDigits]! * POW10[DECIMAL_DIGITS]!;
  // The divisor positive, as the division rounds the numerator's sign (a returned line's quantity is negative).
  const price = quantity < 0n ? divideHalfAwayFromZero(-scaled, -quantity) : divideHalfAwayFromZero(scaled, quantity);
  // A price is never negative (BR-27); on a line of a few hundredths the roundings above can dip below zero.
  return price < 0n ? 0n : price;
}

/** The amounts with `residue` (minor units) added to the signed value of the largest one. */
function withResidue(adjustments: readonly Adjustment[], residue: bigint): Adjustment[] {
  let largest = 0;
  adjustments.forEach((a, i) => { if (a.amount > adjustments[largest]!.amount) largest = i; });
  return adjustments.map((a, i) => (i !== largest ? a : { ...a, amount: a.charge ? a.amount + residue : a.amount - residue }));
}
