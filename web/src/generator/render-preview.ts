import type { Currency, Language } from '../../../src/domain/invoice/catalog.ts';
import { formatDate } from '../../../src/domain/wording/format-date.ts';
import { formatMoney, formatQuantity } from '../../../src/domain/wording/format-money.ts';
import { isRightToLeft, LABELS, labelValue } from '../../../src/domain/wording/labels.ts';
import type { Invoice } from '../../../src/domain/invoice/invoice-schema.ts';
import type { Party } from '../../../src/domain/invoice/invoice-request-schema.ts';
import { addressText } from '../../../src/domain/pdf/address-text.ts';
import { isolateLeftToRight } from '../../../src/domain/pdf/isolate-left-to-right.ts';
import { signedMoney } from '../../../src/domain/pdf/signed-money.ts';
import { totalsRows } from '../../../src/domain/pdf/totals-rows.ts';
import { vatExemptionNotes } from '../../../src/domain/pdf/vat-exemption-notes.ts';
import { h } from '../lib/dom.ts';

/**
 * The invoice as the API computed it, laid out like the PDF's first page in the invoice's own
 * language and direction: the labels, money and date formats are the renderer's own modules
 * (src/domain/wording), so the preview and the PDF say the same thing. The totals are the PDF's own
 * rows (totals-rows.ts: allowances, charges and taxed shipping where they apply) and its VAT notes
 * (D36), a line's charges are under its description as on the PDF. Arabic runs right to left while
 * the page around it stays English and left to right.
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
  // As the PDF prints them: with the invoice details, in the order sent; one without a value is not printed.
  for (const field of invoice.custom_fields ?? []) if (field.value !== undefined && field.value !== '') meta.push([field.label, field.value]);

  // A line's charges, already in its amount, under its description: "+€7.99 Express shipping".
  const charges = (item: Invoice['items'][number]) => (item.charges ?? []).map((charge) => h('span', { class: 'line-detail' },
    `${isolateLeftToRight(signedMoney(charge.amount, '+', currency, language), language)} ${isolateLeftToRight(charge.reason ?? labels.charge, language)}`));
  const rows = invoice.items.map((item) => h('tr', {},
    h('td', {}, item.description, ...charges(item)),
    h('td', { class: 'num' }, `${formatQuantity(item.quantity, language)}${item.unit === undefined ? '' : ` ${item.unit}`}`),
    h('td', { class: 'num' }, money(item.unit_price)),
    h('td', { class: 'num' }, money(item.line_total))));

  const exemptions = vatExemptionNotes(invoice);
  // The strong rows are the grand total and, when something is paid, the balance due, in that order.
  const strongIds = ['grand-total', 'balance-due'];
  const totals = totalsRows(invoice, exemptions.explained).map((row) => ({ ...row, id: row.strong ? strongIds.shift() : undefined }));

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
    h('dl', { class: 'preview-totals' }, ...totals.flatMap(({ label, value, strong, id }) => [
      h('dt', strong ? { class: 'strong' } : {}, label),
      h('dd', strong ? { id, class: 'strong' } : {}, value),
    ])),
    ...exemptions.notes.map((note) => h('p', { class: 'hint tax-note' }, note)),
    ...(invoice.tax_inclusive ? [h('p', { class: 'hint' }, labels.prices_include_tax)] : []),
  );
}
