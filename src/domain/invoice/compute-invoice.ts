import { AppError } from '../../errors/app-error.ts';
import type { InvoiceRequest } from './invoice-request-schema.ts';
import type { Invoice, InvoiceItem } from './invoice-schema.ts';
import { formatScaled } from '../money/format-scaled.ts';
import { DECIMAL_DIGITS, DECIMAL_SCALE, parseDecimal } from '../money/parse-decimal.ts';
import { POW10 } from '../money/pow10.ts';
import { roundToUnit, scaleDownHalfAwayFromZero, type RoundingRule } from '../money/round-to-unit.ts';
import { toMoneyNumber } from '../money/to-money-number.ts';
import { CURRENCY_MINOR_UNITS, type Currency, type RoundingMode, type TaxCategory } from './catalog.ts';
import { CategoryTaxSets } from './category-tax-sets.ts';
import { checkCountries } from './check-countries.ts';
import { checkCreditNotePayment } from './check-credit-note-payment.ts';
import { checkDecimalBounds } from './check-decimal-bounds.ts';
import { checkTaxCategories } from './check-tax-categories.ts';
import { lineCategories, type LineCategoryInput } from './line-categories.ts';
import { readDocumentAdjustments, readShippingTax, type DocumentAdjustment } from './read-document-adjustments.ts';
import { checkDate, checkDates, checkPeriod } from './check-dates.ts';
import { checkMagnitude } from './check-magnitude.ts';
import { computeLine } from './compute-line.ts';
import { computeTaxes } from './compute-taxes.ts';
import { detectStatus } from './detect-status.ts';
import { echoedParty } from './echoed-party.ts';
import { globalDiscountShares } from './global-discount-shares.ts';
import { CREDIT_NOTE_TITLE, INVOICE_TITLE, TAX_WORD } from './language-words.ts';
import { readEchoedItemFields } from './read-echoed-item-fields.ts';
import { readLineItem, type LineInput } from './read-line-item.ts';
import { untaxedShippingCategory } from './untaxed-shipping-category.ts';
import { NO_TAX, readSingleRate, readTaxComponents, SingleRateCache, type TaxSet } from './read-tax-components.ts';
import { computeVatBreakdown, type ExactInvoice, type ExactLine, type VatBreakdown } from './vat-breakdown.ts';

/** What the caller supplies: today's date (YYYY-MM-DD, UTC) and the invoice number it generated. */
export interface InvoiceContext {
  readonly today: string;
  readonly number: string;
}

type InvoiceMeta = NonNullable<InvoiceRequest['invoice']>;

const NO_META: InvoiceMeta = Object.freeze({});
const HUNDRED_PERCENT = 100n * DECIMAL_SCALE;
/** "× p / 100" with p × 10^6 is "× p / 10^8". */
const PERCENT_SCALE_DIGITS = 8;
/** D8 mode → the rounding rule applied to the grand total. */
const GRAND_TOTAL_RULE: Readonly<Record<Exclude<RoundingMode, 'none'>, RoundingRule>> = {
  nearest: 'half_away_from_zero',
  up: 'ceil',
  down: 'floor',
};

/** The computed invoice, and its VAT breakdown as EN 16931 states it, made on first use from the engine's own exact results. */
export interface InvoiceResult {
  readonly invoice: Invoice;
  /** Worked out on the first call, then the same value. */
  readonly breakdown: () => VatBreakdown;
  /** The engine's exact results the breakdown is made from (for measuring it alone). */
  readonly exact: () => ExactInvoice;
}

/** The invoice totals (D1–D12, docs/calculation.md): computeInvoiceResult's invoice. */
export function computeInvoice(request: InvoiceRequest, ctx: InvoiceContext): Invoice {
  return computeInvoiceResult(request, ctx).invoice;
}

/**
 * The invoice totals (D1–D12, docs/calculation.md). Pure: the same request and context give the
 * same invoice. All money arithmetic is exact on BigInt (inputs × 10^6, results in minor units);
 * rounding happens only at the points the docs list. Throws AppError validation_error for inputs
 * JSON Schema cannot check and calculation_error for inputs whose totals make no sense. The VAT
 * breakdown is worked out only when asked for (an e-invoice, its pre-flight), once.
 */
