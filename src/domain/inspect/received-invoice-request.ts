import type { AllowanceChargeInput, InvoiceRequest, LineItem, Party, StructuredAddress } from '../invoice/invoice-request-schema.ts';
import { LANGUAGES, TAX_CATEGORIES, type Currency, type Language } from '../invoice/catalog.ts';
import { LABELS } from '../wording/labels.ts';
import { exemptionText } from '../wording/exemption-wording.ts';
import { roundingOfTotal } from '../money/rounding-of-total.ts';
import { sumDecimalTexts } from '../money/sum-decimal-texts.ts';
import { linePriceForNetText } from '../money/line-price-for-net.ts';
import { formatScaled } from '../money/format-scaled.ts';
import { DECIMAL_DIGITS, DECIMAL_SCALE, parseDecimalText } from '../money/parse-decimal.ts';
import { pow10 } from '../money/pow10.ts';
import { divideHalfAwayFromZero } from '../money/round-to-unit.ts';
import type { ReceivedAddress, ReceivedAllowanceCharge, ReceivedCategory, ReceivedInvoice, ReceivedParty } from './received-invoice.ts';
import { withoutUndefined } from './without-undefined.ts';

/** A business term of the received document that the request has no place for, with its value. */
export interface NotCarried {
  readonly term: string | null;
  /** Where it stood: a path in the document, or the request field that could not hold it. */
  readonly path: string;
  readonly value: string;
}

export interface ReceivedRequest {
  /** The document as a request this API takes: generating it gives the same document again. */
  readonly request: InvoiceRequest;
  readonly notCarried: readonly NotCarried[];
}

const DISCOUNT_REASON_CODE = '95';
const FREIGHT_REASON_CODE = 'FC';
const CREDIT_NOTE = '381';
const COMMERCIAL_INVOICE = '380';
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/;
const MAX_ADDRESS_LINES = 3;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * The language whose wording the document's own texts use: the service writes the line discount,
 * the shipping charge, the refund policy note and the exemption reasons in the invoice language,
 * so a document it made names its language that way. English when nothing points elsewhere.
 */
