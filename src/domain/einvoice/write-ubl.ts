import { formatFixed, formatScaled } from '../money/format-scaled.ts';
import { DECIMAL_DIGITS } from '../money/parse-decimal.ts';
import type { PostalAddress } from './split-postal-address.ts';
import type { EInvoice, EInvoiceParty, EInvoicePeriod, EInvoiceVatCategory } from './einvoice.ts';
import { NOTE_SUBJECT_CODES } from './code-lists.ts';
import { hasPostalAddress } from './has-postal-address.ts';
import { PROJECT_DOCUMENT_TYPE, SEPA_CREDITOR_SCHEME, UBL_CAC_NS, UBL_CBC_NS, UBL_CREDIT_NOTE_NS, UBL_INVOICE_NS } from './syntax-names.ts';
import { XmlElement } from './xml-element.ts';
import { hasText, xmlText } from './xml-text.ts';

/** UNCL 4451 "general information": the subject of a note that names none. */
const GENERAL_NOTE_SUBJECT = 'AAI';

/**
 * A note as UBL carries it. UBL has no element for a note's subject code (BT-21): a note that opens
 * with `#CODE#` names one, and EN 16931 checks that code whenever three characters stand between
 * a note's first two '#' (BR-CL-08), so "C#, F# and F#m" would be read as a note about "C, F".
 * Such a note is written under the general subject, `#AAI#C#, F# and F#m`, which a reader takes
 * apart into the subject and the text as sent; a note that names a listed subject is kept.
 */
function ublNote(note: string): string {
  const text = xmlText(note);
  const first = text.indexOf('#');
  const second = first < 0 ? -1 : text.indexOf('#', first + 1);
  if (second < 0) return text;
  const code = text.slice(first + 1, second);
  // XPath counts characters, not UTF-16 units.
  return [...code].length !== 3 || NOTE_SUBJECT_CODES.has(code) ? text : `#${GENERAL_NOTE_SUBJECT}#${text}`;
}


/**
 * The invoice as an OASIS UBL 2.1 Invoice, or CreditNote for a credit note, UTF-8, the same bytes
 * for the same invoice. Every value goes through XmlElement, which escapes it; nothing the caller
 * sent is concatenated into markup. Elements are written in the order the schema requires (the two
 * roots order a few of them differently). Where each term goes: docs/ubl.md. An optional term
 * without text is left out; a required one without text throws (XmlElement), as does anything
 * else that would make an invalid document: the caller answers ubl_error. Without a
 * specification identifier the document claims no EN 16931 conformance (no CustomizationID).
 * Pure: no I/O, no clock.
 */
