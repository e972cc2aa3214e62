import { adjustmentPaths } from './adjustment-paths.ts';
import { customFieldPaths } from './custom-field-paths.ts';
import { EMBED_EINVOICE_FIELD, ITEM_EINVOICE_FIELDS, type Draft, type ItemDraft } from './draft.ts';
import { numberOrText } from './number-or-text.ts';
import { parseTax } from './parse-tax.ts';

/** Inputs whose text is sent as a number; the API names the field if it is not one. */
const NUMBER_FIELDS = new Set(['global_discount', 'shipping', 'deposit', 'amount_paid', 'rounding_increment']);
/** Inputs the builder reads itself rather than copying to their path. */
const SPECIAL_FIELDS = new Set(['tax', 'shipping_tax', 'use_accent', 'accent_color', 'features.hosted_link', 'features.qr', 'invoice.tax_inclusive', 'profile', EMBED_EINVOICE_FIELD]);
const COUNTRY_FIELDS = new Set(['from.country', 'to.country', 'ship_to.country']);
/** Multi-line texts keep their leading spaces (indented lines); others are trimmed both ends. */
const MULTI_LINE_FIELDS = new Set(['from.address', 'to.address', 'ship_to.address', 'payment.instructions', 'notes', 'refund_policy', 'footer', 'invoice.terms']);

export interface BuildOptions {
  /** Accounts may ask for hosted links and QR codes; for visitors features are left out. */
  readonly signedIn: boolean;
  /** The live preview leaves the pictures out: totals do not depend on them and they are large. */
  readonly withImages: boolean;
  /**
   * Fill each required text left blank (see `pending`) with PENDING_TEXT, so the live preview
   * shows totals while the invoice is still being written. Without it such a text is left out,
   * and the API names it.
   */
  readonly placeholders?: boolean;
}

/** What the preview shows for a required text not typed yet (a party's name, an item's description). */
export const PENDING_TEXT = '…';

/** A required input still blank: its name and how the page calls it ("the seller's name"). */
export interface PendingField {
  readonly field: string;
  readonly label: string;
}

export interface BuiltRequest {
  readonly request: Record<string, unknown>;
  /**
   * The e-invoice profile chosen (D32), undefined for the API's default. It is not in `request`:
   * what each output sends is profileFor's (a PDF with a profile is a hybrid PDF).
   */
  readonly profile: string | undefined;
  /** "Embed the e-invoice in the PDF" is ticked: Download PDF asks for the hybrid PDF. */
  readonly embedInPdf: boolean;
  /** Problems the builder found before asking the API, by input name. */
  readonly problems: ReadonlyArray<{ field: string; message: string }>;
  /**
   * Required texts the user has not typed yet, in the order of the form. Not a mistake while the
   * invoice is being written: the page lists them calmly, and only once a document is asked for
   * are they refused.
   */
  readonly pending: readonly PendingField[];
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys.at(-1)!] = value;
}

const isBlankItem = (item: ItemDraft): boolean =>
  item.description.trim() === '' && item.unit_price.trim() === '' && item.discount.trim() === '' && item.tax.trim() === '';

/**
 * The InvoiceRequest (src/domain/invoice/invoice-request-schema.ts) the form describes. Empty
 * inputs are left out, so the API's defaults apply (D14) and no blank text is ever sent; the
 * form's values are otherwise passed on as typed and the API checks them, so the same rules and
 * the same messages apply as for any client. Blank item rows are skipped. Every name the request
 * can hold is a field of the API (test/web/generator/request-fields.test.ts).
 */
