import { formatFixed, formatScaled } from '../money/format-scaled.ts';
import { DECIMAL_DIGITS } from '../money/parse-decimal.ts';
import type { PostalAddress } from './split-postal-address.ts';
import type { EInvoice, EInvoiceParty, EInvoicePeriod, EInvoiceVatCategory } from './einvoice.ts';
import { XmlElement } from './xml-element.ts';
import { xmlText } from './xml-text.ts';

const RSM_NS = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';
const RAM_NS = 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100';
const QDT_NS = 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100';
const UDT_NS = 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100';
/** UNTDID 4451 subject of a note: payment information (the payment instructions). */
const PAYMENT_NOTE_SUBJECT = 'PMT';
/** UNTDID 2379 date format: CCYYMMDD. */
const DATE_FORMAT = '102';


/** "2026-11-25" → "20261125" (CII dates are format 102). */
const ciiDate = (isoDate: string) => isoDate.replaceAll('-', '');

/**
 * The invoice as a UN/CEFACT Cross Industry Invoice D16B (EN 16931's CII syntax), UTF-8, the same
 * bytes for the same invoice; the same terms as the UBL document of the same invoice, each where
 * CII puts it (docs/cii.md). Elements are written in the order the D16B schema requires. Every
 * value goes through XmlElement, which escapes it. Pure: no I/O, no clock.
 */