export function writeUbl(doc: EInvoice): string {
  const currency = doc.currency;
  const creditNote = doc.typeCode === '381';
  const money = (value: bigint) => formatFixed(value, doc.minorDigits);

  const root = XmlElement.document(creditNote ? 'CreditNote' : 'Invoice')
    .att('xmlns', creditNote ? UBL_CREDIT_NOTE_NS : UBL_INVOICE_NS).att('xmlns:cac', UBL_CAC_NS).att('xmlns:cbc', UBL_CBC_NS);
  const cbc = (parent: XmlElement, name: string, value: string, attributes?: Record<string, string>) => {
    const element = parent.ele(`cbc:${name}`);
    if (attributes !== undefined) {
      for (const [key, attribute] of Object.entries(attributes)) element.att(key, xmlText(attribute));
    }
    element.txt(xmlText(value));
    return parent;
  };
  const cac = (parent: XmlElement, name: string) => parent.ele(`cac:${name}`);
  const amount = (parent: XmlElement, name: string, value: bigint) => cbc(parent, name, money(value), { currencyID: currency });
  const withScheme = (scheme: string | undefined) => (scheme === undefined ? undefined : { schemeID: scheme });

  cbc(root, 'UBLVersionID', '2.1');
  if (doc.specificationId !== undefined) cbc(root, 'CustomizationID', doc.specificationId);
  if (doc.businessProcessId !== undefined) cbc(root, 'ProfileID', doc.businessProcessId);
  cbc(root, 'ID', doc.number);
  cbc(root, 'IssueDate', doc.issueDate);
  // A CreditNote has no DueDate: BT-9 is the payment means' due date there.
  if (!creditNote && doc.dueDate !== undefined) cbc(root, 'DueDate', doc.dueDate);
  cbc(root, creditNote ? 'CreditNoteTypeCode' : 'InvoiceTypeCode', doc.typeCode);
  for (const note of doc.notes) if (hasText(note)) cbc(root, 'Note', ublNote(note));
  cbc(root, 'DocumentCurrencyCode', currency);
  if (hasText(doc.buyerReference)) cbc(root, 'BuyerReference', doc.buyerReference);
  if (doc.invoicePeriod !== undefined) period(cac(root, 'InvoicePeriod'), doc.invoicePeriod);
  if (hasText(doc.orderReference)) cbc(cac(root, 'OrderReference'), 'ID', doc.orderReference);
  if (doc.billingReference !== undefined) {
    const reference = cac(cac(root, 'BillingReference'), 'InvoiceDocumentReference');
    cbc(reference, 'ID', doc.billingReference.number);
    if (hasText(doc.billingReference.date)) cbc(reference, 'IssueDate', doc.billingReference.date);
  }
  if (hasText(doc.contractReference)) cbc(cac(root, 'ContractDocumentReference'), 'ID', doc.contractReference);
  if (hasText(doc.projectReference)) {
    if (creditNote) {
      const reference = cac(root, 'AdditionalDocumentReference');
      cbc(reference, 'ID', doc.projectReference);
      cbc(reference, 'DocumentTypeCode', PROJECT_DOCUMENT_TYPE);
    } else {
      cbc(cac(root, 'ProjectReference'), 'ID', doc.projectReference);
    }
  }

  party(cac(root, 'AccountingSupplierParty'), doc.seller, doc.paymentMeans?.directDebit?.creditorId);
  party(cac(root, 'AccountingCustomerParty'), doc.buyer, undefined);

  const shipTo = doc.delivery;
  const shipToAddress = hasPostalAddress(shipTo?.address) ? shipTo.address : undefined;
  if (shipTo !== undefined && (hasText(shipTo.date) || shipToAddress !== undefined || hasText(shipTo.name))) {
    const delivery = cac(root, 'Delivery');
    if (hasText(shipTo.date)) cbc(delivery, 'ActualDeliveryDate', shipTo.date);
    if (shipToAddress !== undefined) postalAddress(cac(cac(delivery, 'DeliveryLocation'), 'Address'), shipToAddress);
    if (hasText(shipTo.name)) cbc(cac(cac(delivery, 'DeliveryParty'), 'PartyName'), 'Name', shipTo.name);
  }

  const means = doc.paymentMeans;
  if (means !== undefined) {
    const element = cac(root, 'PaymentMeans');
    cbc(element, 'PaymentMeansCode', means.code, hasText(means.text) ? { name: means.text } : undefined);
    if (creditNote && doc.dueDate !== undefined) cbc(element, 'PaymentDueDate', doc.dueDate);
    if (hasText(means.instructions)) cbc(element, 'InstructionNote', means.instructions);
    cbc(element, 'PaymentID', means.remittanceInformation);
    if (means.card !== undefined) {
      const card = cac(element, 'CardAccount');
      cbc(card, 'PrimaryAccountNumberID', means.card.last4);
      cbc(card, 'NetworkID', means.card.network);
      if (hasText(means.card.holder)) cbc(card, 'HolderName', means.card.holder);
    }
    if (means.account !== undefined) {
      const { id, name, serviceProvider, bankName } = means.account;
      const account = cac(element, 'PayeeFinancialAccount');
      cbc(account, 'ID', id);
      if (hasText(name)) cbc(account, 'Name', name);
      if (hasText(serviceProvider) || hasText(bankName)) {
        const branch = cac(account, 'FinancialInstitutionBranch');
        if (hasText(serviceProvider)) cbc(branch, 'ID', serviceProvider);
        if (hasText(bankName)) cbc(branch, 'Name', bankName);
      }
    }
    if (means.directDebit !== undefined) {
      const mandate = cac(element, 'PaymentMandate');
      cbc(mandate, 'ID', means.directDebit.mandateReference);
      if (hasText(means.directDebit.debtorAccount)) cbc(cac(mandate, 'PayerFinancialAccount'), 'ID', means.directDebit.debtorAccount);
    }
  }
  if (hasText(doc.paymentTerms)) cbc(cac(root, 'PaymentTerms'), 'Note', doc.paymentTerms);

  for (const ac of doc.allowanceCharges) {
    const element = cac(root, 'AllowanceCharge');
    cbc(element, 'ChargeIndicator', ac.charge ? 'true' : 'false');
    reasons(element, ac);
    amount(element, 'Amount', ac.amount);
    taxCategory(cac(element, 'TaxCategory'), ac.category, false);
  }

  const taxTotal = cac(root, 'TaxTotal');
  amount(taxTotal, 'TaxAmount', doc.totals.taxTotal);
  for (const subtotal of doc.vatBreakdown) {
    const element = cac(taxTotal, 'TaxSubtotal');
    amount(element, 'TaxableAmount', subtotal.taxable);
    amount(element, 'TaxAmount', subtotal.tax);
    taxCategory(cac(element, 'TaxCategory'), subtotal.category, true);
  }

  const totals = doc.totals;
  const monetary = cac(root, 'LegalMonetaryTotal');
  amount(monetary, 'LineExtensionAmount', totals.lineExtension);
  amount(monetary, 'TaxExclusiveAmount', totals.taxExclusive);
  amount(monetary, 'TaxInclusiveAmount', totals.taxInclusive);
  if (totals.allowanceTotal !== 0n) amount(monetary, 'AllowanceTotalAmount', totals.allowanceTotal);
  if (totals.chargeTotal !== 0n) amount(monetary, 'ChargeTotalAmount', totals.chargeTotal);
  if (totals.prepaid !== 0n) amount(monetary, 'PrepaidAmount', totals.prepaid);
  if (totals.rounding !== 0n) amount(monetary, 'PayableRoundingAmount', totals.rounding);
  amount(monetary, 'PayableAmount', totals.payable);

  for (const line of doc.lines) {
    const element = cac(root, creditNote ? 'CreditNoteLine' : 'InvoiceLine');
    cbc(element, 'ID', line.id);
    if (hasText(line.note)) cbc(element, 'Note', line.note);
    cbc(element, creditNote ? 'CreditedQuantity' : 'InvoicedQuantity', formatScaled(line.quantity, DECIMAL_DIGITS), { unitCode: line.unitCode });
    amount(element, 'LineExtensionAmount', line.net);
    if (line.period !== undefined) period(cac(element, 'InvoicePeriod'), line.period);
    for (const [adjustments, charge] of [[line.allowances, false], [line.charges, true]] as const) {
      for (const adjustment of adjustments) {
        const ac = cac(element, 'AllowanceCharge');
        cbc(ac, 'ChargeIndicator', charge ? 'true' : 'false');
        reasons(ac, adjustment);
        amount(ac, 'Amount', adjustment.amount);
      }
    }
    const product = cac(element, 'Item');
    if (hasText(line.description)) cbc(product, 'Description', line.description);
    cbc(product, 'Name', line.name);
    if (hasText(line.sellerItemId)) cbc(cac(product, 'SellersItemIdentification'), 'ID', line.sellerItemId);
    taxCategory(cac(product, 'ClassifiedTaxCategory'), line.category, false);
    cbc(cac(element, 'Price'), 'PriceAmount', formatScaled(line.unitPrice, DECIMAL_DIGITS), { currencyID: currency });
  }

  return root.end();

  function party(parent: XmlElement, p: EInvoiceParty, creditorId: string | undefined): void {
    const element = cac(parent, 'Party');
    if (p.electronicAddress !== undefined && hasText(p.electronicAddress.value)) {
      cbc(element, 'EndpointID', p.electronicAddress.value, { schemeID: p.electronicAddress.scheme });
    }
    if (p.identifier !== undefined && hasText(p.identifier.value)) cbc(cac(element, 'PartyIdentification'), 'ID', p.identifier.value, withScheme(p.identifier.scheme));
    if (hasText(creditorId)) cbc(cac(element, 'PartyIdentification'), 'ID', creditorId, { schemeID: SEPA_CREDITOR_SCHEME });
    cbc(cac(element, 'PartyName'), 'Name', p.name);
    if (hasPostalAddress(p.address)) postalAddress(cac(element, 'PostalAddress'), p.address);
    for (const [id, scheme] of [[p.vatId, 'VAT'], [p.taxRegistrationId, 'TAX']] as const) {
      if (!hasText(id)) continue;
      const taxScheme = cac(element, 'PartyTaxScheme');
      cbc(taxScheme, 'CompanyID', id);
      cbc(cac(taxScheme, 'TaxScheme'), 'ID', scheme);
    }
    const legal = cac(element, 'PartyLegalEntity');
    cbc(legal, 'RegistrationName', p.name);
    if (p.legalRegistration !== undefined && hasText(p.legalRegistration.id)) cbc(legal, 'CompanyID', p.legalRegistration.id, withScheme(p.legalRegistration.scheme));
    const contact = p.contact;
    if (contact !== undefined && (hasText(contact.name) || hasText(contact.phone) || hasText(contact.email))) {
      const contactElement = cac(element, 'Contact');
      if (hasText(contact.name)) cbc(contactElement, 'Name', contact.name);
      if (hasText(contact.phone)) cbc(contactElement, 'Telephone', contact.phone);
      if (hasText(contact.email)) cbc(contactElement, 'ElectronicMail', contact.email);
    }
  }

  function postalAddress(element: XmlElement, address: PostalAddress): void {
    if (hasText(address.street)) cbc(element, 'StreetName', address.street);
    if (hasText(address.additionalStreet)) cbc(element, 'AdditionalStreetName', address.additionalStreet);
    if (hasText(address.city)) cbc(element, 'CityName', address.city);
    if (hasText(address.postalZone)) cbc(element, 'PostalZone', address.postalZone);
    if (hasText(address.subentity)) cbc(element, 'CountrySubentity', address.subentity);
    if (hasText(address.line)) cbc(cac(element, 'AddressLine'), 'Line', address.line);
    if (hasText(address.country)) cbc(cac(element, 'Country'), 'IdentificationCode', address.country);
  }

  function period(element: XmlElement, p: EInvoicePeriod): void {
    if (hasText(p.start)) cbc(element, 'StartDate', p.start);
    if (hasText(p.end)) cbc(element, 'EndDate', p.end);
  }

  /** BT-97/98, BT-104/105, BT-139/140, BT-144/145: a reason, a code or both, never neither (BR-33 and kin). */
  function reasons(element: XmlElement, ac: { readonly reasonCode?: string; readonly reason?: string }): void {
    if (!hasText(ac.reasonCode) && !hasText(ac.reason)) throw new Error('an allowance or charge has neither a reason nor a reason code');
    if (hasText(ac.reasonCode)) cbc(element, 'AllowanceChargeReasonCode', ac.reasonCode);
    if (hasText(ac.reason)) cbc(element, 'AllowanceChargeReason', ac.reason);
  }

  /** The breakdown carries every rate (BT-119); lines, allowances and charges in O carry none. */
  function taxCategory(element: XmlElement, category: EInvoiceVatCategory, breakdown: boolean): void {
    cbc(element, 'ID', category.code);
    if (breakdown && category.groups.length > 1) cbc(element, 'Name', category.groups.join(' + '));
    if (breakdown || category.code !== 'O') cbc(element, 'Percent', formatScaled(category.rate, DECIMAL_DIGITS));
    if (breakdown && category.exemption !== undefined) {
      if (hasText(category.exemption.code)) cbc(element, 'TaxExemptionReasonCode', category.exemption.code);
      cbc(element, 'TaxExemptionReason', category.exemption.reason);
    }
    cbc(cac(element, 'TaxScheme'), 'ID', 'VAT');
  }
}
