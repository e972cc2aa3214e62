import type { Invoice } from '../invoice/invoice-schema.ts';
import type { Party } from '../invoice/invoice-request-schema.ts';
import { COUNTRY_CODES } from '../invoice/country-codes.ts';
import { LABELS } from '../wording/labels.ts';
import { DEFAULT_EXEMPTION_CODES, exemptionText } from '../wording/exemption-wording.ts';
import type { AmountsCategory, VatBreakdown } from '../invoice/vat-breakdown.ts';
import { splitPostalAddress, type PostalAddress } from './split-postal-address.ts';
import { unitCode } from './unit-code.ts';
import type { EInvoice, EInvoiceDelivery, EInvoiceParty, EInvoicePaymentMeans, EInvoiceVatCategory } from './einvoice.ts';
import type { DocumentKind, DocumentRules } from '../documents/document-kind.ts';
import { kindFor } from '../documents/kind-for.ts';
import { withSkontoLineBreaks } from './skonto-terms.ts';
import { hasText } from './xml-text.ts';

/** UNCL 5189 allowance reason: discount. UNCL 7161 charge reason: freight service. */
const DISCOUNT_REASON_CODE = '95';
const FREIGHT_REASON_CODE = 'FC';
/** UNCL 4461 payment means codes. */
const SEPA_CREDIT_TRANSFER = '58';
const CREDIT_TRANSFER = '30';
const SEPA_DIRECT_DEBIT = '59';
const DIRECT_DEBIT = '49';
const CARD_CODES: ReadonlySet<string> = new Set(['48', '54', '55']);
/** A card's network when the request names none: UBL needs one (BT-87's scheme). */
const DEFAULT_CARD_NETWORK = 'card';

/** VAT identifiers start with a country code (BR-CO-9); Greece uses EL. */
const looksLikeVatId = (id: string) => /^[A-Z]{2}/.test(id) && (COUNTRY_CODES.has(id.slice(0, 2)) || id.startsWith('EL'));

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** An optional text as the document carries it: absent when it has nothing a reader would see. */
const optional = (value: string | undefined): string | undefined => (hasText(value) ? value : undefined);

/**
 * The computed invoice in EN 16931's terms as a kind of document, under its rules and with its
 * identifiers, for the UBL and CII writers and the pre-flight. Pure, and without arithmetic: the
 * amounts are the engine's VAT breakdown, placed as they are. An optional text without anything
 * to read in it is left out; text a syntax needs in a set form is put in that form (Skonto lines
 * end with a line break).
 */