export function buildRequest(draft: Draft, options: BuildOptions): BuiltRequest {
  const request: Record<string, unknown> = {};
  const problems: Array<{ field: string; message: string }> = [];
  const pending: PendingField[] = [];
  /** A required text left blank: listed, and in the preview shown as PENDING_TEXT. */
  const required = (field: string, label: string, fill: () => void): void => {
    pending.push({ field, label });
    if (options.placeholders === true) fill();
  };
  const fields = draft.fields;

  for (const [name, raw] of Object.entries(fields)) {
    if (SPECIAL_FIELDS.has(name) || typeof raw !== 'string') continue;
    const text = MULTI_LINE_FIELDS.has(name) ? raw.replace(/\s+$/, '') : raw.trim();
    if (text === '') continue;
    if (NUMBER_FIELDS.has(name)) setPath(request, name, numberOrText(text));
    else if (COUNTRY_FIELDS.has(name)) setPath(request, name, text.toUpperCase());
    else setPath(request, name, text);
  }
  // A QR payload without a type means nothing; the type alone is enough for sepa (D25).
  const payment = request.payment as Record<string, unknown> | undefined;
  const qr = payment?.qr as Record<string, unknown> | undefined;
  if (payment !== undefined && qr !== undefined && qr.type === undefined) delete payment.qr;
  foldEInvoiceFields(request, problems);
  for (const [party, label] of [['from', 'the seller\'s name'], ['to', 'the buyer\'s name']] as const) {
    if ((request[party] as Record<string, unknown> | undefined)?.name === undefined) required(`${party}.name`, label, () => setPath(request, `${party}.name`, PENDING_TEXT));
  }

  if (fields['invoice.tax_inclusive'] === true) setPath(request, 'invoice.tax_inclusive', true);
  if (fields.use_accent === true && typeof fields.accent_color === 'string') request.accent_color = fields.accent_color;
  if (options.signedIn) {
    // A ticked "hosted link" box is the API's default, not an explicit ask: when the month's PDFs
    // are used up, a download then comes without its link (D42) instead of being refused.
    request.features = { ...(fields['features.hosted_link'] === false ? { hosted_link: false } : {}), qr: fields['features.qr'] !== false };
  }

  const tax = parseTax(typeof fields.tax === 'string' ? fields.tax : '');
  if (tax.kind === 'error') problems.push({ field: 'tax', message: `Tax: ${tax.message}` });
  else if (tax.kind === 'rate') request.global_tax = tax.rate;
  else if (tax.kind === 'components') request.global_taxes = tax.components;
  // Shipping is taxed only when given a rate; the box reads like the other tax boxes.
  const shippingTax = parseTax(typeof fields.shipping_tax === 'string' ? fields.shipping_tax : '');
  if (shippingTax.kind === 'error') problems.push({ field: 'shipping_tax', message: `Shipping VAT rate: ${shippingTax.message}` });
  else if (shippingTax.kind === 'rate') request.shipping_tax_rate = shippingTax.rate;
  else if (shippingTax.kind === 'components') request.shipping_taxes = shippingTax.components;
  addAdjustments(request, draft);

  const items: Array<Record<string, unknown>> = [];
  draft.items.forEach((item, index) => {
    if (isBlankItem(item) && draft.items.length > 1) return;
    const line: Record<string, unknown> = {};
    if (item.description.trim() !== '') line.description = item.description.trim();
    else required(`items.${index}.description`, `item ${index + 1}'s description`, () => { line.description = PENDING_TEXT; });
    if (item.quantity.trim() !== '') line.quantity = numberOrText(item.quantity);
    if (item.unit.trim() !== '') line.unit = item.unit.trim();
    if (item.unit_price.trim() !== '') line.unit_price = numberOrText(item.unit_price);
    if (item.discount.trim() !== '') {
      line.discount = numberOrText(item.discount);
      line.discount_type = item.discount_type === 'amount' ? 'amount' : 'percent';
    }
    const own = parseTax(item.tax);
    if (own.kind === 'error') problems.push({ field: `items.${index}.tax`, message: `Item ${index + 1}, tax: ${own.message}` });
    else if (own.kind === 'rate') line.tax_rate = own.rate;
    else if (own.kind === 'components') line.taxes = own.components;
    for (const field of ITEM_EINVOICE_FIELDS) if (item[field].trim() !== '') line[field] = item[field].trim();
    // The form offers one charge per line (the API takes up to 10); what is typed is sent, so a
    // reason without an amount is named by the API's message.
    const charge: Record<string, unknown> = {};
    if (item.charge_amount.trim() !== '') charge.amount = numberOrText(item.charge_amount);
    if (item.charge_reason.trim() !== '') charge.reason = item.charge_reason.trim();
    if (Object.keys(charge).length > 0) line.charges = [charge];
    items.push(line);
  });
  request.items = items;
  addCustomFields(request, draft, required);

  if (options.withImages) {
    if (draft.images['from.logo'] !== undefined) setPath(request, 'from.logo', draft.images['from.logo']);
    if (draft.images.signature !== undefined) request.signature = draft.images.signature;
  }
  const profile = typeof fields.profile === 'string' && fields.profile.trim() !== '' ? fields.profile.trim() : undefined;
  return { request, profile, embedInPdf: fields[EMBED_EINVOICE_FIELD] === true, problems, pending };
}

