import { formatFixed, formatScaled } from '../money/format-scaled.ts';
import { DECIMAL_DIGITS } from '../money/parse-decimal.ts';
import type { PostalAddress } from './split-postal-address.ts';
import type { EInvoice, EInvoiceParty, EInvoicePeriod, EInvoiceVatCategory } from './einvoice.ts';
import { XmlElement } from './xml-element.ts';
import { xmlText } from './xml-text.ts';

const INVOICE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
const CREDIT_NOTE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2';
const CAC_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const CBC_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
/** UNTDID 1001 code of a project reference, where a CreditNote carries BT-11. */
const PROJECT_DOCUMENT_TYPE = '50';
/** BT-90 sits in the seller's identifiers with this scheme (EN 16931's UBL binding). */
const SEPA_CREDITOR_SCHEME = 'SEPA';


/**
 * The invoice as an OASIS UBL 2.1 Invoice, or CreditNote for a credit note (D33), UTF-8, the same
 * bytes for the same invoice. Every value goes through XmlElement, which escapes it; nothing
 * the caller sent is concatenated into markup. Elements are written in the order the schema
 * requires (the two roots order a few of them differently). Where each term goes: docs/ubl.md.
 * Pure: no I/O, no clock.
 */
export function writeUbl(doc: EInvoice): string {
  const currency = doc.currency;
  const creditNote = doc.typeCode === '381';
  const money = (value: bigint) => formatFixed(value, doc.minorDigits);

  const root = XmlElement.document(creditNote ? 'CreditNote' : 'Invoice')
    .att('xmlns', creditNote ? CREDIT_NOTE_NS : INVOICE_NS).att('xmlns:cac', CAC_NS).att('xmlns:cbc', CBC_NS);
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
  cbc(root, 'CustomizationID', doc.specificationId);
  if (doc.businessProcessId !== undefined) cbc(root, 'ProfileID', doc.businessProcessId);
  cbc(root, 'ID', doc.number);
  cbc(root, 'IssueDate', doc.issueDate);
  // A CreditNote has no DueDate: BT-9 is the payment means' due date there.
  if (!creditNote && doc.dueDate !== undefined) cbc(root, 'DueDate', doc.dueDate);
  cbc(root, creditNote ? 'CreditNoteTypeCode' : 'InvoiceTypeCode', doc.typeCode);
  for (const note of doc.notes) cbc(root, 'Note', note);
  cbc(root, 'DocumentCurrencyCode', currency);
  if (doc.buyerReference !== undefined) cbc(root, 'BuyerReference', doc.buyerReference);
  if (doc.invoicePeriod !== undefined) period(cac(root, 'InvoicePeriod'), doc.invoicePeriod);
  if (doc.orderReference !== undefined) cbc(cac(root, 'OrderReference'), 'ID', doc.orderReference);
  if (doc.billingReference !== undefined) {
    const reference = cac(cac(root, 'BillingReference'), 'InvoiceDocumentReference');
    cbc(reference, 'ID', doc.billingReference.number);
    if (doc.billingReference.date !== undefined) cbc(reference, 'IssueDate', doc.billingReference.date);
  }
  if (doc.contractReference !== undefined) cbc(cac(root, 'ContractDocumentReference'), 'ID', doc.contractReference);
  if (doc.projectReference !== undefined) {
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

  if (doc.delivery !== undefined) {
    const delivery = cac(root, 'Delivery');
    if (doc.delivery.date !== undefined) cbc(delivery, 'ActualDeliveryDate', doc.delivery.date);
    if (doc.delivery.address !== undefined) postalAddress(cac(cac(delivery, 'DeliveryLocation'), 'Address'), doc.delivery.address);
    if (doc.delivery.name !== undefined) cbc(cac(cac(delivery, 'DeliveryParty'), 'PartyName'), 'Name', doc.delivery.name);
  }

  const means = doc.paymentMeans;
  if (means !== undefined) {
    const element = cac(root, 'PaymentMeans');
    cbc(element, 'PaymentMeansCode', means.code, means.text === undefined ? undefined : { name: means.text });
    if (creditNote && doc.dueDate !== undefined) cbc(element, 'PaymentDueDate', doc.dueDate);
    if (means.instructions !== undefined) cbc(element, 'InstructionNote', means.instructions);
    cbc(element, 'PaymentID', means.remittanceInformation);
    if (means.card !== undefined) {
      const card = cac(element, 'CardAccount');
      cbc(card, 'PrimaryAccountNumberID', means.card.last4);
      cbc(card, 'NetworkID', means.card.network);
      if (means.card.holder !== undefined) cbc(card, 'HolderName', means.card.holder);
    }
    if (means.account !== undefined) {
      const account = cac(element, 'PayeeFinancialAccount');
      cbc(account, 'ID', means.account.id);
      if (means.account.name !== undefined) cbc(account, 'Name', means.account.name);
      if (means.account.serviceProvider !== undefined || means.account.bankName !== undefined) {
        const branch = cac(account, 'FinancialInstitutionBranch');
        if (means.account.serviceProvider !== undefined) cbc(branch, 'ID', means.account.serviceProvider);
        if (means.account.bankName !== undefined) cbc(branch, 'Name', means.account.bankName);
      }
    }
    if (means.directDebit !== undefined) {
      const mandate = cac(element, 'PaymentMandate');
      cbc(mandate, 'ID', means.directDebit.mandateReference);
      cbc(cac(mandate, 'PayerFinancialAccount'), 'ID', means.directDebit.debtorAccount);
    }
  }
  if (doc.paymentTerms !== undefined) cbc(cac(root, 'PaymentTerms'), 'Note', doc.paymentTerms);

  for (const ac of doc.allowanceCharges) {
    const element = cac(root, 'AllowanceCharge');
    cbc(element, 'ChargeIndicator', ac.charge ? 'true' : 'false');
    if (ac.reasonCode !== undefined) cbc(element, 'AllowanceChargeReasonCode', ac.reasonCode);
    if (ac.reason !== undefined) cbc(element, 'AllowanceChargeReason', ac.reason);
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
    if (line.note !== undefined) cbc(element, 'Note', line.note);
    cbc(element, creditNote ? 'CreditedQuantity' : 'InvoicedQuantity', formatScaled(line.quantity, DECIMAL_DIGITS), { unitCode: line.unitCode });
    amount(element, 'LineExtensionAmount', line.net);
    if (line.period !== undefined) period(cac(element, 'InvoicePeriod'), line.period);
    for (const [adjustments, charge] of [[line.allowances, false], [line.charges, true]] as const) {
      for (const adjustment of adjustments) {
        const ac = cac(element, 'AllowanceCharge');
        cbc(ac, 'ChargeIndicator', charge ? 'true' : 'false');
        if (adjustment.reasonCode !== undefined) cbc(ac, 'AllowanceChargeReasonCode', adjustment.reasonCode);
        if (adjustment.reason !== undefined) cbc(ac, 'AllowanceChargeReason', adjustment.reason);
        amount(ac, 'Amount', adjustment.amount);
      }
    }
    const product = cac(element, 'Item');
    if (line.description !== undefined) cbc(product, 'Description', line.description);
    cbc(product, 'Name', line.name);
    if (line.sellerItemId !== undefined) cbc(cac(product, 'SellersItemIdentification'), 'ID', line.sellerItemId);
    taxCategory(cac(product, 'ClassifiedTaxCategory'), line.category, false);
    cbc(cac(element, 'Price'), 'PriceAmount', formatScaled(line.unitPrice, DECIMAL_DIGITS), { currencyID: currency });
  }

  return root.end();

  function party(parent: XmlElement, p: EInvoiceParty, creditorId: string | undefined): void {
    const element = cac(parent, 'Party');
    if (p.electronicAddress !== undefined) cbc(element, 'EndpointID', p.electronicAddress.value, { schemeID: p.electronicAddress.scheme });
    if (p.identifier !== undefined) cbc(cac(element, 'PartyIdentification'), 'ID', p.identifier.value, withScheme(p.identifier.scheme));
    if (creditorId !== undefined) cbc(cac(element, 'PartyIdentification'), 'ID', creditorId, { schemeID: SEPA_CREDITOR_SCHEME });
    cbc(cac(element, 'PartyName'), 'Name', p.name);
    if (p.address !== undefined) postalAddress(cac(element, 'PostalAddress'), p.address);
    if (p.vatId !== undefined) {
      const scheme = cac(element, 'PartyTaxScheme');
      cbc(scheme, 'CompanyID', p.vatId);
      cbc(cac(scheme, 'TaxScheme'), 'ID', 'VAT');
    }
    if (p.taxRegistrationId !== undefined) {
      const scheme = cac(element, 'PartyTaxScheme');
      cbc(scheme, 'CompanyID', p.taxRegistrationId);
      cbc(cac(scheme, 'TaxScheme'), 'ID', 'TAX');
    }
    const legal = cac(element, 'PartyLegalEntity');
    cbc(legal, 'RegistrationName', p.name);
    if (p.legalRegistration !== undefined) cbc(legal, 'CompanyID', p.legalRegistration.id, withScheme(p.legalRegistration.scheme));
    if (p.contact !== undefined) {
      const contact = cac(element, 'Contact');
      if (p.contact.name !== undefined) cbc(contact, 'Name', p.contact.name);
      if (p.contact.phone !== undefined) cbc(contact, 'Telephone', p.contact.phone);
      if (p.contact.email !== undefined) cbc(contact, 'ElectronicMail', p.contact.email);
    }
  }

  function postalAddress(element: XmlElement, address: PostalAddress): void {
    if (address.street !== undefined) cbc(element, 'StreetName', address.street);
    if (address.additionalStreet !== undefined) cbc(element, 'AdditionalStreetName', address.additionalStreet);
    if (address.city !== undefined) cbc(element, 'CityName', address.city);
    if (address.postalZone !== undefined) cbc(element, 'PostalZone', address.postalZone);
    if (address.subentity !== undefined) cbc(element, 'CountrySubentity', address.subentity);
    if (address.line !== undefined) cbc(cac(element, 'AddressLine'), 'Line', address.line);
    if (address.country !== undefined) cbc(cac(element, 'Country'), 'IdentificationCode', address.country);
  }

  function period(element: XmlElement, p: EInvoicePeriod): void {
    if (p.start !== undefined) cbc(element, 'StartDate', p.start);
    if (p.end !== undefined) cbc(element, 'EndDate', p.end);
  }

  /** The breakdown carries every rate (BT-119); lines, allowances and charges in O carry none. */
  function taxCategory(element: XmlElement, category: EInvoiceVatCategory, breakdown: boolean): void {
    cbc(element, 'ID', category.code);
    if (breakdown && category.groups.length > 1) cbc(element, 'Name', category.groups.join(' + '));
    if (breakdown || category.code !== 'O') cbc(element, 'Percent', formatScaled(category.rate, DECIMAL_DIGITS));
    if (breakdown && category.exemption !== undefined) {
      if (category.exemption.code !== undefined) cbc(element, 'TaxExemptionReasonCode', category.exemption.code);
      cbc(element, 'TaxExemptionReason', category.exemption.reason);
    }
    cbc(cac(element, 'TaxScheme'), 'ID', 'VAT');
  }
}
