import type { TaxCategory } from './catalog.ts';
import { EXEMPT_CATEGORIES } from './catalog.ts';
import { globalDiscountShares } from './global-discount-shares.ts';
import type { LineCategory } from './line-categories.ts';
import { apportionToTotal, type Fraction } from '../money/apportion-to-total.ts';
import { formatScaled } from '../money/format-scaled.ts';
import { DECIMAL_DIGITS } from '../money/parse-decimal.ts';
import { POW10 } from '../money/pow10.ts';
import { divideHalfAwayFromZero } from '../money/round-to-unit.ts';
import { categoryTaxesFromGroups, componentKey, type CategoryComponents, type TaxGroupAmount } from './category-taxes-from-groups.ts';

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
  /** For E, AE, K, G and O: the exemption sent, the line's else the invoice's; the writer words a missing text. */
  readonly exemption?: { readonly code?: string; readonly reason?: string };
}

/** A charge on a line (BG-28), net. */
export interface AmountsLineCharge {
  readonly amount: bigint;
  readonly reason?: string;
  readonly reasonCode?: string;
}

export interface AmountsLine {
  /** LineExtensionAmount: net, after the line discount and with the line's charges, in minor units. */
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
  /** false: an allowance (the global discount's share of a category, or one of `allowances`); true: a charge or shipping. */
  readonly charge: boolean;
  readonly amount: bigint;
  readonly category: AmountsCategory;
  /** As sent, for allowances and charges. */
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

/** The document totals of EN 16931 (BG-22), in minor units. */
export interface BreakdownTotals {
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

/** Every amount of the invoice as EN 16931 states it, in minor units, consistent with its BR-CO rules. */
export interface VatBreakdown extends BreakdownTotals {
  readonly minorDigits: number;
  readonly lines: readonly AmountsLine[];
  readonly allowanceCharges: readonly AmountsAllowanceCharge[];
  readonly subtotals: readonly AmountsSubtotal[];
}

/** A tax component as the engine read it. */
export interface ExactComponent {
  readonly name: string;
  /** × 10^6. */
  readonly scaledRate: bigint;
}

/** A line as the engine computed it. */
export interface ExactLine {
  /** line_total, minor units (gross when tax-inclusive). */
  readonly total: bigint;
  /** The line discount, minor units. */
  readonly discount: bigint;
  readonly charges: readonly AmountsLineCharge[];
  /** × 10^6, as sent. */
  readonly unitPrice: bigint;
  /** × 10^6, as sent. */
  readonly quantity: bigint;
  /** Its own components (an untaxed line has none). */
  readonly components: readonly ExactComponent[];
  /** Its VAT category and rate, as the engine placed it. */
  readonly placed: LineCategory;
  /** Whether a category was sent for it (its own or the invoice's). */
  readonly categorySent: boolean;
  /** The exemption sent: the line's, else the invoice's. */
  readonly exemption: { readonly code?: string; readonly reason?: string };
}

/** A document-level allowance or charge as the engine placed it. */
export interface ExactAdjustment {
  readonly charge: boolean;
  /** Minor units, positive. */
  readonly amount: bigint;
  readonly category: TaxCategory;
  /** × 10^6. */
  readonly rate: bigint;
  readonly reason?: string;
  readonly reasonCode?: string;
  /** allowances[i] or charges[i]. */
  readonly field: string;
}

/** The shipping as the engine placed it. */
export interface ExactShipping {
  /** Minor units, not 0. */
  readonly amount: bigint;
  readonly category: TaxCategory;
  /** × 10^6: the rate sent, 0 when untaxed. */
  readonly rate: bigint;
  /** shipping_taxes as sent; undefined when it was a single rate or untaxed. */
  readonly components: readonly ExactComponent[] | undefined;
}

/** The engine's own exact results that the breakdown is made from: nothing read back from the JSON. */
export interface ExactInvoice {
  readonly minorDigits: number;
  readonly inclusive: boolean;
  /** The invoice language's word for tax, which names an amount's tax where no line gives one. */
  readonly taxWord: string;
  readonly lines: readonly ExactLine[];
  /** Minor units. */
  readonly globalDiscount: bigint;
  /** Allowances in order, then charges. */
  readonly adjustments: readonly ExactAdjustment[];
  readonly shipping: ExactShipping | undefined;
  /** The tax lines, rounded. */
  readonly taxGroups: readonly TaxGroupAmount[];
  readonly totalTax: bigint;
  readonly amountPaid: bigint;
  readonly rounding: bigint;
  readonly grandTotal: bigint;
  readonly balanceDue: bigint;
  /** The invoice's exemption, for the categories of its allowances, charges and shipping. */
  readonly exemption: { readonly code?: string; readonly reason?: string };
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
  /** The global discount's shares, allowances and charges and shipping, in that order. */
  readonly adjustments: Adjustment[];
}

const signed = (a: { charge: boolean; amount: bigint }) => (a.charge ? a.amount : -a.amount);

/**
 * The invoice's VAT breakdown by category and rate, and every amount EN 16931 states, from the
 * engine's exact results. The invoice's totals are kept to the cent: LineExtensionAmount −
 * AllowanceTotalAmount + ChargeTotalAmount is the tax-exclusive amount, the breakdown adds up to
 * total_tax, and PayableAmount is balance_due.
 *
 * - Each category and rate collects its lines, its share of the global discount (the same
 *   largest-remainder split the engine's tax bases use), its allowances and charges and
 *   the shipping (taxed in its own category; untaxed as D7 has it).
 * - Tax-exclusive invoices: everything carries over as it is.
 * - Tax-inclusive invoices (D6): EN 16931 amounts are net. Per category, net = gross − tax exactly;
 *   the document-level amounts are converted at the category's rate and rounded, and the rest of
 *   the net is spread over the category's lines in proportion to their gross (largest remainder);
 *   line discounts, line charges and unit prices are converted and rounded.
 * - The tax of each category is the sum of the engine's tax lines in it (each names its
 *   category), so the breakdown states the invoice's figures; each lies within a minor unit per
 *   tax line of its exact value, inside EN 16931's tolerance (BR-CO-17, BR-S-09: one currency unit).
 *
 * Throws when the result would not add up (it always should): a document is then not made.
 */
export function computeVatBreakdown(exact: ExactInvoice): VatBreakdown {
  const { minorDigits, taxWord } = exact;
  const lineTotals = exact.lines.map((line) => line.total);
  const shares = globalDiscountShares(lineTotals, exact.globalDiscount);

  // Categories in order of first use: lines, then allowances, charges and shipping.
  const categories = new Map<string, CategoryAccumulator>();
  // The components taxing each category, as the engine chose them (category-tax-sets.ts): the
  // lines' own; where no line of the category has one, the language's word for tax at its rate.
  const seeAmount = (entry: CategoryAccumulator) => {
    if (entry.components.size === 0) entry.components.add(componentKey(taxWord, entry.category.rate));
  };
  const exemptionOf = (code: TaxCategoryCode, sent: ExactLine['exemption']): AmountsCategory['exemption'] => {
    if (!EXEMPT_CATEGORIES.has(code)) return undefined;
    return { ...(sent.code !== undefined ? { code: sent.code } : {}), ...(sent.reason !== undefined ? { reason: sent.reason } : {}) };
  };
  const categoryOf = (code: TaxCategoryCode, rate: bigint, exemption: ExactLine['exemption'] = exact.exemption): CategoryAccumulator => {
    const key = `${code}${rate}`;
    let entry = categories.get(key);
    if (entry === undefined) {
      const stated = exemptionOf(code, exemption);
      const category: AmountsCategory = stated === undefined ? { code, rate, groups: [] } : { code, rate, groups: [], exemption: stated };
      entry = { code, category, lines: [], components: new Set(), lineTotal: 0n, adjustments: [] };
      categories.set(key, entry);
    }
    return entry;
  };
  const lineEntries = exact.lines.map((line, i) => {
    const { code, rate } = line.placed;
    const entry = categoryOf(code, rate, line.exemption);
    entry.lines.push(i);
    entry.lineTotal += line.total;
    for (const tax of line.components) entry.components.add(componentKey(tax.name, tax.scaledRate));
    // An untaxed line that names its category is stated at 0 % under the word for tax (category-tax-sets.ts).
    if (line.components.length === 0 && line.categorySent) entry.components.add(componentKey(taxWord, 0n));
    if (rate !== 0n) {
      const groups = entry.category.groups as string[];
      for (const tax of line.components) {
        // The rate as a number, so 19 and "19.000000" name one group, as the engine groups them.
        const name = `${tax.name} ${formatScaled(tax.scaledRate, DECIMAL_DIGITS)} %`;
        if (!groups.includes(name)) groups.push(name);
      }
    }
    return entry;
  });
  // The global discount's share of each category, as one allowance per category.
  const discountByEntry = new Map<CategoryAccumulator, bigint>();
  lineEntries.forEach((entry, i) => discountByEntry.set(entry, (discountByEntry.get(entry) ?? 0n) + shares[i]!));
  for (const [entry, discount] of discountByEntry) {
    if (discount > 0n) entry.adjustments.push({ kind: 'global_discount', charge: false, amount: discount });
  }
  // Allowances and charges in the category the engine placed them in.
  for (const a of exact.adjustments) {
    const entry = categoryOf(a.category, a.rate);
    seeAmount(entry);
    entry.adjustments.push({
      kind: a.charge ? 'charge' : 'allowance',
      charge: a.charge,
      field: a.field,
      amount: a.amount,
      ...(a.reason !== undefined ? { reason: a.reason } : {}),
      ...(a.reasonCode !== undefined ? { reasonCode: a.reasonCode } : {}),
    });
  }
  // Shipping: taxed in its own category; untaxed, it follows a supply that is all in
  // one exempt category (an intra-community delivery's freight is part of it), else it is zero
  // rated, or not subject to VAT when nothing is.
  const { shipping } = exact;
  if (shipping !== undefined) {
    const entry = categoryOf(shipping.category, shipping.rate);
    if (shipping.components === undefined) seeAmount(entry);
    else for (const tax of shipping.components) entry.components.add(componentKey(tax.name, tax.scaledRate));
    entry.adjustments.push({ kind: 'shipping', charge: true, field: 'shipping', amount: shipping.amount });
  }

  // Each category's tax: the sum of the tax lines in it, integers that add up to total_tax.
  const inclusive = exact.inclusive;
  const entries = [...categories.values()];
  const grossOf = (entry: CategoryAccumulator) => entry.adjustments.reduce((sum, a) => sum + signed(a), entry.lineTotal);
  const grosses = entries.map(grossOf);
  const taxes = categoryTaxesFromGroups(exact.taxGroups, entries, (index, scaledRate) => ({
    numerator: grosses[index]! * scaledRate,
    denominator: inclusive ? PERCENT_SCALE + entries[index]!.category.rate : PERCENT_SCALE,
  }));
  const taxTotal = exact.totalTax;
  if (taxes === undefined || taxes.reduce((a, b) => a + b, 0n) !== taxTotal) {
    throw new Error('the tax lines do not fall into the VAT categories of the document');
  }

  const nets = [...lineTotals];
  const discounts = exact.lines.map((line) => line.discount);
  const lineCharges = exact.lines.map((line) => line.charges);
  const unitPrices = exact.lines.map((line) => line.unitPrice);
  const quantities = exact.lines.map((line) => line.quantity);
  const allowanceCharges: AmountsAllowanceCharge[] = [];
  const subtotals: AmountsSubtotal[] = [];
  entries.forEach((entry, k) => {
    const { category } = entry;
    let adjustments = entry.adjustments;
    if (inclusive && category.rate !== 0n) {
      const toNet = (gross: bigint) => divideHalfAwayFromZero(gross * PERCENT_SCALE, PERCENT_SCALE + category.rate);
      adjustments = adjustments.map((a) => ({ ...a, amount: toNet(a.amount) }));
      // Net of the category (gross less its tax), less its document-level amounts, spread over its lines.
      const net = grosses[k]! - taxes[k]!;
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

  const lines = exact.lines.map((_, i): AmountsLine => ({
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
  const prepaid = exact.amountPaid;
  const rounding = exact.rounding;
  const payable = exact.balanceDue;
  // BR-CO-16, and through it every total above: the document must say what the invoice says.
  if (taxInclusive - prepaid + rounding !== payable || taxInclusive + rounding !== exact.grandTotal) {
    throw new Error(`e-invoice totals do not add up: tax-inclusive ${taxInclusive}, rounding ${rounding}, grand total ${exact.grandTotal}`);
  }
  return {
    minorDigits, lines, allowanceCharges, subtotals, lineExtension, allowanceTotal, chargeTotal,
    taxExclusive, taxTotal, taxInclusive, prepaid, rounding, payable,
  };
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
