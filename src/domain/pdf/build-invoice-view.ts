import type { Invoice } from '../invoice/invoice-schema.ts';
import type { Language } from '../invoice/catalog.ts';
import { LABELS, labelValue, type Labels } from '../wording/labels.ts';
import { formatDate } from '../wording/format-date.ts';
import { formatMoney, formatPercent, formatQuantity } from '../wording/format-money.ts';
import { addressText } from './address-text.ts';
import type { InvoiceView } from './invoice-view.ts';
import { isolateLeftToRight } from './isolate-left-to-right.ts';
import { partyBlock } from './party-block.ts';
import { signedMoney } from './signed-money.ts';
import { themeFor } from './themes.ts';
import { totalsRows } from './totals-rows.ts';
import { vatExemptionNotes } from './vat-exemption-notes.ts';

/** What the PDF shows besides the computed invoice: which images were loaded, and the QR. */
export interface ViewExtras {
  readonly logo?: 'png' | 'jpeg';
  readonly signature?: 'png' | 'jpeg';
  readonly qr?: { readonly source: 'payment' | 'hosted_link' };
  /** The embedded e-invoice of a hybrid PDF. */
  readonly attachment?: { readonly file: string; readonly description: string };
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
 *
 * A credit note credits the buyer and asks for nothing: no due date, payment terms, payment block,
 * payment QR or PAID stamp (totals-rows.ts leaves out the balance). A QR of its hosted link stays,
 * as it shows the document, not a way to pay. The JSON answer keeps every field.
 */
export function buildInvoiceView(invoice: Invoice, extras: ViewExtras = {}): InvoiceView {
  const language = invoice.language;
  const l = LABELS[language];
  const money = (amount: number | string) => formatMoney(amount, invoice.currency, language);

  const credit = invoice.document_type === 'credit_note';
  const meta = metaRows(invoice, l);

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
  const exemptions = vatExemptionNotes(invoice);
  const items = invoice.items.map((item, i) => {
    const quantity = formatQuantity(item.quantity, language);
    const cells = [item.description, item.unit === undefined ? quantity : `${quantity} ${item.unit}`, money(item.unit_price)];
    if (showDiscount) cells.push(item.discount === 0 ? '' : item.discount_percent !== undefined ? formatPercent(item.discount_percent, language) : money(item.discount));
    // A line in an exempt category shows the category, which its note beside the totals explains.
    cells.push(exemptions.markers[i] ?? (item.taxes.length === 0 ? '' : item.taxes.map((tax) => formatPercent(tax.rate, language)).join(' + ')));
    cells.push(money(item.line_total));
    const details: string[] = [];
    if (item.note !== undefined && item.note !== '') details.push(item.note);
    const period = periodText(item.period, language);
    if (period !== undefined) details.push(labelValue(language, l.period, period));
    // The line's charges, already in its total, so quantity × price − discount + charges reads
    // as the amount printed: "+€7.99 Express shipping".
    for (const charge of item.charges ?? []) {
      const amount = isolateLeftToRight(signedMoney(charge.amount, '+', invoice.currency, language), language);
      details.push(`${amount} ${isolateLeftToRight(charge.reason ?? l.charge, language)}`);
    }
    return { item_id: item.item_id ?? null, cells, details };
  });

  const totals = totalsRows(invoice, exemptions.explained);

  const payment = credit ? undefined : invoice.payment;
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

  const stamp = credit ? null : invoice.status === 'paid' ? { text: l.stamp_paid, color: STAMP_COLOURS.paid }
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
    tax_notes: exemptions.notes,
    payment: paymentRows.length === 0 ? null : { heading: l.payment_details, rows: paymentRows },
    qr: extras.qr === undefined || (credit && extras.qr.source === 'payment') ? null : { file: QR_FILE_NAME, caption: extras.qr.source === 'payment' ? l.scan_to_pay : l.scan_to_view },
    logo: extras.logo === undefined ? null : imageFileName('logo', extras.logo),
    signature: extras.signature === undefined ? null : { file: imageFileName('signature', extras.signature), label: l.signature },
    sections,
    footer: invoice.footer === undefined || invoice.footer === '' ? null : invoice.footer,
    stamp,
    attachment: extras.attachment ?? null,
  };
}

/**
 * The rows under the title: the number and date, named as a credit note's where it is
 * one; the invoice a credit note corrects, or the one an invoice refers to ("INV-1 vom 2. November
 * 2026"; the law asks a correction to name it unambiguously); the due date; the date or period of
 * supply; the buyer's references (buyer_reference only where it is not the PO number, which is
 * already printed); the contract and project; the caller's custom fields with a value, in the
 * order sent; the payment terms. A credit note has no due date or terms: nothing is to be paid.
 */
function metaRows(invoice: Invoice, l: Labels): Array<readonly [string, string]> {
  const language = invoice.language;
  const date = (isoDate: string) => formatDate(isoDate, language);
  const credit = invoice.document_type === 'credit_note';
  const meta: Array<readonly [string, string]> = [
    [credit ? l.credit_note_number : l.invoice_number, invoice.number],
    [credit ? l.credit_note_date : l.invoice_date, date(invoice.date)],
  ];
  const reference = invoice.billing_reference;
  if (reference !== undefined) {
    const dated = reference.date;
    // One pass with a function: the number is the caller's text, which may hold "{date}" or "$&".
    const value = dated === undefined ? reference.number : l.reference_dated.replace(/\{(ref|date)\}/g, (_, key) => key === 'ref' ? isolateLeftToRight(reference.number, language) : date(dated));
    meta.push([credit ? l.original_invoice : l.preceding_invoice, value]);
  }
  if (invoice.due_date !== undefined && !credit) meta.push([l.due_date, date(invoice.due_date)]);
  if (invoice.delivery_date !== undefined) meta.push([l.delivery_date, date(invoice.delivery_date)]);
  const period = periodText(invoice.period, language);
  if (period !== undefined) meta.push([l.period, period]);
  if (invoice.po_number !== undefined) meta.push([l.po_number, invoice.po_number]);
  if (invoice.buyer_reference !== undefined && invoice.buyer_reference !== invoice.po_number) meta.push([l.buyer_reference, invoice.buyer_reference]);
  if (invoice.contract_reference !== undefined) meta.push([l.contract_reference, invoice.contract_reference]);
  if (invoice.project_reference !== undefined) meta.push([l.project_reference, invoice.project_reference]);
  for (const field of invoice.custom_fields ?? []) {
    if (field.value !== undefined && field.value !== '') meta.push([field.label, field.value]);
  }
  if (invoice.terms !== undefined && !credit) meta.push([l.terms, invoice.terms]);
  return meta;
}

/** "1 November 2026 – 30 November 2026"; an open end leaves its side of the dash empty. */
function periodText(period: { readonly start?: string; readonly end?: string } | undefined, language: Language): string | undefined {
  if (period === undefined || (period.start === undefined && period.end === undefined)) return undefined;
  const start = period.start === undefined ? '' : formatDate(period.start, language);
  const end = period.end === undefined ? '' : formatDate(period.end, language);
  return `${start} – ${end}`.trim();
}
