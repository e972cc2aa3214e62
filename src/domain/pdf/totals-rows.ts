import type { Language, TaxCategory } from '../invoice/catalog.ts';
import type { Invoice } from '../invoice/invoice-schema.ts';
import { formatMoney, formatPercent } from '../wording/format-money.ts';
import { LABELS } from '../wording/labels.ts';
import { isolateLeftToRight } from './isolate-left-to-right.ts';
import { signedMoney } from './signed-money.ts';

export interface TotalsRow {
  readonly label: string;
  readonly value: string;
  readonly strong: boolean;
}

type Adjustment = NonNullable<Invoice['allowances']>[number];

/**
 * The totals block, in the order the amounts apply (D2–D10, D37): subtotal, global discount,
 * allowances ("-"), charges ("+"), shipping, taxes, rounding, total; then deposit, paid, balance.
 * Shipping with a tax category of its own (D37) is part of the taxable bases, so it comes before
 * the tax lines, which already hold its tax; untaxed shipping is added after tax (D7) and stays
 * after them. Allowances and charges are always in a category's base, so before the taxes too.
 * Zero lines that add nothing are left out, so an invoice without these fields prints as before.
 *
 * `explained`: the exempt categories the VAT notes explain; a row in one names its category
 * ("Packaging (E)"), as a line does in its tax column (D36).
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
  for (const line of invoice.tax_lines) rows.push(row(`${line.name} ${formatPercent(line.rate, language)}`, money(line.amount)));
  if (shipping !== undefined && !shippingIsTaxed) rows.push(shipping);
  if (invoice.rounding_adjustment !== 0) rows.push(row(l.rounding_adjustment, money(invoice.rounding_adjustment)));
  rows.push(row(l.grand_total, money(invoice.grand_total), true));
  if (invoice.deposit !== 0) rows.push(row(l.deposit, money(invoice.deposit)));
  if (invoice.amount_paid !== 0) {
    rows.push(row(l.amount_paid, money(-invoice.amount_paid)));
    rows.push(row(l.balance_due, money(invoice.balance_due), true));
  }
  return rows;
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

/** The shipping's label as before; shipping in an explained exempt category (D37) names it. */
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