export function writeCii(doc: EInvoice): string {
  const currency = doc.currency;
  const money = (value: bigint) => formatFixed(value, doc.minorDigits);

  const root = XmlElement.document('rsm:CrossIndustryInvoice')
    .att('xmlns:rsm', RSM_NS).att('xmlns:qdt', QDT_NS).att('xmlns:ram', RAM_NS).att('xmlns:udt', UDT_NS);
  const ele = (parent: XmlElement, name: string) => parent.ele(name);
  const ram = (parent: XmlElement, name: string, value?: string, attributes?: Record<string, string>) => {
    const element = parent.ele(`ram:${name}`);
    if (attributes !== undefined) {
      for (const [key, attribute] of Object.entries(attributes)) element.att(key, xmlText(attribute));
    }
    if (value !== undefined) element.txt(xmlText(value));
    return element;
  };
  const date = (parent: XmlElement, name: string, isoDate: string) =>
    ram(parent, name).ele('udt:DateTimeString').att('format', DATE_FORMAT).txt(ciiDate(isoDate));
  const indicator = (parent: XmlElement, value: boolean) => ram(parent, 'ChargeIndicator').ele('udt:Indicator').txt(value ? 'true' : 'false');

  const context = ele(root, 'rsm:ExchangedDocumentContext');
  if (doc.businessProcessId !== undefined) ram(ram(context, 'BusinessProcessSpecifiedDocumentContextParameter'), 'ID', doc.businessProcessId);
  ram(ram(context, 'GuidelineSpecifiedDocumentContextParameter'), 'ID', doc.specificationId);

  const header = ele(root, 'rsm:ExchangedDocument');
  ram(header, 'ID', doc.number);
  ram(header, 'TypeCode', doc.typeCode);
  date(header, 'IssueDateTime', doc.issueDate);
  for (const note of doc.notes) ram(ram(header, 'IncludedNote'), 'Content', note);
  if (doc.paymentMeans?.instructions !== undefined) {
    const note = ram(header, 'IncludedNote');
    ram(note, 'Content', doc.paymentMeans.instructions);
    ram(note, 'SubjectCode', PAYMENT_NOTE_SUBJECT);
  }

  const transaction = ele(root, 'rsm:SupplyChainTradeTransaction');
  for (const line of doc.lines) {
    const item = ram(transaction, 'IncludedSupplyChainTradeLineItem');
    const lineDocument = ram(item, 'AssociatedDocumentLineDocument');
    ram(lineDocument, 'LineID', line.id);
    if (line.note !== undefined) ram(ram(lineDocument, 'IncludedNote'), 'Content', line.note);
    const product = ram(item, 'SpecifiedTradeProduct');
    if (line.sellerItemId !== undefined) ram(product, 'SellerAssignedID', line.sellerItemId);
    ram(product, 'Name', line.name);
    if (line.description !== undefined) ram(product, 'Description', line.description);
    ram(ram(ram(item, 'SpecifiedLineTradeAgreement'), 'NetPriceProductTradePrice'), 'ChargeAmount', formatScaled(line.unitPrice, DECIMAL_DIGITS));
    ram(ram(item, 'SpecifiedLineTradeDelivery'), 'BilledQuantity', formatScaled(line.quantity, DECIMAL_DIGITS), { unitCode: line.unitCode });
    const settlement = ram(item, 'SpecifiedLineTradeSettlement');
    tradeTax(ram(settlement, 'ApplicableTradeTax'), line.category);
    if (line.period !== undefined) period(ram(settlement, 'BillingSpecifiedPeriod'), line.period);
    for (const [adjustments, charge] of [[line.allowances, false], [line.charges, true]] as const) {
      for (const adjustment of adjustments) {
        const ac = ram(settlement, 'SpecifiedTradeAllowanceCharge');
        indicator(ac, charge);
        ram(ac, 'ActualAmount', money(adjustment.amount));
        if (adjustment.reasonCode !== undefined) ram(ac, 'ReasonCode', adjustment.reasonCode);
        if (adjustment.reason !== undefined) ram(ac, 'Reason', adjustment.reason);
      }
    }
    ram(ram(settlement, 'SpecifiedTradeSettlementLineMonetarySummation'), 'LineTotalAmount', money(line.net));
  }

  const agreement = ram(transaction, 'ApplicableHeaderTradeAgreement');
  if (doc.buyerReference !== undefined) ram(agreement, 'BuyerReference', doc.buyerReference);
  party(ram(agreement, 'SellerTradeParty'), doc.seller);
  party(ram(agreement, 'BuyerTradeParty'), doc.buyer);
  if (doc.orderReference !== undefined) ram(ram(agreement, 'BuyerOrderReferencedDocument'), 'IssuerAssignedID', doc.orderReference);
  if (doc.contractReference !== undefined) ram(ram(agreement, 'ContractReferencedDocument'), 'IssuerAssignedID', doc.contractReference);
  if (doc.projectReference !== undefined) {
    const project = ram(agreement, 'SpecifiedProcuringProject');
    ram(project, 'ID', doc.projectReference);
    // The schema requires a name; EN 16931 has none for BT-11, and its CII binding writes this one.
    ram(project, 'Name', 'Project reference');
  }

  const delivery = ram(transaction, 'ApplicableHeaderTradeDelivery');
  if (doc.delivery?.name !== undefined || doc.delivery?.address !== undefined) {
    const shipTo = ram(delivery, 'ShipToTradeParty');
    if (doc.delivery.name !== undefined) ram(shipTo, 'Name', doc.delivery.name);
    if (doc.delivery.address !== undefined) postalAddress(ram(shipTo, 'PostalTradeAddress'), doc.delivery.address);
  }
  if (doc.delivery?.date !== undefined) date(ram(delivery, 'ActualDeliverySupplyChainEvent'), 'OccurrenceDateTime', doc.delivery.date);

  const settlement = ram(transaction, 'ApplicableHeaderTradeSettlement');
  const means = doc.paymentMeans;
  if (means?.directDebit !== undefined) ram(settlement, 'CreditorReferenceID', means.directDebit.creditorId);
  if (means !== undefined) ram(settlement, 'PaymentReference', means.remittanceInformation);
  ram(settlement, 'InvoiceCurrencyCode', currency);
  if (means !== undefined) {
    const element = ram(settlement, 'SpecifiedTradeSettlementPaymentMeans');
    ram(element, 'TypeCode', means.code);
    if (means.text !== undefined) ram(element, 'Information', means.text);
    if (means.card !== undefined) {
      const card = ram(element, 'ApplicableTradeSettlementFinancialCard');
      ram(card, 'ID', means.card.last4);
      if (means.card.holder !== undefined) ram(card, 'CardholderName', means.card.holder);
    }
    if (means.directDebit !== undefined) ram(ram(element, 'PayerPartyDebtorFinancialAccount'), 'IBANID', means.directDebit.debtorAccount);
    const payee = means.account;
    if (payee !== undefined) {
      const account = ram(element, 'PayeePartyCreditorFinancialAccount');
      // BT-84 is an IBAN or another account number; the schema's order is IBANID, AccountName, ProprietaryID.
      if (payee.iban) ram(account, 'IBANID', payee.id);
      if (payee.name !== undefined) ram(account, 'AccountName', payee.name);
      if (!payee.iban) ram(account, 'ProprietaryID', payee.id);
      if (payee.serviceProvider !== undefined) {
        ram(ram(element, 'PayeeSpecifiedCreditorFinancialInstitution'), 'BICID', payee.serviceProvider);
      }
    }
  }
  for (const subtotal of doc.vatBreakdown) {
    const tax = ram(settlement, 'ApplicableTradeTax');
    ram(tax, 'CalculatedAmount', money(subtotal.tax));
    ram(tax, 'TypeCode', 'VAT');
    if (subtotal.category.exemption !== undefined) ram(tax, 'ExemptionReason', subtotal.category.exemption.reason);
    ram(tax, 'BasisAmount', money(subtotal.taxable));
    ram(tax, 'CategoryCode', subtotal.category.code);
    if (subtotal.category.exemption?.code !== undefined) ram(tax, 'ExemptionReasonCode', subtotal.category.exemption.code);
    // Every breakdown carries its rate (BT-119), O's too at 0 (XRechnung's BR-DE-14).
    ram(tax, 'RateApplicablePercent', formatScaled(subtotal.category.rate, DECIMAL_DIGITS));
  }
  if (doc.invoicePeriod !== undefined) period(ram(settlement, 'BillingSpecifiedPeriod'), doc.invoicePeriod);
  for (const ac of doc.allowanceCharges) {
    const element = ram(settlement, 'SpecifiedTradeAllowanceCharge');
    indicator(element, ac.charge);
    ram(element, 'ActualAmount', money(ac.amount));
    if (ac.reasonCode !== undefined) ram(element, 'ReasonCode', ac.reasonCode);
    if (ac.reason !== undefined) ram(element, 'Reason', ac.reason);
    tradeTax(ram(element, 'CategoryTradeTax'), ac.category);
  }
  const mandate = means?.directDebit?.mandateReference;
  if (doc.paymentTerms !== undefined || doc.dueDate !== undefined || mandate !== undefined) {
    const terms = ram(settlement, 'SpecifiedTradePaymentTerms');
    if (doc.paymentTerms !== undefined) ram(terms, 'Description', doc.paymentTerms);
    if (doc.dueDate !== undefined) date(terms, 'DueDateDateTime', doc.dueDate);
    if (mandate !== undefined) ram(terms, 'DirectDebitMandateID', mandate);
  }
  const totals = doc.totals;
  const summation = ram(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  ram(summation, 'LineTotalAmount', money(totals.lineExtension));
  if (totals.chargeTotal !== 0n) ram(summation, 'ChargeTotalAmount', money(totals.chargeTotal));
  if (totals.allowanceTotal !== 0n) ram(summation, 'AllowanceTotalAmount', money(totals.allowanceTotal));
  ram(summation, 'TaxBasisTotalAmount', money(totals.taxExclusive));
  ram(summation, 'TaxTotalAmount', money(totals.taxTotal), { currencyID: currency });
  if (totals.rounding !== 0n) ram(summation, 'RoundingAmount', money(totals.rounding));
  ram(summation, 'GrandTotalAmount', money(totals.taxInclusive));
  if (totals.prepaid !== 0n) ram(summation, 'TotalPrepaidAmount', money(totals.prepaid));
  ram(summation, 'DuePayableAmount', money(totals.payable));
  if (doc.billingReference !== undefined) {
    const reference = ram(settlement, 'InvoiceReferencedDocument');
    ram(reference, 'IssuerAssignedID', doc.billingReference.number);
    if (doc.billingReference.date !== undefined) {
      ram(reference, 'FormattedIssueDateTime').ele('qdt:DateTimeString').att('format', DATE_FORMAT).txt(ciiDate(doc.billingReference.date));
    }
  }

  return root.end();

  function party(element: XmlElement, p: EInvoiceParty): void {
    // BT-29 / BT-46: an identifier with a scheme is a GlobalID, one without a plain ID.
    if (p.identifier !== undefined && p.identifier.scheme === undefined) ram(element, 'ID', p.identifier.value);
    if (p.identifier?.scheme !== undefined) ram(element, 'GlobalID', p.identifier.value, { schemeID: p.identifier.scheme });
    ram(element, 'Name', p.name);
    if (p.legalRegistration !== undefined) {
      const scheme = p.legalRegistration.scheme;
      ram(ram(element, 'SpecifiedLegalOrganization'), 'ID', p.legalRegistration.id, scheme === undefined ? undefined : { schemeID: scheme });
    }
    if (p.contact !== undefined) {
      const contact = ram(element, 'DefinedTradeContact');
      if (p.contact.name !== undefined) ram(contact, 'PersonName', p.contact.name);
      if (p.contact.phone !== undefined) ram(ram(contact, 'TelephoneUniversalCommunication'), 'CompleteNumber', p.contact.phone);
      if (p.contact.email !== undefined) ram(ram(contact, 'EmailURIUniversalCommunication'), 'URIID', p.contact.email);
    }
    if (p.address !== undefined) postalAddress(ram(element, 'PostalTradeAddress'), p.address);
    if (p.electronicAddress !== undefined) {
      ram(ram(element, 'URIUniversalCommunication'), 'URIID', p.electronicAddress.value, { schemeID: p.electronicAddress.scheme });
    }
    if (p.vatId !== undefined) ram(ram(element, 'SpecifiedTaxRegistration'), 'ID', p.vatId, { schemeID: 'VA' });
    if (p.taxRegistrationId !== undefined) ram(ram(element, 'SpecifiedTaxRegistration'), 'ID', p.taxRegistrationId, { schemeID: 'FC' });
  }

  /** BG-5 and kin: CII has a postcode, three lines, a city, a country and a subdivision. */
  function postalAddress(element: XmlElement, address: PostalAddress): void {
    if (address.postalZone !== undefined) ram(element, 'PostcodeCode', address.postalZone);
    if (address.street !== undefined) ram(element, 'LineOne', address.street);
    if (address.additionalStreet !== undefined) ram(element, 'LineTwo', address.additionalStreet);
    if (address.line !== undefined) ram(element, 'LineThree', address.line);
    if (address.city !== undefined) ram(element, 'CityName', address.city);
    if (address.country !== undefined) ram(element, 'CountryID', address.country);
    if (address.subentity !== undefined) ram(element, 'CountrySubDivisionName', address.subentity);
  }

  function period(element: XmlElement, p: EInvoicePeriod): void {
    if (p.start !== undefined) date(element, 'StartDateTime', p.start);
    if (p.end !== undefined) date(element, 'EndDateTime', p.end);
  }

  /** A line's or an allowance's category: no rate in O (BR-O-05 to BR-O-07). */
  function tradeTax(element: XmlElement, category: EInvoiceVatCategory): void {
    ram(element, 'TypeCode', 'VAT');
    ram(element, 'CategoryCode', category.code);
    if (category.code !== 'O') ram(element, 'RateApplicablePercent', formatScaled(category.rate, DECIMAL_DIGITS));
  }
}