export function computeInvoiceResult(request: InvoiceRequest, ctx: InvoiceContext): InvoiceResult {
  const meta = request.invoice ?? NO_META;
  const currency = meta.currency ?? 'USD';
  const language = meta.language ?? 'en';
  const inclusive = meta.tax_inclusive ?? false;
  const minorDigits = CURRENCY_MINOR_UNITS[currency];
  const decimalToMinorDigits = DECIMAL_DIGITS - minorDigits;
  const taxWord = TAX_WORD[language];
  const date = meta.date ?? ctx.today;

  // Input checks first, so that a request with several problems reports a validation_error.
  checkDecimalBounds(request);
  checkDates(date, meta.due_date);
  checkDate(meta.delivery_date, 'invoice.delivery_date');
  checkPeriod(meta.period, 'invoice.period');
  checkDate(request.billing_reference?.date, 'billing_reference.date');
  const documentType = request.document_type ?? 'invoice';
  if (documentType === 'credit_note' && request.billing_reference === undefined) {
    // A credit note corrects an invoice, which it must name (BT-25).
    throw new AppError('validation_error', 'billing_reference is required for a credit note: send billing_reference: {number, date} naming the invoice this credit note corrects');
  }
  checkCreditNotePayment(request);
  checkCountries(request);
  const globalTaxes = readGlobalTaxes(request, taxWord);
  const globalDiscountIsPercent = request.global_discount_type !== 'amount';
  const globalDiscountInput = request.global_discount === undefined ? 0n : parseDecimal(request.global_discount, 'global_discount');
  if (globalDiscountIsPercent && globalDiscountInput > HUNDRED_PERCENT) {
    throw new AppError(
      'validation_error',
      `global_discount is ${formatScaled(globalDiscountInput, DECIMAL_DIGITS)} percent; a percent discount must be at most 100 (send global_discount_type "amount" for a fixed amount)`,
    );
  }
  // Entry rounding: these are amounts of money, so they are held in minor units from the start.
  const shipping = readMinorAmount(request.shipping, 'shipping', decimalToMinorDigits);
  const deposit = readMinorAmount(request.deposit, 'deposit', decimalToMinorDigits);
  const amountPaid = readMinorAmount(request.amount_paid, 'amount_paid', decimalToMinorDigits);
  const roundingStep = readRoundingStep(request.rounding_increment, currency, minorDigits);
  const roundingAmount = readRoundingAmount(request, currency, minorDigits);

  const items = request.items;
  const count = items.length;
  const lines = new Array<LineInput>(count);
  const taxSets = new Array<TaxSet>(count);
  const singleRates = new SingleRateCache(taxWord);
  for (let i = 0; i < count; i += 1) {
    const line = readLineItem(items[i]!, i, globalTaxes, singleRates, taxWord);
    lines[i] = line;
    taxSets[i] = line.taxes;
  }

  checkTaxCategories(request, lines, globalTaxes);

  // Line totals (rounded once each) and the subtotal.
  const lineTotals = new Array<bigint>(count);
  const lineDiscounts = new Array<bigint>(count);
  const lineCharges = new Array<readonly bigint[]>(count);
  let subtotal = 0n;
  let lineDiscountSum = 0n;
  for (let i = 0; i < count; i += 1) {
    const { roundedAmount, lineTotal, charges } = computeLine(lines[i]!, i, minorDigits);
    let chargeSum = 0n;
    for (const charge of charges) chargeSum += charge;
    lineTotals[i] = lineTotal;
    lineCharges[i] = charges;
    lineDiscounts[i] = roundedAmount - (lineTotal - chargeSum);
    subtotal += lineTotal;
    lineDiscountSum += lineDiscounts[i]!;
  }
  checkMagnitude(subtotal, minorDigits, 'subtotal');

  if (subtotal < 0n && globalDiscountInput > 0n) {
    // D38: negative lines can bring the subtotal below zero; nothing is left to discount.
    throw new AppError(
      'calculation_error',
      `global_discount needs a positive subtotal, and the subtotal is ${formatScaled(subtotal, minorDigits)}; leave the discount out, or send a credit note for a refund`,
    );
  }

  // D3: the global discount, rounded once, then spread over the lines for tax.
  const globalDiscount = globalDiscountIsPercent
    ? scaleDownHalfAwayFromZero(subtotal * globalDiscountInput, PERCENT_SCALE_DIGITS)
    : scaleDownHalfAwayFromZero(globalDiscountInput, decimalToMinorDigits);
  if (globalDiscount > 0n && globalDiscount > subtotal) {
    throw new AppError(
      'calculation_error',
      `global_discount ${formatScaled(globalDiscount, minorDigits)} is more than the subtotal ${formatScaled(subtotal, minorDigits)}; send a discount of at most the subtotal`,
    );
  }
  const bases = globalDiscount === 0n ? lineTotals : taxableBases(lineTotals, globalDiscount);

  // D37: allowances, charges and shipping, each in one VAT category and rate, join the tax lines of
  // that category's lines (category-tax-sets.ts); so does an untaxed line at 0 %.
  // Each line's category is read once: a line's fields take a lookup each, items being parsed in
  // as many shapes as they have sets of fields.
  const categoryInputs = new Array<LineCategoryInput>(count);
  const categorySent = new Array<boolean>(count);
  const topCategory = request.tax_category;
  for (let i = 0; i < count; i += 1) {
    const sent = items[i]!.tax_category ?? topCategory;
    categoryInputs[i] = { sent, rate: taxSets[i]!.totalRate, hasTaxes: taxSets[i]!.components.length > 0 };
    categorySent[i] = sent !== undefined;
  }
  const placed = lineCategories(categoryInputs);
  const categoryTaxes = new CategoryTaxSets(placed, taxSets, categorySent, taxWord);
  const adjustments = request.allowances !== undefined || request.charges !== undefined
    ? readDocumentAdjustments(request, placed, lineTotals, categoryTaxes, decimalToMinorDigits)
    : [];
  const shippingTax = shipping === 0n ? undefined : readShippingTax(request, taxWord, categoryTaxes);
  const taxBases = [...bases];
  const groupSets = new Array<TaxSet>(count);
  const taxCategories = new Array<TaxCategory>(count);
  for (let i = 0; i < count; i += 1) {
    const code = placed[i]!.code;
    const own = taxSets[i]!;
    groupSets[i] = own.components.length > 0 ? own : categoryTaxes.ofUntaxedLine(code);
    taxCategories[i] = code;
  }
  let allowanceTotal = 0n;
  let chargeTotal = 0n;
  for (const adjustment of adjustments) {
    taxBases.push(adjustment.charge ? adjustment.amount : -adjustment.amount);
    groupSets.push(adjustment.taxes);
    taxCategories.push(adjustment.category);
    if (adjustment.charge) chargeTotal += adjustment.amount;
    else allowanceTotal += adjustment.amount;
  }
  if (shipping !== 0n) {
    // Untaxed shipping (D7) adds no tax, but its base is part of its category's.
    const category = shippingTax?.category ?? untaxedShippingCategory(placed);
    taxBases.push(shipping);
    groupSets.push(shippingTax?.taxes ?? categoryTaxes.forAmount(category, 0n, undefined, 'shipping'));
    taxCategories.push(category);
  }

  // Taxes (D4–D6).
  const taxes = computeTaxes({ bases: taxBases, taxSets: groupSets, categories: taxCategories }, taxSets, inclusive, minorDigits);
  const totalTax = taxes.totalTax;

  // The grand total, rounded only here and only when asked.
  const unrounded = subtotal - globalDiscount - allowanceTotal + chargeTotal + shipping + (inclusive ? 0n : totalTax);
  const grandTotal = request.rounding === undefined || request.rounding === 'none'
    ? unrounded + roundingAmount
    : roundToUnit(unrounded, roundingStep, GRAND_TOTAL_RULE[request.rounding]);
  checkMagnitude(grandTotal, minorDigits, 'grand_total');
  if (grandTotal < 0n) {
    // Negative lines may reduce an invoice, not turn it into a refund.
    throw new AppError(
      'calculation_error',
      `the grand total would be ${formatScaled(grandTotal, minorDigits)}; an invoice cannot be negative: send a credit note (document_type "credit_note" with billing_reference) for the amounts returned`,
    );
  }

  // Deposit (D9), balance and payment status (D10).
  if (deposit > grandTotal) {
    throw new AppError(
      'calculation_error',
      `deposit ${formatScaled(deposit, minorDigits)} is more than the grand total ${formatScaled(grandTotal, minorDigits)}; send a deposit of at most the grand total`,
    );
  }
  const balanceDue = grandTotal - amountPaid;
  const status = detectStatus(request.payment?.status, grandTotal, amountPaid);

  const outItems = new Array<InvoiceItem>(count);
  for (let i = 0; i < count; i += 1) {
    const sent = readEchoedItemFields(items[i]!);
    const lineTax = taxes.lineTaxes[i]!;
    const out: InvoiceItem = {
      description: sent.description!,
      quantity: sent.quantity ?? 1,
      unit_price: sent.unit_price ?? 0,
      discount: toMoneyNumber(lineDiscounts[i]!, minorDigits),
      taxes: lineTax.taxes,
      tax_amount: lineTax.taxAmount,
      line_total: toMoneyNumber(lineTotals[i]!, minorDigits),
    };
    if (sent.unit !== undefined) out.unit = sent.unit;
    if (sent.tax_category !== undefined) out.tax_category = sent.tax_category;
    if (sent.tax_exemption_reason !== undefined) out.tax_exemption_reason = sent.tax_exemption_reason;
    if (sent.tax_exemption_code !== undefined) out.tax_exemption_code = sent.tax_exemption_code;
    if (sent.charges !== undefined) {
      out.charges = sent.charges.map((charge, c) => ({ ...charge, amount: toMoneyNumber(lineCharges[i]![c]!, minorDigits) }));
    }
    if (sent.item_id !== undefined) out.item_id = sent.item_id;
    if (sent.note !== undefined) out.note = sent.note;
    if (sent.unit_code !== undefined) out.unit_code = sent.unit_code;
    if (sent.period !== undefined) {
      checkPeriod(sent.period, `items[${i}].period`);
      out.period = sent.period;
    }
    if (sent.discount !== undefined && lines[i]!.discountIsPercent) out.discount_percent = sent.discount;
    outItems[i] = out;
  }

  const invoice: Invoice = {
    number: ctx.number,
    title: meta.title ?? (documentType === 'credit_note' ? CREDIT_NOTE_TITLE : INVOICE_TITLE)[language],
    document_type: documentType,
    date,
    currency,
    language,
    template: request.template ?? 'classic',
    page_size: request.page_size ?? 'a4',
    tax_inclusive: inclusive,
    // D45: a data: URI logo is not echoed (its bytes go to the PDF and the snapshot, not the JSON).
    from: echoedParty(request.from),
    to: echoedParty(request.to),
    items: outItems,
    subtotal: toMoneyNumber(subtotal, minorDigits),
    global_discount: toMoneyNumber(globalDiscount, minorDigits),
    discount_total: toMoneyNumber(lineDiscountSum + globalDiscount, minorDigits),
    shipping: toMoneyNumber(shipping, minorDigits),
    allowance_total: toMoneyNumber(allowanceTotal, minorDigits),
    charge_total: toMoneyNumber(chargeTotal, minorDigits),
    shipping_label: request.shipping_label ?? 'Shipping',
    total_tax: toMoneyNumber(totalTax, minorDigits),
    rounding_adjustment: toMoneyNumber(grandTotal - unrounded, minorDigits),
    grand_total: toMoneyNumber(grandTotal, minorDigits),
    deposit: toMoneyNumber(deposit, minorDigits),
    amount_paid: toMoneyNumber(amountPaid, minorDigits),
    balance_due: toMoneyNumber(balanceDue, minorDigits),
    tax_lines: taxes.taxLines,
    status,
  };
  if (meta.due_date !== undefined) invoice.due_date = meta.due_date;
  if (meta.po_number !== undefined) invoice.po_number = meta.po_number;
  if (meta.buyer_reference !== undefined) invoice.buyer_reference = meta.buyer_reference;
  if (meta.delivery_date !== undefined) invoice.delivery_date = meta.delivery_date;
  if (meta.period !== undefined) invoice.period = meta.period;
  if (meta.contract_reference !== undefined) invoice.contract_reference = meta.contract_reference;
  if (meta.project_reference !== undefined) invoice.project_reference = meta.project_reference;
  if (request.profile !== undefined) invoice.profile = request.profile;
  if (request.tax_category !== undefined) invoice.tax_category = request.tax_category;
  const echoAdjustment = (a: DocumentAdjustment) => ({
    ...a.input,
    amount: toMoneyNumber(a.amount, minorDigits),
    tax_category: a.category,
    tax_rate: a.input.tax_rate ?? Number(formatScaled(a.rate, DECIMAL_DIGITS)),
  });
  if (request.allowances !== undefined) invoice.allowances = adjustments.filter((a) => !a.charge).map(echoAdjustment);
  if (request.charges !== undefined) invoice.charges = adjustments.filter((a) => a.charge).map(echoAdjustment);
  if (request.shipping_tax_rate !== undefined) invoice.shipping_tax_rate = request.shipping_tax_rate;
  if (request.shipping_taxes !== undefined) invoice.shipping_taxes = request.shipping_taxes;
  if (shippingTax !== undefined || request.shipping_tax_category !== undefined) {
    invoice.shipping_tax_category = shippingTax?.category ?? request.shipping_tax_category;
  }
  if (request.tax_exemption_reason !== undefined) invoice.tax_exemption_reason = request.tax_exemption_reason;
  if (request.tax_exemption_code !== undefined) invoice.tax_exemption_code = request.tax_exemption_code;
  if (request.billing_reference !== undefined) invoice.billing_reference = request.billing_reference;
  if (meta.terms !== undefined) invoice.terms = meta.terms;
  if (request.accent_color !== undefined) invoice.accent_color = request.accent_color;
  if (request.ship_to !== undefined) invoice.ship_to = request.ship_to;
  if (request.payment !== undefined) invoice.payment = request.payment;
  if (request.notes !== undefined) invoice.notes = request.notes;
  if (request.refund_policy !== undefined) invoice.refund_policy = request.refund_policy;
  if (request.footer !== undefined) invoice.footer = request.footer;
  // The caller's own data, echoed as sent: custom fields are printed by the PDF from here, the
  // metadata never is.
  if (request.custom_fields !== undefined) invoice.custom_fields = request.custom_fields;
  if (request.metadata !== undefined) invoice.metadata = request.metadata;

  let breakdown: VatBreakdown | undefined;
  const exact = (): ExactInvoice => ({
    minorDigits,
    inclusive,
    taxWord,
    lines: items.map((item, i): ExactLine => ({
      total: lineTotals[i]!,
      discount: lineDiscounts[i]!,
      charges: (item.charges ?? []).map((c, k) => ({
        amount: lineCharges[i]![k]!,
        ...(c.reason !== undefined ? { reason: c.reason } : {}),
        ...(c.reason_code !== undefined ? { reasonCode: c.reason_code } : {}),
      })),
      unitPrice: parseDecimal(item.unit_price ?? 0, `items[${i}].unit_price`),
      quantity: parseDecimal(item.quantity ?? 1, `items[${i}].quantity`),
      components: taxSets[i]!.components,
      placed: placed[i]!,
      categorySent: (item.tax_category ?? request.tax_category) !== undefined,
      exemption: exemptionSent(item.tax_exemption_code ?? request.tax_exemption_code, item.tax_exemption_reason ?? request.tax_exemption_reason),
    })),
    globalDiscount,
    adjustments: [...adjustments.filter((a) => !a.charge), ...adjustments.filter((a) => a.charge)].map((a) => ({
      charge: a.charge,
      amount: a.amount,
      category: a.category,
      rate: a.rate,
      field: a.path,
      ...(a.input.reason !== undefined ? { reason: a.input.reason } : {}),
      ...(a.input.reason_code !== undefined ? { reasonCode: a.input.reason_code } : {}),
    })),
    shipping: shipping === 0n ? undefined : {
      amount: shipping,
      category: shippingTax?.category ?? untaxedShippingCategory(placed),
      rate: shippingTax === undefined ? 0n : request.shipping_taxes !== undefined || request.shipping_tax_rate !== undefined ? shippingRate(request) : 0n,
      components: request.shipping_taxes === undefined ? undefined : shippingTax!.taxes.components,
    },
    taxGroups: taxes.groups,
    totalTax,
    amountPaid,
    rounding: grandTotal - unrounded,
    grandTotal,
    balanceDue,
    exemption: exemptionSent(request.tax_exemption_code, request.tax_exemption_reason),
  });
  return { invoice, breakdown: () => (breakdown ??= computeVatBreakdown(exact())), exact };
}

