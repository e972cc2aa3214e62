import xmlbuilder from 'xmlbuilder';
import type { Invoice } from '../invoice/invoice-schema.ts';
import { formatFixed, formatScaled } from '../money/format-scaled.ts';
import { DECIMAL_DIGITS } from '../money/parse-decimal.ts';
import { LABELS } from '../wording/labels.ts';
import { COUNTRY_CODES } from '../invoice/country-codes.ts';
import { computeUblAmounts, type UblAmounts, type UblTaxCategory } from './compute-ubl-amounts.ts';
import { splitPostalAddress, type PostalAddress } from './split-postal-address.ts';
import { unitCode } from './unit-code.ts';

const INVOICE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
const CAC_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const CBC_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
/** BT-24: the EN 16931 core specification, so the document can be checked by its rules. */
export const EN16931_CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017';
/** UNCL 1001: commercial invoice. */
const INVOICE_TYPE_CODE = '380';
/** UNCL 4461: credit transfer. */
const CREDIT_TRANSFER = '30';
/** UNCL 5189 allowance reason: discount. UNCL 7161 charge reason: freight service. */
const DISCOUNT_REASON_CODE = '95';
const FREIGHT_REASON_CODE = 'FC';
/** BR-O-10: the VAT exemption reason code for "not subject to VAT". */
const NOT_SUBJECT_TO_VAT = { code: 'VATEX-EU-O', text: 'Not subject to VAT' } as const;

/**
 * XML 1.0 cannot carry most control characters, U+FFFE, U+FFFF or a lone surrogate, all of which
 * a JSON string can hold (and the builder refuses). Control characters and the two non-characters
 * are dropped (they print as nothing anyway); a lone surrogate becomes U+FFFD, as any UTF-8
 * encoder does (docs/ubl.md). Escaping (&, <, >, quotes) is the builder's.
 */
const NOT_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const xmlText = (value: string) => value.replace(NOT_XML_CHARS, '').replace(LONE_SURROGATES, '\uFFFD');

type XMLElement = xmlbuilder.XMLElement;

/** VAT identifiers start with a country code (BR-CO-9); Greece uses EL. */
const looksLikeVatId = (id: string) => /^[A-Z]{2}/.test(id) && (COUNTRY_CODES.has(id.slice(0, 2)) || id.startsWith('EL'));

/**
 * The computed invoice as an OASIS UBL 2.1 Invoice (EN 16931 core), UTF-8, the same bytes for the
 * same invoice. Every value goes through the XML builder, which escapes it; nothing the caller sent
 * is concatenated into markup. Field by field: docs/ubl.md. Pure: no I/O, no clock.
 * Throws (an internal error, answered as ubl_error) when the amounts would not add up; pass
 * `amounts` computed beforehand (they do not depend on the number) to find that out before an
 * invoice number is drawn.
 */