/**
 * The custom fields, each at the path customFieldPaths gives it, blank rows left out. A value
 * without a label is sent without one (the label is required: the page lists it as pending and
 * the API names it); a label without a value is sent alone, which the API echoes but does not print.
 */
function addCustomFields(request: Record<string, unknown>, draft: Draft, required: (field: string, label: string, fill: () => void) => void): void {
  const paths = customFieldPaths(draft.custom_fields);
  draft.custom_fields.forEach((row, i) => {
    const path = paths[i];
    if (path === undefined) return;
    const out: Record<string, unknown> = {};
    if (row.label.trim() !== '') out.label = row.label.trim();
    else required(`${path}.label`, `custom field ${Number(path.split('.')[1]) + 1}'s label`, () => { out.label = PENDING_TEXT; });
    if (row.value.trim() !== '') out.value = row.value.trim();
    ((request.custom_fields ??= []) as unknown[]).push(out);
  });
}

/**
 * The listed allowances and charges, each at the path adjustmentPaths gives it, blank rows left
 * out. The value is an amount or a percent as the row says; empty category and rate are left to the
 * API (the lines' own when they all share one); a reason code is upper-cased as codes are written
 * (FC, ABL).
 */
function addAdjustments(request: Record<string, unknown>, draft: Draft): void {
  const paths = adjustmentPaths(draft.adjustments);
  draft.adjustments.forEach((row, i) => {
    if (paths[i] === undefined) return;
    const out: Record<string, unknown> = {};
    if (row.value.trim() !== '') out[row.value_type === 'percent' ? 'percent' : 'amount'] = numberOrText(row.value);
    if (row.reason.trim() !== '') out.reason = row.reason.trim();
    if (row.reason_code.trim() !== '') out.reason_code = row.reason_code.trim().toUpperCase();
    if (row.tax_category.trim() !== '') out.tax_category = row.tax_category.trim();
    if (row.tax_rate.trim() !== '') out.tax_rate = numberOrText(row.tax_rate);
    const list = row.kind === 'charge' ? 'charges' : 'allowances';
    ((request[list] ??= []) as unknown[]).push(out);
  });
}

/** UNTDID 4461 card payments, the codes that take payment.card. */
const CARD_MEANS = new Set(['48', '54', '55']);
const PARTY_NAMES = { from: 'Seller', to: 'Buyer' } as const;

/**
 * The e-invoice inputs that depend on others (D33–D35). The page hides the inputs that do not
 * apply (the corrected invoice unless the document is a credit note, the mandate unless the
 * means is a direct debit, the card unless it is a card payment); what they still hold is left
 * out, so nothing hidden is sent. An electronic address needs both parts: a scheme alone means
 * nothing (like a QR type without a payload, it is dropped), a value without a scheme is a problem.
 */
function foldEInvoiceFields(request: Record<string, unknown>, problems: Array<{ field: string; message: string }>): void {
  if (request.document_type !== 'credit_note') delete request.billing_reference;
  const payment = request.payment as Record<string, unknown> | undefined;
  if (payment !== undefined) {
    if (payment.means_code !== '59') for (const key of ['mandate_reference', 'creditor_id', 'debtor_iban']) delete payment[key];
    if (!CARD_MEANS.has(payment.means_code as string)) delete payment.card;
    if (Object.keys(payment).length === 0) delete request.payment;
  }
  for (const party of ['from', 'to'] as const) {
    const node = request[party] as Record<string, unknown> | undefined;
    const address = node?.electronic_address as Record<string, unknown> | undefined;
    if (node === undefined || address === undefined) continue;
    if (address.value === undefined) {
      delete node.electronic_address;
      if (Object.keys(node).length === 0) delete request[party];
    } else if (address.scheme === undefined) {
      problems.push({ field: `${party}.electronic_address.scheme`, message: `${PARTY_NAMES[party]}'s electronic address: choose its scheme (E-invoice section).` });
      delete node.electronic_address;
    }
  }
}