export function buildEInvoice(invoice: Invoice, amounts: VatBreakdown, kind: DocumentKind = kindFor('ubl', undefined)): EInvoice {
  const profile: DocumentRules = kind.rules ?? 'none';
  const labels = LABELS[invoice.language];
  // VAT identifiers only where the invoice charges VAT: an invoice not subject to VAT must not
  // carry them (BR-O-02); a tax number without a country prefix is a tax registration (BT-32).
  const chargesVat = amounts.subtotals.some((s) => s.category.code !== 'O');
  const categories = new Map<AmountsCategory, EInvoiceVatCategory>();
  const category = (source: AmountsCategory): EInvoiceVatCategory => {
    let out = categories.get(source);
    if (out === undefined) {
      // D36: an exempt category states why (BT-120, BT-121): the reason and code sent, else the
      // category's standard code and its wording in the invoice language (O: VATEX-EU-O, as before).
      const code = source.exemption?.code ?? DEFAULT_EXEMPTION_CODES[source.code];
      const reason = source.exemption === undefined && code === undefined
        ? undefined
        : exemptionText(source.code, code, optional(source.exemption?.reason), invoice.language);
      out = reason === undefined
        ? { code: source.code, rate: source.rate, groups: source.groups }
        : { code: source.code, rate: source.rate, groups: source.groups, exemption: { ...(code !== undefined ? { code } : {}), reason } };
      categories.set(source, out);
    }
    return out;
  };

  const notes: string[] = [];
  if (hasText(invoice.notes)) notes.push(invoice.notes);
  if (hasText(invoice.refund_policy)) notes.push(`${labels.refund_policy}: ${invoice.refund_policy}`);
  const sellerCountry = splitPostalAddress(invoice.from.address, invoice.from.country)?.country;
  const buyerCountry = splitPostalAddress(invoice.to.address, invoice.to.country)?.country;
  // PEPPOL-EN16931-R002: one note, unless seller and buyer are both German.
  const oneNote = profile === 'peppol' && notes.length > 1 && !(sellerCountry === 'DE' && buyerCountry === 'DE');

  const document: Mutable<EInvoice> = {
    number: invoice.number,
    issueDate: invoice.date,
    typeCode: invoice.document_type === 'credit_note' ? '381' : '380',
    currency: invoice.currency,
    minorDigits: amounts.minorDigits,
    notes: oneNote ? [notes.join('\n\n')] : notes,
    seller: party(invoice.from, chargesVat, true, profile),
    buyer: party(invoice.to, chargesVat, false, profile),
    allowanceCharges: amounts.allowanceCharges.map((ac) => ({
      charge: ac.charge,
      amount: ac.amount,
      // The global discount and shipping are worded by the invoice; allowances and charges sent carry their own.
      ...(ac.kind === 'global_discount' ? { reasonCode: DISCOUNT_REASON_CODE, reason: labels.global_discount }
        : ac.kind === 'shipping' ? { reasonCode: FREIGHT_REASON_CODE, reason: invoice.shipping_label === 'Shipping' ? labels.shipping : invoice.shipping_label }
          : { ...(hasText(ac.reasonCode) ? { reasonCode: ac.reasonCode } : {}), ...(hasText(ac.reason) ? { reason: ac.reason } : {}) }),
      category: category(ac.category),
      ...(ac.field !== undefined ? { field: ac.field } : {}),
    })),
    vatBreakdown: amounts.subtotals.map((s) => ({ taxable: s.taxable, tax: s.tax, category: category(s.category) })),
    totals: amounts,
    lines: invoice.items.map((item, i) => {
      const line = amounts.lines[i]!;
      // BT-153 item name is one line, the first with text; the whole description (several lines) is BT-154.
      const name = item.description.split('\n').find(hasText) ?? item.description;
      return {
        id: String(i + 1),
        ...(hasText(item.note) ? { note: item.note } : {}),
        ...(item.period !== undefined ? { period: item.period } : {}),
        ...(hasText(item.item_id) ? { sellerItemId: item.item_id } : {}),
        quantity: line.quantity,
        unitCode: item.unit_code ?? unitCode(item.unit),
        net: line.net,
        allowances: line.discount > 0n
          ? [{ amount: line.discount, reasonCode: DISCOUNT_REASON_CODE, reason: labels.discount }]
          : [],
        charges: line.charges.map((charge) => ({
          amount: charge.amount,
          ...(hasText(charge.reasonCode) ? { reasonCode: charge.reasonCode } : {}),
          ...(hasText(charge.reason) ? { reason: charge.reason } : {}),
        })),
        name,
        ...(item.description.includes('\n') ? { description: item.description } : {}),
        category: category(line.category),
        unitPrice: line.unitPrice,
      };
    }),
  };
  if (kind.specificationId !== undefined) document.specificationId = kind.specificationId;
  if (kind.businessProcessId !== undefined) document.businessProcessId = kind.businessProcessId;
  if (invoice.due_date !== undefined) document.dueDate = invoice.due_date;
  // buyer_reference is BT-10; without it the purchase order number fills it.
  const buyerReference = optional(invoice.buyer_reference) ?? optional(invoice.po_number);
  if (buyerReference !== undefined) document.buyerReference = buyerReference;
  if (hasText(invoice.po_number)) document.orderReference = invoice.po_number;
  if (hasText(invoice.contract_reference)) document.contractReference = invoice.contract_reference;
  if (hasText(invoice.project_reference)) document.projectReference = invoice.project_reference;
  if (invoice.billing_reference !== undefined) document.billingReference = invoice.billing_reference;
  if (invoice.period !== undefined) document.invoicePeriod = invoice.period;
  const delivery = deliveryOf(invoice);
  if (delivery !== undefined) document.delivery = delivery;
  const paymentMeans = paymentMeansOf(invoice);
  if (paymentMeans !== undefined) document.paymentMeans = paymentMeans;
  if (hasText(invoice.terms)) document.paymentTerms = withSkontoLineBreaks(invoice.terms);
  return document;
}

/**
 * A VAT identifier (BT-31, BT-48) when the invoice charges VAT and the number has a country
 * prefix. Otherwise the number identifies the party (seller BT-29, buyer BT-46), so the buyer can
 * still tell who sent the invoice (BR-CO-26), and the seller's is also its tax registration
 * (BT-32), which a taxed invoice needs when there is no VAT number (BR-S-02). A party's own
 * identifier and tax registration take their places when sent.
 */
function party(p: Party, chargesVat: boolean, seller: boolean, profile: DocumentRules): EInvoiceParty {
  const out: Mutable<EInvoiceParty> = { name: p.name };
  // An electronic address as sent; XRechnung and the EN 16931 core take the e-mail when none is
  // sent; Peppol never guesses a participant id.
  const email = optional(p.email);
  if (p.electronic_address !== undefined && hasText(p.electronic_address.value)) out.electronicAddress = p.electronic_address;
  else if (email !== undefined && profile !== 'peppol') out.electronicAddress = { scheme: 'EM', value: email };
  const taxId = optional(p.tax_id);
  let identifier: { value: string; scheme?: string } | undefined = p.identifier !== undefined && hasText(p.identifier.value) ? p.identifier : undefined;
  let taxRegistrationId = seller ? optional(p.tax_registration_id) : undefined;
  if (taxId !== undefined) {
    if (chargesVat && looksLikeVatId(taxId)) out.vatId = taxId;
    else {
      identifier ??= { value: taxId };
      if (seller) taxRegistrationId ??= taxId;
    }
  }
  if (identifier !== undefined) out.identifier = identifier;
  if (taxRegistrationId !== undefined) out.taxRegistrationId = taxRegistrationId;
  const address = postalAddressOf(p.address, p.country);
  if (address !== undefined) out.address = address;
  const registration = optional(p.registration_no);
  if (registration !== undefined) {
    out.legalRegistration = p.registration_scheme === undefined
      ? { id: registration }
      : { id: registration, scheme: p.registration_scheme };
  }
  // The contact's own phone and e-mail, else the party's.
  const contactName = optional(p.contact?.name);
  const phone = optional(p.contact?.phone) ?? optional(p.phone);
  const contactEmail = optional(p.contact?.email) ?? email;
  if (contactName !== undefined || phone !== undefined || contactEmail !== undefined) {
    out.contact = {
      ...(contactName !== undefined ? { name: contactName } : {}),
      ...(phone !== undefined ? { phone } : {}),
      ...(contactEmail !== undefined ? { email: contactEmail } : {}),
    };
  }
  return out;
}