/** An exemption as sent, without the members that were not. */
function exemptionSent(code: string | undefined, reason: string | undefined): ExactLine['exemption'] {
  return { ...(code !== undefined ? { code } : {}), ...(reason !== undefined ? { reason } : {}) };
}

/** The rate taxed shipping was sent with: Σ shipping_taxes, or shipping_tax_rate. */
function shippingRate(request: InvoiceRequest): bigint {
  if (request.shipping_taxes === undefined) return parseDecimal(request.shipping_tax_rate!, 'shipping_tax_rate');
  let rate = 0n;
  for (const tax of request.shipping_taxes) rate += parseDecimal(tax.rate, 'shipping_taxes');
  return rate;
}

/** Invoice-level taxes: global_taxes, else global_tax, else none; both at once is an error. */
function readGlobalTaxes(request: InvoiceRequest, taxWord: string): TaxSet {
  if (request.global_taxes !== undefined) {
    if (request.global_tax !== undefined) {
      throw new AppError(
        'validation_error',
        'global_taxes and global_tax are both set; send one of them (global_tax for a single rate, global_taxes for several components)',
      );
    }
    return readTaxComponents(request.global_taxes, 'global_taxes', taxWord);
  }
  if (request.global_tax !== undefined) return readSingleRate(request.global_tax, 'global_tax', taxWord);
  return NO_TAX;
}

