import type { Language, TaxCategory } from '../invoice/catalog.ts';
import type { Invoice } from '../invoice/invoice-schema.ts';
import { formatMoney, formatPercent } from '../wording/format-money.ts';
import { isRightToLeft, LABELS } from '../wording/labels.ts';
import { isolateLeftToRight } from './isolate-left-to-right.ts';
import { signedMoney } from './signed-money.ts';

export interface TotalsRow {
  readonly label: string;
  readonly value: string;
  readonly strong: boolean;
}

type Adjustment = NonNullable<Invoice['allowances']>[number];
type TaxLine = Invoice['tax_lines'][number];

/**
 * The totals block, in the order the amounts apply (D2–D10, D37): subtotal, global discount,
 * allowances ("-"), charges ("+"), shipping, taxes, rounding, total; then deposit, paid, balance.
 * Shipping with a tax category of its own is part of the taxable bases, so it comes before
 * the tax lines, which already hold its tax; untaxed shipping is added after tax (D7) and stays
 * after them. Allowances and charges are always in a category's base, so before the taxes too.
 * Zero lines that add nothing are left out, so an invoice without these fields prints as before.
 *
 * A tax line names its taxable amount ("VAT 19% on €840.34") whenever the reader could not tell
 * it from the rest: more than one tax line, a tax line beside an exempt category, or prices that
 * include the tax, whose line then says so ("incl. 19% VAT on €840.34"). A credit note credits:
 * its total reads "Total credited" and it asks for nothing, so no deposit, amount paid or balance.
 *
 * `explained`: the exempt categories the VAT notes explain; a row in one names its category
 * ("Packaging (E)"), as a line does in its tax column.
 */
export function totalsRows(invoice: Invoice, explained: ReadonlySet<TaxCategory>): TotalsRow[] {
  const language = invoice.language;
  const l = LABELS[language];
  const money = (amount: number) => formatMoney(amount, invoice.currency, language);
  const row = (label: string, value: string, strong = false): TotalsRow => ({ label, value, strong });

  const rows: TotalsRow[] = [row(l.subtotal, money(invoice.subtotal))];
  if (invoice.global_discount !== 0) rows.push(row(l.global_discount, money(-invoice.global_discount)));
  for (const allowance of invoice.allowances ?? []) {
    rows.push(row(adjustmentLabel(allowance, l.allowance, explained, language), signedMoney(allowance.amount, '-', invoice.currency, language)));
  }
  for (const charge of invoice.charges ?? []) {
    rows.push(row(adjustmentLabel(charge, l.charge, explained, language), signedMoney(charge.amount, '+', invoice.currency, language)));
  }
  const shipping = invoice.shipping === 0 ? undefined : row(shippingLabel(invoice, explained), money(invoice.shipping));
  const shippingIsTaxed = invoice.shipping_tax_category !== undefined;
  if (shipping !== undefined && shippingIsTaxed) rows.push(shipping);
  const showBases = invoice.tax_inclusive || invoice.tax_lines.length > 1 || (invoice.tax_lines.length > 0 && explained.size > 0);
  for (const line of invoice.tax_lines) {
    rows.push(row(showBases ? taxLineWithBase(invoice, line, explained) : `${line.name} ${formatPercent(line.rate, language)}`, money(line.amount)));
  }
  if (shipping !== undefined && !shippingIsTaxed) rows.push(shipping);
  if (invoice.rounding_adjustment !== 0) rows.push(row(l.rounding_adjustment, money(invoice.rounding_adjustment)));
  const credit = invoice.document_type === 'credit_note';
  rows.push(row(credit ? l.total_credited : l.grand_total, money(invoice.grand_total), true));
  if (credit) return rows;
  if (invoice.deposit !== 0) rows.push(row(l.deposit, money(invoice.deposit)));
  if (invoice.amount_paid !== 0) {
    rows.push(row(l.amount_paid, money(-invoice.amount_paid)));
    rows.push(row(l.balance_due, money(invoice.balance_due), true));
  }
  return rows;
}

/**
 * "VAT 19% on €840.34", "inkl. 19 % MwSt. auf 840,34 €", in the language's word order; a line in an
 * explained exempt category names it, "VAT (E) 0% on €50.00". On an Arabic page the name, rate and
 * amount are isolated, so "15%" and "6,494.44 ر.س." keep their order inside the right-to-left words.
 */
function taxLineWithBase(invoice: Invoice, line: TaxLine, explained: ReadonlySet<TaxCategory>): string {
  const language = invoice.language;
  const l = LABELS[language];
  const parts: Record<string, string> = {
    tax: withCategory(isolateLeftToRight(line.name, language), line.tax_category, explained, language),
    rate: figure(formatPercent(line.rate, language), language),
    base: figure(formatMoney(line.taxable_amount, invoice.currency, language), language),
  };
  // One pass with a function: the name is the caller's text, which may hold "{base}" or "$&".
  return (invoice.tax_inclusive ? l.tax_included_on_base : l.tax_on_base).replace(/\{(tax|rate|base)\}/g, (_, key: string) => parts[key]!);
}

/**
 * A formatted rate or amount as one left-to-right unit on an Arabic page (U+2066 … U+2069), printed
 * as the template prints the totals column: isolating only its Latin tokens would split
 * "6,494.44 ر.س." at the comma and print "494.44,6".
 */
function figure(text: string, language: Language): string {
  return isRightToLeft(language) ? `\u2066${text}\u2069` : text;
}

/**
 * "Loyalty rebate", else the language's word when only a reason code was sent; then "(3 %)" for a
 * percent one and "(E)" for one in an explained exempt category. On an Arabic page each part is
 * isolated, so a Latin reason or "3%" keeps its order inside the right-to-left label.
 */
function adjustmentLabel(adjustment: Adjustment, word: string, explained: ReadonlySet<TaxCategory>, language: Language): string {
  const name = isolateLeftToRight(adjustment.reason ?? word, language);
  const label = adjustment.percent === undefined ? name : bracketed(name, formatPercent(adjustment.percent, language), language);
  return withCategory(label, adjustment.tax_category, explained, language);
}

/** The shipping's label as before; shipping in an explained exempt category names it. */
function shippingLabel(invoice: Invoice, explained: ReadonlySet<TaxCategory>): string {
  const label = invoice.shipping_label === 'Shipping' ? LABELS[invoice.language].shipping : invoice.shipping_label;
  return invoice.shipping_tax_category === undefined ? label : withCategory(label, invoice.shipping_tax_category, explained, invoice.language);
}

function withCategory(label: string, category: string, explained: ReadonlySet<TaxCategory>, language: Language): string {
  return explained.has(category as TaxCategory) ? bracketed(label, category, language) : label;
}

/** "Label (3 %)"; Japanese sets full-width brackets without a space, as in "（2026年11月2日付）". */
function bracketed(label: string, inside: string, language: Language): string {
  return language === 'ja' ? `${label}（${inside}）` : `${label} (${isolateLeftToRight(inside, language)})`;
}