/** The address split into its parts, each part with text or left out; undefined when no part has text. */
function postalAddressOf(address: Party['address'], country: string | undefined): PostalAddress | undefined {
  const parts = splitPostalAddress(address, country);
  if (parts === undefined) return undefined;
  const kept = Object.fromEntries(Object.entries(parts).filter(([, part]) => hasText(part))) as PostalAddress;
  return Object.keys(kept).length === 0 ? undefined : kept;
}

/** BG-13: the ship-to party and address, and the delivery date. */
function deliveryOf(invoice: Invoice): EInvoiceDelivery | undefined {
  const shipTo = invoice.ship_to;
  const out: Mutable<EInvoiceDelivery> = {};
  if (shipTo !== undefined) {
    if (hasText(shipTo.name)) out.name = shipTo.name;
    const address = postalAddressOf(shipTo.address, shipTo.country);
    if (address !== undefined) out.address = address;
  }
  if (invoice.delivery_date !== undefined) out.date = invoice.delivery_date;
  return Object.keys(out).length === 0 ? undefined : out;
}

/**
 * BG-16: the code sent, else 58 (SEPA credit transfer) for an IBAN in EUR and 30 for any other
 * account; without a code or an account there are no payment means. A card (48, 54, 55) adds
 * BG-18; a direct debit (49, 59) with its mandate BG-19; an account sent with either is the
 * payee's (BG-17).
 */
function paymentMeansOf(invoice: Invoice): EInvoicePaymentMeans | undefined {
  const payment = invoice.payment;
  if (payment === undefined) return undefined;
  const iban = optional(payment.iban);
  const accountId = iban ?? optional(payment.account_number);
  const code = payment.means_code
    ?? (accountId === undefined ? undefined : iban !== undefined && invoice.currency === 'EUR' ? SEPA_CREDIT_TRANSFER : CREDIT_TRANSFER);
  if (code === undefined) return undefined;
  const out: Mutable<EInvoicePaymentMeans> = { code, remittanceInformation: invoice.number };
  const text = optional(payment.method_note);
  if (text !== undefined) out.text = text;
  const instructions = optional(payment.instructions);
  if (instructions !== undefined) out.instructions = instructions;
  if (CARD_CODES.has(code) && payment.card !== undefined) {
    const holder = optional(payment.card.holder);
    out.card = {
      last4: payment.card.last4,
      network: optional(payment.card.network) ?? DEFAULT_CARD_NETWORK,
      ...(holder !== undefined ? { holder } : {}),
    };
  }
  const mandateReference = optional(payment.mandate_reference);
  if ((code === SEPA_DIRECT_DEBIT || code === DIRECT_DEBIT) && mandateReference !== undefined) {
    const creditorId = optional(payment.creditor_id);
    const debtorAccount = optional(payment.debtor_iban);
    out.directDebit = {
      mandateReference,
      ...(creditorId !== undefined ? { creditorId } : {}),
      ...(debtorAccount !== undefined ? { debtorAccount } : {}),
    };
  }
  if (accountId !== undefined) {
    const holder = optional(payment.account_name) ?? optional(payment.pay_to);
    const serviceProvider = optional(payment.swift) ?? optional(payment.routing_number);
    const bankName = optional(payment.bank_name);
    out.account = {
      id: accountId,
      iban: iban !== undefined,
      ...(holder !== undefined ? { name: holder } : {}),
      ...(serviceProvider !== undefined ? { serviceProvider } : {}),
      ...(bankName !== undefined ? { bankName } : {}),
    };
  }
  return out;
}

/**
 * The document under the number its invoice was given once recorded (an account's is drawn after
 * the pre-flight built the document): BT-1, and the payment reference that repeats it (BT-83).
 */
export function numberedEInvoice(document: EInvoice, number: string): EInvoice {
  if (document.number === number) return document;
  const paymentMeans = document.paymentMeans === undefined ? {} : { paymentMeans: { ...document.paymentMeans, remittanceInformation: number } };
  return { ...document, number, ...paymentMeans };
}
