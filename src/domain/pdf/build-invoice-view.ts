import type { Invoice } from '../invoice/invoice-schema.ts';
import type { Party } from '../invoice/invoice-request-schema.ts';
import type { Language } from '../invoice/catalog.ts';
import { LABELS, labelValue, type Labels } from '../wording/labels.ts';
import { formatDate } from '../wording/format-date.ts';
import { formatMoney, formatPercent, formatQuantity } from '../wording/format-money.ts';
import { addressText } from './address-text.ts';
import type { InvoiceView } from './invoice-view.ts';
import { themeFor } from './themes.ts';

/** What the PDF shows besides the computed invoice: which images were loaded, and the QR. */
export interface ViewExtras {
  readonly logo?: 'png' | 'jpeg';
  readonly signature?: 'png' | 'jpeg';
  readonly qr?: { readonly source: 'payment' | 'hosted_link' };
}

/**
 * D30: fonts in fallback order, so a name or address in any script prints in any language. Latin
 * digits and text use Noto Sans everywhere (Arabic too, for one look of the figures); hi and ja
 * put their own script's font first so shared punctuation takes that script's form.
 */
const FONT_ORDER: Readonly<Partial<Record<Language, readonly string[]>>> = {
  hi: ['Noto Sans Devanagari', 'Noto Sans', 'Amiri', 'Noto Sans JP'],
  ja: ['Noto Sans JP', 'Noto Sans', 'Amiri', 'Noto Sans Devanagari'],
};
const DEFAULT_FONTS = ['Noto Sans', 'Amiri', 'Noto Sans Devanagari', 'Noto Sans JP'] as const;

/** Names of the images in the compiler's file system; fixed by us, never taken from the caller. */
export const QR_FILE_NAME = 'qr.svg';
export function imageFileName(kind: 'logo' | 'signature', format: 'png' | 'jpeg'): string {
  return `${kind}.${format === 'png' ? 'png' : 'jpg'}`;
}

const STAMP_COLOURS = { paid: '#1E8E3E', partial: '#C77700' } as const;

/**
 * The worded, formatted invoice the template prints (D10, D12, D29–D31). Pure: the same invoice
 * gives the same view. Empty sections are left out rather than printed as blank headings.
 */