export function languageOfDocument(doc: ReceivedInvoice): Language {
  let best: Language = 'en';
  let bestScore = 0;
  for (const language of LANGUAGES) {
    const labels = LABELS[language];
    let score = 0;
    for (const line of doc.lines) for (const a of line.allowances) if (a.reasonCode === DISCOUNT_REASON_CODE && a.reason === labels.discount) score += 1;
    for (const ac of doc.allowanceCharges) {
      if (!ac.charge && ac.reasonCode === DISCOUNT_REASON_CODE && ac.reason === labels.global_discount) score += 1;
      if (ac.charge && ac.reasonCode === FREIGHT_REASON_CODE && ac.reason === labels.shipping) score += 1;
    }
    for (const note of doc.notes) if (note.startsWith(`${labels.refund_policy}: `)) score += 1;
    for (const s of doc.vatBreakdown) {
      const { code, exemptionCode, exemptionReason } = s.category;
      if (code !== undefined && exemptionReason !== undefined && exemptionText(code, exemptionCode, undefined, language) === exemptionReason) score += 1;
    }
    if (score > bestScore) {
      best = language;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The received document as a request, mapped term by term (docs/inspect.md lists where each goes).
 * Values are carried as the document wrote them (decimals as text, read exactly), so the request
 * regenerates the document's own figures; a term the request cannot hold goes to `notCarried`
 * with its value instead of being dropped.
 */
export function receivedInvoiceRequest(doc: ReceivedInvoice): ReceivedRequest {
  const notCarried: NotCarried[] = doc.unread.map((u) => ({ term: u.term, path: u.path, value: u.value }));
  const drop = (term: string | null, path: string, value: string | undefined) => {
    if (value !== undefined && value !== '') notCarried.push({ term, path, value });
  };
  const language = languageOfDocument(doc);
  const labels = LABELS[language];

  // A currency the service does not support is kept as written: the engine then refuses the
  // request by name (no totals), instead of the request reading as another currency's.
  const currency = doc.currency as Currency | undefined;
  const typeCode = doc.typeCode;
  if (typeCode !== undefined && typeCode !== CREDIT_NOTE && typeCode !== COMMERCIAL_INVOICE) drop('BT-3', 'document_type', typeCode);

  // The service writes the refund policy as a note of its own, after the notes.
  const notes = [...doc.notes];
  let refundPolicy: string | undefined;
  const refundPrefix = `${labels.refund_policy}: `;
  const last = notes.at(-1);
  if (last !== undefined) {
    const joined = last.lastIndexOf(`\n\n${refundPrefix}`);
    if (last.startsWith(refundPrefix)) {
      refundPolicy = last.slice(refundPrefix.length);
      notes.pop();
    } else if (joined !== -1) {
      refundPolicy = last.slice(joined + 2 + refundPrefix.length);
      notes[notes.length - 1] = last.slice(0, joined);
    }
  }

  // An exempt category's reason and code: for the whole invoice when one category has them.
  const exemptions = doc.vatBreakdown.filter((s) => s.category.exemptionReason !== undefined || s.category.exemptionCode !== undefined);
  const exemptionOf = (category: ReceivedCategory) => exemptions.find((s) => s.category.code === category.code && sameRate(s.category.rate, category.rate))?.category;
  const oneExemption = exemptions.length === 1 ? exemptions[0]!.category : undefined;
  // Several taxes merged into one category (CGST + SGST) are named on its breakdown; a line of that
  // category carries them as its tax components again.
  const taxesOf = (category: ReceivedCategory): LineItem['taxes'] => {
    const subtotal = doc.vatBreakdown.find((s) => s.category.code === category.code && sameRate(s.category.rate, category.rate));
    if (subtotal?.category.name !== undefined) return taxComponentsOf(subtotal.category.name);
    // CII has no name there: an Indian invoice whose tax is two halves rounded each (CGST and
    // SGST, always equal) rather than the whole rate rounded once is read as those two.
    return doc.currency === 'INR' && subtotal !== undefined && halvesExplainTax(subtotal) ? gstHalves(subtotal.category.rate!) : undefined;
  };

  const meta = withoutUndefined({
    number: doc.number,
    date: doc.issueDate,
    due_date: doc.dueDate,
    currency,
    language,
    po_number: doc.orderReference,
    // BT-10 is filled from the order number when no buyer reference is sent.
    buyer_reference: doc.buyerReference !== undefined && doc.buyerReference !== doc.orderReference ? doc.buyerReference : undefined,
    terms: doc.paymentTerms,
    delivery_date: doc.delivery?.date,
    period: doc.invoicePeriod,
    contract_reference: doc.contractReference,
    project_reference: doc.projectReference,
  });

  const items = doc.lines.map((line, i): LineItem => {
    const at = `items[${i}]`;
    if (line.id !== undefined && line.id !== String(i + 1)) drop('BT-126', `${at}`, line.id);
    if (line.baseQuantity !== undefined && !isOne(line.baseQuantity)) drop('BT-149', `${at}.unit_price`, line.baseQuantity);
    const name = line.name ?? '';
    const description = line.description === undefined ? name
      : line.description.includes('\n') && line.description.split('\n').find((l) => l.trim() !== '')?.trim() === name ? line.description
        : `${name}\n${line.description}`;
    const discounts = line.allowances.filter((a) => a.amount !== undefined);
    for (const a of discounts) if (a.reason !== undefined && a.reason !== labels.discount) drop('BT-139', `${at}.discount`, a.reason);
    const exemption = oneExemption === undefined ? exemptionOf(line.category) : undefined;
    const taxes = taxesOf(line.category);
    // A price or quantity with more decimals than a request takes: the line restated as the price
    // that makes its net (the written price goes to not_carried).
    const restated = line.price !== undefined && line.quantity !== undefined && line.net !== undefined && !(fitsRequestDecimals(line.price) && fitsRequestDecimals(line.quantity))
      ? linePriceForNetText(line.net, line.allowances.flatMap((a) => a.amount ?? []), line.charges.flatMap((c) => c.amount ?? []), fitsRequestDecimals(line.quantity) ? line.quantity : '1')
      : undefined;
    if (restated !== undefined) drop('BT-146', `items[${i}].unit_price`, `${line.price} × ${line.quantity} has more decimals than a request takes; the price given makes the line net ${line.net}`);
    return withoutUndefined({
      description: description === '' ? '—' : description,
      quantity: restated?.quantity ?? line.quantity,
      unit_code: line.unitCode,
      unit_price: restated?.price ?? line.price,
      discount: discounts.length === 0 ? undefined : sumDecimalTexts(discounts.map((a) => a.amount!)),
      discount_type: discounts.length === 0 ? undefined : 'amount' as const,
      tax_category: categoryCode(line.category.code),
      tax_rate: line.category.code === 'O' || taxes !== undefined ? undefined : line.category.rate,
      taxes,
      tax_exemption_reason: exemption?.exemptionReason,
      tax_exemption_code: exemption?.exemptionCode,
      charges: line.charges.length === 0 ? undefined : line.charges.map((ch) => withoutUndefined({ amount: ch.amount ?? '0', reason: ch.reason, reason_code: ch.reasonCode })),
      item_id: line.sellerItemId,
      note: line.note,
      period: line.period,
    }) as LineItem;
  });

  const adjustment = (ac: ReceivedAllowanceCharge): AllowanceChargeInput => withoutUndefined({
    amount: ac.amount,
    reason: ac.reason,
    reason_code: ac.reasonCode,
    tax_category: categoryCode(ac.category.code),
    tax_rate: ac.category.code === 'O' ? undefined : ac.category.rate,
  });
  const allowances = doc.allowanceCharges.filter((ac) => !ac.charge).map(adjustment);
  const charges = doc.allowanceCharges.filter((ac) => ac.charge).map(adjustment);

  const request: Mutable<InvoiceRequest> = {
    from: party(doc.seller, 'from', true),
    to: party(doc.buyer, 'to', false),
    invoice: meta as InvoiceRequest['invoice'],
    items,
  };
  const shipTo = doc.delivery;
  if (shipTo?.name !== undefined) request.ship_to = withoutUndefined({ name: shipTo.name, address: structured(shipTo.address) });
  else if (shipTo?.address !== undefined) drop('BG-15', 'ship_to.address', describeAddress(shipTo.address));
  if (typeCode === CREDIT_NOTE) request.document_type = 'credit_note';
  if (doc.billingReference !== undefined) request.billing_reference = doc.billingReference;
  if (notes.length > 0) request.notes = notes.join('\n\n');
  if (refundPolicy !== undefined) request.refund_policy = refundPolicy;
  if (oneExemption?.exemptionReason !== undefined) request.tax_exemption_reason = oneExemption.exemptionReason;
  if (oneExemption?.exemptionCode !== undefined) request.tax_exemption_code = oneExemption.exemptionCode;
  if (allowances.length > 0) request.allowances = allowances;
  if (charges.length > 0) request.charges = charges;
  if (doc.totals.prepaid !== undefined && !isZero(doc.totals.prepaid)) request.amount_paid = doc.totals.prepaid;
  if (doc.totals.rounding !== undefined && !isZero(doc.totals.rounding)) {
    const rounding = doc.totals.taxInclusive === undefined ? undefined : roundingOfTotal(doc.totals.taxInclusive, doc.totals.rounding);
    // A rounding no common step explains is carried as its amount.
    if (rounding === undefined) request.rounding_amount = doc.totals.rounding;
    else {
      request.rounding = rounding.mode;
      request.rounding_increment = rounding.increment;
    }
  }
  drop('BT-111', 'invoice.currency', doc.totals.taxTotalAccounting);
  if (doc.paymentMeans?.remittanceInformation !== undefined && doc.paymentMeans.remittanceInformation !== doc.number) {
    // The service writes the invoice number as the payment reference.
    drop('BT-83', 'payment', doc.paymentMeans.remittanceInformation);
  }
  const payment = paymentOf(doc);
  if (payment !== undefined) request.payment = payment;
  return { request, notCarried };

  function party(p: ReceivedParty, field: string, seller: boolean): Party {
    if (p.tradingName !== undefined && p.tradingName !== p.name) drop(seller ? 'BT-28' : 'BT-45', `${field}.name`, p.tradingName);
    for (const extra of p.identifiers.slice(1)) drop(seller ? 'BT-29' : 'BT-46', `${field}.identifier`, extra.value);
    if (!seller) drop('BT-48', `${field}.tax_registration_id`, p.taxRegistrationId);
    const endpoint = p.electronicAddress;
    const contact = p.contact;
    const out: Mutable<Party> = withoutUndefined({
      name: p.name ?? '—',
      address: structured(p.address),
      // With an electronic address of its own the party's e-mail is the contact's; without one
      // it stays the contact's, for the e-mail of a party would also become its address.
      email: endpoint !== undefined ? contact?.email : undefined,
      tax_id: p.vatId,
      tax_registration_id: seller ? p.taxRegistrationId : undefined,
      registration_no: p.legalRegistration?.id,
      registration_scheme: p.legalRegistration?.scheme !== undefined && /^[0-9]{4}$/.test(p.legalRegistration.scheme) ? p.legalRegistration.scheme : undefined,
      identifier: p.identifiers[0] === undefined ? undefined : withoutUndefined({ value: p.identifiers[0].value, scheme: p.identifiers[0].scheme !== undefined && /^[0-9]{4}$/.test(p.identifiers[0].scheme) ? p.identifiers[0].scheme : undefined }),
      electronic_address: endpoint,
    });
    const contactOut = contact === undefined ? undefined : withoutUndefined({ name: contact.name, phone: contact.phone, email: endpoint === undefined ? contact.email : undefined });
    if (contactOut !== undefined && Object.keys(contactOut).length > 0) out.contact = contactOut;
    return out;
  }

  function structured(address: ReceivedAddress | undefined): StructuredAddress | undefined {
    if (address === undefined) return undefined;
    const out: Mutable<StructuredAddress> = withoutUndefined({
      lines: address.lines.length === 0 ? undefined : address.lines.slice(0, MAX_ADDRESS_LINES),
      city: address.city,
      postal_code: address.postalCode,
      region: address.region,
      country: address.country,
    });
    return Object.keys(out).length === 0 ? undefined : out;
  }
}

function paymentOf(doc: ReceivedInvoice): InvoiceRequest['payment'] {
  const means = doc.paymentMeans;
  if (means === undefined) return undefined;
  const account = means.account;
  const iban = account !== undefined && IBAN.test(account.id.replace(/\s/g, '')) ? account.id : undefined;
  const out = withoutUndefined({
    means_code: means.code !== undefined && /^[0-9]{1,2}$|^ZZZ$/.test(means.code) ? means.code : undefined,
    method_note: means.text,
    instructions: means.instructions,
    iban,
    account_number: account !== undefined && iban === undefined && account.id !== '' ? account.id : undefined,
    account_name: account?.name,
    swift: account?.serviceProvider,
    bank_name: account?.bankName,
    card: means.card === undefined || !/^[0-9]{4}$/.test(means.card.number.slice(-4)) ? undefined : withoutUndefined({ last4: means.card.number.slice(-4), holder: means.card.holder, network: means.card.network }),
    mandate_reference: means.mandateReference,
    creditor_id: means.creditorId,
    debtor_iban: means.debtorAccount,
  });
  return Object.keys(out).length === 0 ? undefined : out;
}

function categoryCode(code: string | undefined): LineItem['tax_category'] {
  return code !== undefined && (TAX_CATEGORIES as readonly string[]).includes(code) ? code as LineItem['tax_category'] : undefined;
}

/**
 * Whether the stated tax is the taxable amount at half the rate (or, computed from gross prices,
 * the gross at half the rate), rounded to the cent, twice, and not once at the whole rate.
 */
function halvesExplainTax(subtotal: ReceivedInvoice['vatBreakdown'][number]): boolean {
  if (subtotal.taxable === undefined || subtotal.tax === undefined || subtotal.category.rate === undefined) return false;
  try {
    const read = (text: string) => parseDecimalText(text, 'amount');
    const cent = pow10(DECIMAL_DIGITS - 2);
    const [taxable, tax, rate] = [read(subtotal.taxable), read(subtotal.tax), read(subtotal.category.rate)];
    // taxable × rate / 100, in cents: taxable and rate are × 10^6, so divide by 10^6 × 100 × cent.
    const atRate = (r: bigint) => divideHalfAwayFromZero(taxable * r, DECIMAL_SCALE * 100n * cent) * cent;
    // Or, from gross prices, the gross at half the rate over 100 + the whole rate, twice.
    const inGross = (r: bigint) => divideHalfAwayFromZero((taxable + tax) * r, (DECIMAL_SCALE * 100n + rate) * cent) * cent;
    return rate % 2n === 0n && ((tax === 2n * atRate(rate / 2n) && tax !== atRate(rate)) || (tax === 2n * inGross(rate / 2n) && tax !== inGross(rate)));
  } catch {
    return false;
  }
}

/** CGST and SGST at half the category's rate each. */
function gstHalves(rate: string): LineItem['taxes'] {
  const half = formatScaled(parseDecimalText(rate, 'rate') / 2n, DECIMAL_DIGITS);
  return [{ name: 'CGST', rate: half }, { name: 'SGST', rate: half }];
}

/** "CGST 9 % + SGST 9 %" → the two components; undefined for a name in any other form. */
function taxComponentsOf(name: string): LineItem['taxes'] {
  const parts = name.split(' + ').map((part) => /^(.+?) (\d+(?:[.,]\d+)?)\s?%$/.exec(part.trim()));
  if (parts.length < 2 || parts.some((m) => m === null)) return undefined;
  return parts.map((m) => ({ name: m![1]!, rate: m![2]!.replace(',', '.') }));
}

/** A decimal a request field takes: at most 6 decimals. */
const fitsRequestDecimals = (value: string) => !/\.\d{7,}$/.test(value.trim());
const isZero = (value: string) => /^[+-]?0*(\.0*)?$/.test(value);
const isOne = (value: string) => /^\+?0*1(\.0*)?$/.test(value);
const sameRate = (a: string | undefined, b: string | undefined) => (a === undefined || b === undefined ? a === b : Number(a) === Number(b));
const describeAddress = (a: ReceivedAddress) => [...a.lines, [a.postalCode, a.city].filter(Boolean).join(' '), a.region, a.country].filter((x) => x !== undefined && x !== '').join(', ');