export function buildUblInvoice(invoice: Invoice, amounts: UblAmounts = computeUblAmounts(invoice)): string {
  const labels = LABELS[invoice.language];
  const currency = invoice.currency;
  const money = (value: bigint) => formatFixed(value, amounts.minorDigits);
  // VAT identifiers only where the invoice charges VAT: an invoice not subject to VAT must not
  // carry them (BR-O-02); a tax number without a country prefix is a tax registration (BT-32).
  const chargesVat = amounts.subtotals.some((s) => s.category.code !== 'O');

  const root = xmlbuilder.create('Invoice', { version: '1.0', encoding: 'UTF-8' })
    .att('xmlns', INVOICE_NS).att('xmlns:cac', CAC_NS).att('xmlns:cbc', CBC_NS);
  const cbc = (parent: XMLElement, name: string, value: string, attributes?: Record<string, string>) => {
    const element = parent.ele(`cbc:${name}`);
    if (attributes !== undefined) {
      for (const [key, attribute] of Object.entries(attributes)) element.att(key, xmlText(attribute));
    }
    element.txt(xmlText(value));
    return parent;
  };
  const cac = (parent: XMLElement, name: string) => parent.ele(`cac:${name}`);
  const amount = (parent: XMLElement, name: string, value: bigint) => cbc(parent, name, money(value), { currencyID: currency });

  cbc(root, 'UBLVersionID', '2.1');
  cbc(root, 'CustomizationID', EN16931_CUSTOMIZATION_ID);
  cbc(root, 'ID', invoice.number);
  cbc(root, 'IssueDate', invoice.date);
  if (invoice.due_date !== undefined) cbc(root, 'DueDate', invoice.due_date);
  cbc(root, 'InvoiceTypeCode', INVOICE_TYPE_CODE);
  if (invoice.notes !== undefined) cbc(root, 'Note', invoice.notes);
  if (invoice.refund_policy !== undefined) cbc(root, 'Note', `${labels.refund_policy}: ${invoice.refund_policy}`);
  cbc(root, 'DocumentCurrencyCode', currency);
  if (invoice.po_number !== undefined) {
    cbc(root, 'BuyerReference', invoice.po_number);
    cbc(cac(root, 'OrderReference'), 'ID', invoice.po_number);
  }

  party(cac(root, 'AccountingSupplierParty'), invoice.from, chargesVat, true);
  party(cac(root, 'AccountingCustomerParty'), invoice.to, chargesVat, false);

  if (invoice.ship_to !== undefined) {
    const delivery = cac(root, 'Delivery');
    const address = splitPostalAddress(invoice.ship_to.address, invoice.ship_to.country);
    if (address !== undefined) postalAddress(cac(cac(delivery, 'DeliveryLocation'), 'Address'), address);
    cbc(cac(cac(delivery, 'DeliveryParty'), 'PartyName'), 'Name', invoice.ship_to.name);
  }

  const payment = invoice.payment;
  if (payment !== undefined && (payment.iban !== undefined || payment.account_number !== undefined)) {
    const means = cac(root, 'PaymentMeans');
    cbc(means, 'PaymentMeansCode', CREDIT_TRANSFER, payment.method_note === undefined ? undefined : { name: payment.method_note });
    if (payment.instructions !== undefined) cbc(means, 'InstructionNote', payment.instructions);
    cbc(means, 'PaymentID', invoice.number);
    const account = cac(means, 'PayeeFinancialAccount');
    cbc(account, 'ID', (payment.iban ?? payment.account_number)!);
    const holder = payment.account_name ?? payment.pay_to;
    if (holder !== undefined) cbc(account, 'Name', holder);
    if (payment.swift !== undefined || payment.routing_number !== undefined || payment.bank_name !== undefined) {
      const branch = cac(account, 'FinancialInstitutionBranch');
      // BT-86 is the BIC; a routing number (ABA, sort code) identifies the branch the same way.
      const branchId = payment.swift ?? payment.routing_number;
      if (branchId !== undefined) cbc(branch, 'ID', branchId);
      if (payment.bank_name !== undefined) cbc(branch, 'Name', payment.bank_name);
    }
  }
  if (invoice.terms !== undefined) cbc(cac(root, 'PaymentTerms'), 'Note', invoice.terms);

  for (const ac of amounts.allowanceCharges) {
    const element = cac(root, 'AllowanceCharge');
    cbc(element, 'ChargeIndicator', ac.charge ? 'true' : 'false');
    cbc(element, 'AllowanceChargeReasonCode', ac.charge ? FREIGHT_REASON_CODE : DISCOUNT_REASON_CODE);
    cbc(element, 'AllowanceChargeReason', ac.charge ? invoice.shipping_label : labels.global_discount);
    amount(element, 'Amount', ac.amount);
    taxCategory(cac(element, 'TaxCategory'), ac.category, false);
  }

  const taxTotal = cac(root, 'TaxTotal');
  amount(taxTotal, 'TaxAmount', amounts.taxTotal);
  for (const subtotal of amounts.subtotals) {
    const element = cac(taxTotal, 'TaxSubtotal');
    amount(element, 'TaxableAmount', subtotal.taxable);
    amount(element, 'TaxAmount', subtotal.tax);
    taxCategory(cac(element, 'TaxCategory'), subtotal.category, true);
  }

  monetaryTotal(cac(root, 'LegalMonetaryTotal'));

  invoice.items.forEach((item, i) => {
    const line = amounts.lines[i]!;
    const element = cac(root, 'InvoiceLine');
    cbc(element, 'ID', String(i + 1));
    cbc(element, 'InvoicedQuantity', formatScaled(line.quantity, DECIMAL_DIGITS), { unitCode: unitCode(item.unit) });
    amount(element, 'LineExtensionAmount', line.net);
    if (line.discount > 0n) {
      const allowance = cac(element, 'AllowanceCharge');
      cbc(allowance, 'ChargeIndicator', 'false');
      cbc(allowance, 'AllowanceChargeReasonCode', DISCOUNT_REASON_CODE);
      cbc(allowance, 'AllowanceChargeReason', labels.discount);
      amount(allowance, 'Amount', line.discount);
    }
    const product = cac(element, 'Item');
    // BT-153 item name is one line; the whole description (several lines) is BT-154.
    if (item.description.includes('\n')) cbc(product, 'Description', item.description);
    cbc(product, 'Name', item.description.split('\n').find((l) => l.trim() !== '') ?? item.description);
    taxCategory(cac(product, 'ClassifiedTaxCategory'), line.category, false);
    cbc(cac(element, 'Price'), 'PriceAmount', formatScaled(line.unitPrice, DECIMAL_DIGITS), { currencyID: currency });
  });

  return root.end({ pretty: false });

  function monetaryTotal(element: XMLElement): void {
    amount(element, 'LineExtensionAmount', amounts.lineExtension);
    amount(element, 'TaxExclusiveAmount', amounts.taxExclusive);
    amount(element, 'TaxInclusiveAmount', amounts.taxInclusive);
    if (amounts.allowanceTotal !== 0n) amount(element, 'AllowanceTotalAmount', amounts.allowanceTotal);
    if (amounts.chargeTotal !== 0n) amount(element, 'ChargeTotalAmount', amounts.chargeTotal);
    if (amounts.prepaid !== 0n) amount(element, 'PrepaidAmount', amounts.prepaid);
    if (amounts.rounding !== 0n) amount(element, 'PayableRoundingAmount', amounts.rounding);
    amount(element, 'PayableAmount', amounts.payable);
  }

  function party(parent: XMLElement, p: Invoice['from'], vat: boolean, seller: boolean): void {
    const element = cac(parent, 'Party');
    // A VAT identifier (BT-31, BT-48) when the invoice charges VAT and the number has a country
    // prefix. Otherwise the number identifies the party (seller BT-29, buyer BT-46), so the buyer
    // can still tell who sent the invoice (BR-CO-26), and the seller's is also its tax
    // registration (BT-32), which a taxed invoice needs when there is no VAT number (BR-S-02).
    const taxId = p.tax_id;
    const vatId = taxId !== undefined && vat && looksLikeVatId(taxId);
    if (p.email !== undefined) cbc(element, 'EndpointID', p.email, { schemeID: 'EM' });
    if (taxId !== undefined && !vatId) cbc(cac(element, 'PartyIdentification'), 'ID', taxId);
    cbc(cac(element, 'PartyName'), 'Name', p.name);
    const address = splitPostalAddress(p.address, p.country);
    if (address !== undefined) postalAddress(cac(element, 'PostalAddress'), address);
    if (taxId !== undefined && (vatId || seller)) {
      const scheme = cac(element, 'PartyTaxScheme');
      cbc(scheme, 'CompanyID', taxId);
      cbc(cac(scheme, 'TaxScheme'), 'ID', vatId ? 'VAT' : 'TAX');
    }
    const legal = cac(element, 'PartyLegalEntity');
    cbc(legal, 'RegistrationName', p.name);
    if (p.registration_no !== undefined) cbc(legal, 'CompanyID', p.registration_no);
    if (p.phone !== undefined || p.email !== undefined) {
      const contact = cac(element, 'Contact');
      if (p.phone !== undefined) cbc(contact, 'Telephone', p.phone);
      if (p.email !== undefined) cbc(contact, 'ElectronicMail', p.email);
    }
  }

  function postalAddress(element: XMLElement, address: PostalAddress): void {
    if (address.street !== undefined) cbc(element, 'StreetName', address.street);
    if (address.additionalStreet !== undefined) cbc(element, 'AdditionalStreetName', address.additionalStreet);
    if (address.city !== undefined) cbc(element, 'CityName', address.city);
    if (address.postalZone !== undefined) cbc(element, 'PostalZone', address.postalZone);
    if (address.subentity !== undefined) cbc(element, 'CountrySubentity', address.subentity);
    if (address.line !== undefined) cbc(cac(element, 'AddressLine'), 'Line', address.line);
    if (address.country !== undefined) cbc(cac(element, 'Country'), 'IdentificationCode', address.country);
  }

  function taxCategory(element: XMLElement, category: UblTaxCategory, breakdown: boolean): void {
    cbc(element, 'ID', category.code);
    if (breakdown && category.groups.length > 1) cbc(element, 'Name', category.groups.join(' + '));
    if (category.code !== 'O') cbc(element, 'Percent', formatScaled(category.rate, DECIMAL_DIGITS));
    if (breakdown && category.code === 'O') {
      cbc(element, 'TaxExemptionReasonCode', NOT_SUBJECT_TO_VAT.code);
      cbc(element, 'TaxExemptionReason', NOT_SUBJECT_TO_VAT.text);
    }
    cbc(cac(element, 'TaxScheme'), 'ID', 'VAT');
  }
}