export function buildInvoiceView(invoice: Invoice, extras: ViewExtras = {}): InvoiceView {
  const language = invoice.language;
  const l = LABELS[language];
  const money = (amount: number) => formatMoney(amount, invoice.currency, language);

  const meta: Array<readonly [string, string]> = [[l.invoice_number, invoice.number], [l.invoice_date, formatDate(invoice.date, language)]];
  if (invoice.due_date !== undefined) meta.push([l.due_date, formatDate(invoice.due_date, language)]);
  if (invoice.po_number !== undefined) meta.push([l.po_number, invoice.po_number]);
  if (invoice.terms !== undefined) meta.push([l.terms, invoice.terms]);

  const parties = [partyBlock(l.from, invoice.from, language), partyBlock(l.bill_to, invoice.to, language)];
  if (invoice.ship_to !== undefined) {
    const address = addressText(invoice.ship_to.address, language);
    parties.push({ heading: l.ship_to, name: invoice.ship_to.name, lines: address === '' ? [] : [address] });
  }

  const showDiscount = invoice.items.some((item) => item.discount !== 0);
  const columns = [
    { label: l.description, numeric: false },
    { label: l.quantity, numeric: true },
    { label: l.unit_price, numeric: true },
    ...(showDiscount ? [{ label: l.discount, numeric: true }] : []),
    { label: l.tax, numeric: true },
    { label: l.amount, numeric: true },
  ];
  const items = invoice.items.map((item) => {
    const quantity = formatQuantity(item.quantity, language);
    const cells = [item.description, item.unit === undefined ? quantity : `${quantity} ${item.unit}`, money(item.unit_price)];
    if (showDiscount) cells.push(item.discount === 0 ? '' : item.discount_percent !== undefined ? formatPercent(item.discount_percent, language) : money(item.discount));
    cells.push(item.taxes.length === 0 ? '' : item.taxes.map((tax) => formatPercent(tax.rate, language)).join(' + '));
    cells.push(money(item.line_total));
    return cells;
  });

  // D2–D10 in the order they apply; zero lines that add nothing are left out.
  const totals: Array<{ label: string; value: string; strong: boolean }> = [{ label: l.subtotal, value: money(invoice.subtotal), strong: false }];
  if (invoice.global_discount !== 0) totals.push({ label: l.global_discount, value: money(-invoice.global_discount), strong: false });
  for (const line of invoice.tax_lines) totals.push({ label: `${line.name} ${formatPercent(line.rate, language)}`, value: money(line.amount), strong: false });
  if (invoice.shipping !== 0) totals.push({ label: invoice.shipping_label === 'Shipping' ? l.shipping : invoice.shipping_label, value: money(invoice.shipping), strong: false });
  if (invoice.rounding_adjustment !== 0) totals.push({ label: l.rounding_adjustment, value: money(invoice.rounding_adjustment), strong: false });
  totals.push({ label: l.grand_total, value: money(invoice.grand_total), strong: true });
  if (invoice.deposit !== 0) totals.push({ label: l.deposit, value: money(invoice.deposit), strong: false });
  if (invoice.amount_paid !== 0) {
    totals.push({ label: l.amount_paid, value: money(-invoice.amount_paid), strong: false });
    totals.push({ label: l.balance_due, value: money(invoice.balance_due), strong: true });
  }

  const payment = invoice.payment;
  const paymentRows: Array<readonly [string, string]> = [];
  if (payment !== undefined) {
    for (const key of ['pay_to', 'bank_name', 'account_name', 'account_number', 'routing_number', 'iban', 'swift', 'instructions', 'method_note'] as const) {
      const value = payment[key];
      if (value !== undefined && value !== '') paymentRows.push([l[key], value]);
    }
  }

  const sections: Array<{ heading: string; text: string }> = [];
  if (invoice.notes !== undefined && invoice.notes !== '') sections.push({ heading: l.notes, text: invoice.notes });
  if (invoice.refund_policy !== undefined && invoice.refund_policy !== '') sections.push({ heading: l.refund_policy, text: invoice.refund_policy });

  const stamp = invoice.status === 'paid' ? { text: l.stamp_paid, color: STAMP_COLOURS.paid }
    : invoice.status === 'partial' ? { text: l.stamp_partial, color: STAMP_COLOURS.partial } : null;

  return {
    lang: language,
    dir: language === 'ar' ? 'rtl' : 'ltr',
    fonts: FONT_ORDER[language] ?? DEFAULT_FONTS,
    paper: invoice.page_size === 'letter' ? 'us-letter' : 'a4',
    theme: themeFor(invoice.template, invoice.accent_color),
    title: invoice.title,
    number: invoice.number,
    meta,
    parties,
    columns,
    items,
    totals,
    payment: paymentRows.length === 0 ? null : { heading: l.payment_details, rows: paymentRows },
    qr: extras.qr === undefined ? null : { file: QR_FILE_NAME, caption: extras.qr.source === 'payment' ? l.scan_to_pay : l.scan_to_view },
    logo: extras.logo === undefined ? null : imageFileName('logo', extras.logo),
    signature: extras.signature === undefined ? null : { file: imageFileName('signature', extras.signature), label: l.signature },
    sections,
    footer: invoice.footer === undefined || invoice.footer === '' ? null : invoice.footer,
    stamp,
  };
}

function partyBlock(heading: string, party: Party, language: Language) {
  const l: Labels = LABELS[language];
  const lines: string[] = [];
  const address = addressText(party.address, language);
  if (address !== '') lines.push(address);
  if (party.email !== undefined) lines.push(party.email);
  if (party.phone !== undefined && party.phone !== '') lines.push(party.phone);
  if (party.website !== undefined && party.website !== '') lines.push(party.website);
  if (party.tax_id !== undefined && party.tax_id !== '') lines.push(labelValue(language, l.tax_id, party.tax_id));
  if (party.registration_no !== undefined && party.registration_no !== '') lines.push(labelValue(language, l.registration_no, party.registration_no));
  return { heading, name: party.name, lines };
}