/** shipping, deposit, amount_paid: at most 6 decimals, then rounded half away from zero to minor units. */
function readMinorAmount(value: number | string | undefined, path: string, decimalToMinorDigits: number): bigint {
  if (value === undefined || value === 0) return 0n;
  return scaleDownHalfAwayFromZero(parseDecimal(value, path), decimalToMinorDigits);
}

/** rounding_amount in minor units: a whole number of them, and not beside a rounding mode. */
function readRoundingAmount(request: InvoiceRequest, currency: Currency, minorDigits: number): bigint {
  if (request.rounding_amount === undefined) return 0n;
  if (request.rounding !== undefined && request.rounding !== 'none') {
    throw new AppError('validation_error', `rounding_amount and rounding "${request.rounding}" were both sent; send rounding (with rounding_increment) to have the grand total rounded, or rounding_amount to add a rounding of your own`);
  }
  const decimalToMinor = POW10[DECIMAL_DIGITS - minorDigits]!;
  const scaled = parseDecimal(request.rounding_amount, 'rounding_amount');
  if (scaled % decimalToMinor !== 0n) {
    throw new AppError('validation_error', `rounding_amount ${formatScaled(scaled, DECIMAL_DIGITS)} is not a whole multiple of the ${currency} minor unit ${formatScaled(1n, minorDigits)}; round it to ${minorDigits} decimals`);
  }
  return scaled / decimalToMinor;
}

