import type { Currency, Language } from '../../../src/domain/invoice/catalog.ts';
import { formatDate } from '../../../src/domain/wording/format-date.ts';
import { formatMoney, formatPercent, formatQuantity } from '../../../src/domain/wording/format-money.ts';
import { isRightToLeft, LABELS, labelValue } from '../../../src/domain/wording/labels.ts';
import type { Invoice } from '../../../src/domain/invoice/invoice-schema.ts';
import type { Party } from '../../../src/domain/invoice/invoice-request-schema.ts';
import { addressText } from '../../../src/domain/pdf/address-text.ts';
import { h } from '../lib/dom.ts';

/**
 * The invoice as the API computed it, laid out like the PDF's first page in the invoice's own
 * language and direction: the labels, money and date formats are the renderer's own modules
 * (src/domain/wording), so the preview and the PDF say the same thing. Arabic runs right to left
 * (D29) while the page around it stays English and left to right.
 */
export function renderPreview(target: HTMLElement, invoice: Invoice): void {
  const language = invoice.language as Language;
  const currency = invoice.currency as Currency;
  const labels = LABELS[language];
  const money = (amount: number | string): string => formatMoney(amount, currency, language);
  target.lang = language;
  target.dir = isRightToLeft(language) ? 'rtl' : 'ltr';

  const party = (heading: string, p: Party) => h('div', { class: 'party' },
    h('h4', {}, heading),
    h('p', { class: 'party-name' }, p.name),
    ...addressText(p.address, language).split('\n').filter((line) => line.trim() !== '').map((line) => h('p', {}, line)),
    p.tax_id === undefined ? null : h('p', {}, labelValue(language, labels.tax_id, p.tax_id)));

  const meta: Array<[string, string]> = [[labels.invoice_number, invoice.number], [labels.invoice_date, formatDate(invoice.date, language)]];
  if (invoice.due_date !== undefined) meta.push([labels.due_date, formatDate(invoice.due_date, language)]);
  if (invoice.po_number !== undefined) meta.push([labels.po_number, invoice.po_number]);

  const rows = invoice.items.map((item) => h('tr', {},
    h('td', {}, item.description),
    h('td', { class: 'num' }, `${formatQuantity(item.quantity, language)}${item.unit === undefined ? '' : ` ${item.unit}`}`),
    h('td', { class: 'num' }, money(item.unit_price)),
    h('td', { class: 'num' }, money(item.line_total))));

  const totals: Array<[string, string, string?]> = [[labels.subtotal, money(invoice.subtotal)]];
  if (invoice.discount_total !== 0) totals.push([labels.discount_total, `−${money(invoice.discount_total)}`]);
  for (const line of invoice.tax_lines) totals.push([`${line.name} ${formatPercent(line.rate, language)}`, money(line.amount)]);
  if (invoice.shipping !== 0) totals.push([invoice.shipping_label, money(invoice.shipping)]);
  if (invoice.rounding_adjustment !== 0) totals.push([labels.rounding_adjustment, money(invoice.rounding_adjustment)]);
  totals.push([labels.grand_total, money(invoice.grand_total), 'grand-total']);
  if (invoice.deposit !== 0) totals.push([labels.deposit, money(invoice.deposit)]);
  if (invoice.amount_paid !== 0) totals.push([labels.amount_paid, money(invoice.amount_paid)]);
  totals.push([labels.balance_due, money(invoice.balance_due), 'balance-due']);

  target.replaceChildren(
    h('header', { class: 'preview-head' },
      h('h3', {}, invoice.title),
      h('dl', { class: 'preview-meta' }, ...meta.flatMap(([term, value]) => [h('dt', {}, term), h('dd', {}, value)]))),
    h('div', { class: 'parties' }, party(labels.from, invoice.from), party(labels.bill_to, invoice.to)),
    h('div', { class: 'table-scroll' }, h('table', { class: 'preview-items' },
      h('thead', {}, h('tr', {},
        h('th', { scope: 'col' }, labels.description),
        h('th', { scope: 'col', class: 'num' }, labels.quantity),
        h('th', { scope: 'col', class: 'num' }, labels.unit_price),
        h('th', { scope: 'col', class: 'num' }, labels.amount))),
      h('tbody', {}, ...rows))),
    h('dl', { class: 'preview-totals' }, ...totals.flatMap(([term, value, id]) => [
      h('dt', id === undefined ? {} : { class: 'strong' }, term),
      h('dd', id === undefined ? {} : { id, class: 'strong' }, value),
    ])),
    ...(invoice.tax_inclusive ? [h('p', { class: 'hint' }, labels.prices_include_tax)] : []),
  );
}