/** The rounding step in minor units; it must be a whole number of the currency's minor unit. */
function readRoundingStep(value: number | string | undefined, currency: Currency, minorDigits: number): bigint {
  if (value === undefined) return POW10[minorDigits]!;
  const decimalToMinor = POW10[DECIMAL_DIGITS - minorDigits]!;
  const scaled = parseDecimal(value, 'rounding_increment');
  if (scaled <= 0n || scaled % decimalToMinor !== 0n) {
    const unit = formatScaled(1n, minorDigits);
    throw new AppError(
      'validation_error',
      `rounding_increment ${formatScaled(scaled, DECIMAL_DIGITS)} is not a whole multiple of the ${currency} minor unit ${unit}; send a positive multiple of ${unit}, for example ${minorDigits === 0 ? '1 or 10' : '0.05 or 1'}`,
    );
  }
  return scaled / decimalToMinor;
}

/** Each line's taxable base is its line_total less its largest-remainder share of the discount. */
function taxableBases(lineTotals: readonly bigint[], globalDiscount: bigint): bigint[] {
  const shares = globalDiscountShares(lineTotals, globalDiscount);
  const bases = new Array<bigint>(lineTotals.length);
  for (let i = 0; i < lineTotals.length; i += 1) bases[i] = lineTotals[i]! - shares[i]!;
  return bases;
}
