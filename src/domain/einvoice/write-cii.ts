import { formatFixed, formatScaled } from '../money/format-scaled.ts';
import { DECIMAL_DIGITS } from '../money/parse-decimal.ts';
import type { PostalAddress } from './split-postal-address.ts';
import type { EInvoice, EInvoiceParty, EInvoicePeriod, EInvoiceVatCategory } from './einvoice.ts';
import { hasPostalAddress } from './has-postal-address.ts';
import { CII_QDT_NS, CII_RAM_NS, CII_RSM_NS, CII_UDT_NS, PAYMENT_NOTE_SUBJECT } from './syntax-names.ts';
import { XmlElement } from './xml-element.ts';
import { hasText, xmlText } from './xml-text.ts';

/** UNTDID 2379 date format: CCYYMMDD. */
const DATE_FORMAT = '102';


/** "2026-11-25" → "20261125" (CII dates are format 102). */
const ciiDate = (isoDate: string) => isoDate.replaceAll('-', '');

/**
 * The invoice as a UN/CEFACT Cross Industry Invoice D16B (EN 16931's CII syntax), UTF-8, the same
 * bytes for the same invoice; the same terms as the UBL document of the same invoice, each where
 * CII puts it (docs/cii.md). Elements are written in the order the D16B schema requires. Every
 * value goes through XmlElement, which escapes it. An optional term without text is left out; a
 * required one without text throws (XmlElement), as does a document without a specification
 * identifier, which CII requires: the caller answers cii_error. Pure: no I/O, no clock.
 */
export function writeCii(doc: EInvoice): string {
  const specificationId = doc.specificationId;
  if (specificationId === undefined) throw new Error('a CII document names the specification it meets (BT-24)');
  const currency = doc.currency;
  const money = (value: bigint) => formatFixed(value, doc.minorDigits);

  const root = XmlElement.document('rsm:CrossIndustryInvoice')
    .att('xmlns:rsm', CII_RSM_NS).att('xmlns:qdt', CII_QDT_NS).att('xmlns:ram', CII_RAM_NS).att('xmlns:udt', CII_UDT_NS);
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
  ram(ram(context, 'GuidelineSpecifiedDocumentContextParameter'), 'ID', specificationId);

  const header = ele(root, 'rsm:ExchangedDocument');
  ram(header, 'ID', doc.number);
  ram(header, 'TypeCode', doc.typeCode);
  date(header, 'IssueDateTime', doc.issueDate);
  for (const note of doc.notes) if (hasText(note)) ram(ram(header, 'IncludedNote'), 'Content', note);
  if (hasText(doc.paymentMeans?.instructions)) {
    const note = ram(header, 'IncludedNote');
    ram(note, 'Content', doc.paymentMeans.instructions);
    ram(note, 'SubjectCode', PAYMENT_NOTE_SUBJECT);
  }

  const transaction = ele(root, 'rsm:SupplyChainTradeTransaction');
  for (const line of doc.lines) {
    const item = ram(transaction, 'IncludedSupplyChainTradeLineItem');
    const lineDocument = ram(item, 'AssociatedDocumentLineDocument');
    ram(lineDocument, 'LineID', line.id);
    if (hasText(line.note)) ram(ram(lineDocument, 'IncludedNote'), 'Content', line.note);
    const product = ram(item, 'SpecifiedTradeProduct');
    if (hasText(line.sellerItemId)) ram(product, 'SellerAssignedID', line.sellerItemId);
    ram(product, 'Name', line.name);
    if (hasText(line.description)) ram(product, 'Description', line.description);
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
        reasons(ac, adjustment);
      }
    }
    ram(ram(settlement, 'SpecifiedTradeSettlementLineMonetarySummation'), 'LineTotalAmount', money(line.net));
  }

  const agreement = ram(transaction, 'ApplicableHeaderTradeAgreement');
  if (hasText(doc.buyerReference)) ram(agreement, 'BuyerReference', doc.buyerReference);
  party(ram(agreement, 'SellerTradeParty'), doc.seller);
  party(ram(agreement, 'BuyerTradeParty'), doc.buyer);
  if (hasText(doc.orderReference)) ram(ram(agreement, 'BuyerOrderReferencedDocument'), 'IssuerAssignedID', doc.orderReference);
  if (hasText(doc.contractReference)) ram(ram(agreement, 'ContractReferencedDocument'), 'IssuerAssignedID', doc.contractReference);
  if (hasText(doc.projectReference)) {
    const project = ram(agreement, 'SpecifiedProcuringProject');
    ram(project, 'ID', doc.projectReference);
    // The schema requires a name; EN 16931 has none for BT-11, and its CII binding writes this one.
    ram(project, 'Name', 'Project reference');
  }

  // The schema requires the element even when there is no delivery to describe, and the rules
  // allow it empty (XRechnung's PEPPOL-EN16931-R008 names it as the one exception).
  const delivery = ram(transaction, 'ApplicableHeaderTradeDelivery').allowEmpty();
  const shipToName = hasText(doc.delivery?.name) ? doc.delivery.name : undefined;
  const shipToAddress = hasPostalAddress(doc.delivery?.address) ? doc.delivery.address : undefined;
  if (shipToName !== undefined || shipToAddress !== undefined) {
    const shipTo = ram(delivery, 'ShipToTradeParty');
    if (shipToName !== undefined) ram(shipTo, 'Name', shipToName);
    if (shipToAddress !== undefined) postalAddress(ram(shipTo, 'PostalTradeAddress'), shipToAddress);
  }
  if (hasText(doc.delivery?.date)) date(ram(delivery, 'ActualDeliverySupplyChainEvent'), 'OccurrenceDateTime', doc.delivery.date);

  const settlement = ram(transaction, 'ApplicableHeaderTradeSettlement');
  const means = doc.paymentMeans;
  if (hasText(means?.directDebit?.creditorId)) ram(settlement, 'CreditorReferenceID', means.directDebit.creditorId);
  if (means !== undefined) ram(settlement, 'PaymentReference', means.remittanceInformation);
  ram(settlement, 'InvoiceCurrencyCode', currency);
  if (means !== undefined) {
    const element = ram(settlement, 'SpecifiedTradeSettlementPaymentMeans');
    ram(element, 'TypeCode', means.code);
    if (hasText(means.text)) ram(element, 'Information', means.text);
    if (means.card !== undefined) {
      const card = ram(element, 'ApplicableTradeSettlementFinancialCard');
      ram(card, 'ID', means.card.last4);
      if (hasText(means.card.holder)) ram(card, 'CardholderName', means.card.holder);
    }
    if (hasText(means.directDebit?.debtorAccount)) ram(ram(element, 'PayerPartyDebtorFinancialAccount'), 'IBANID', means.directDebit.debtorAccount);
    const payee = means.account;
    if (payee !== undefined) {
      const account = ram(element, 'PayeePartyCreditorFinancialAccount');
      // BT-84 is an IBAN or another account number; the schema's order is IBANID, AccountName, ProprietaryID.
      if (payee.iban) ram(account, 'IBANID', payee.id);
      if (hasText(payee.name)) ram(account, 'AccountName', payee.name);
      if (!payee.iban) ram(account, 'ProprietaryID', payee.id);
      if (hasText(payee.serviceProvider)) {
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
    if (hasText(subtotal.category.exemption?.code)) ram(tax, 'ExemptionReasonCode', subtotal.category.exemption.code);
    // Every breakdown carries its rate (BT-119), O's too at 0 (XRechnung's BR-DE-14).
    ram(tax, 'RateApplicablePercent', formatScaled(subtotal.category.rate, DECIMAL_DIGITS));
  }
  if (doc.invoicePeriod !== undefined) period(ram(settlement, 'BillingSpecifiedPeriod'), doc.invoicePeriod);
  for (const ac of doc.allowanceCharges) {
    const element = ram(settlement, 'SpecifiedTradeAllowanceCharge');
    indicator(element, ac.charge);
    ram(element, 'ActualAmount', money(ac.amount));
    reasons(element, ac);
    tradeTax(ram(element, 'CategoryTradeTax'), ac.category);
  }
  const mandate = means?.directDebit?.mandateReference;
  const paymentTerms = hasText(doc.paymentTerms) ? doc.paymentTerms : undefined;
  if (paymentTerms !== undefined || doc.dueDate !== undefined || mandate !== undefined) {
    const terms = ram(settlement, 'SpecifiedTradePaymentTerms');
    if (paymentTerms !== undefined) ram(terms, 'Description', paymentTerms);
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
    if (hasText(doc.billingReference.date)) {
      ram(reference, 'FormattedIssueDateTime').ele('qdt:DateTimeString').att('format', DATE_FORMAT).txt(ciiDate(doc.billingReference.date));
    }
  }

  return root.end();

  function party(element: XmlElement, p: EInvoiceParty): void {
    // BT-29 / BT-46: an identifier with a scheme is a GlobalID, one without a plain ID.
    const identifier = p.identifier !== undefined && hasText(p.identifier.value) ? p.identifier : undefined;
    if (identifier !== undefined && identifier.scheme === undefined) ram(element, 'ID', identifier.value);
    if (identifier?.scheme !== undefined) ram(element, 'GlobalID', identifier.value, { schemeID: identifier.scheme });
    ram(element, 'Name', p.name);
    if (p.legalRegistration !== undefined && hasText(p.legalRegistration.id)) {
      const scheme = p.legalRegistration.scheme;
      ram(ram(element, 'SpecifiedLegalOrganization'), 'ID', p.legalRegistration.id, scheme === undefined ? undefined : { schemeID: scheme });
    }
    const contact = p.contact;
    if (contact !== undefined && (hasText(contact.name) || hasText(contact.phone) || hasText(contact.email))) {
      const contactElement = ram(element, 'DefinedTradeContact');
      if (hasText(contact.name)) ram(contactElement, 'PersonName', contact.name);
      if (hasText(contact.phone)) ram(ram(contactElement, 'TelephoneUniversalCommunication'), 'CompleteNumber', contact.phone);
      if (hasText(contact.email)) ram(ram(contactElement, 'EmailURIUniversalCommunication'), 'URIID', contact.email);
    }
    if (hasPostalAddress(p.address)) postalAddress(ram(element, 'PostalTradeAddress'), p.address);
    if (p.electronicAddress !== undefined && hasText(p.electronicAddress.value)) {
      ram(ram(element, 'URIUniversalCommunication'), 'URIID', p.electronicAddress.value, { schemeID: p.electronicAddress.scheme });
    }
    if (hasText(p.vatId)) ram(ram(element, 'SpecifiedTaxRegistration'), 'ID', p.vatId, { schemeID: 'VA' });
    if (hasText(p.taxRegistrationId)) ram(ram(element, 'SpecifiedTaxRegistration'), 'ID', p.taxRegistrationId, { schemeID: 'FC' });
  }

  /** BG-5 and kin: CII has a postcode, three lines, a city, a country and a subdivision. */
  function postalAddress(element: XmlElement, address: PostalAddress): void {
    if (hasText(address.postalZone)) ram(element, 'PostcodeCode', address.postalZone);
    if (hasText(address.street)) ram(element, 'LineOne', address.street);
    if (hasText(address.additionalStreet)) ram(element, 'LineTwo', address.additionalStreet);
    if (hasText(address.line)) ram(element, 'LineThree', address.line);
    if (hasText(address.city)) ram(element, 'CityName', address.city);
    if (hasText(address.country)) ram(element, 'CountryID', address.country);
    if (hasText(address.subentity)) ram(element, 'CountrySubDivisionName', address.subentity);
  }

  function period(element: XmlElement, p: EInvoicePeriod): void {
    if (hasText(p.start)) date(element, 'StartDateTime', p.start);
    if (hasText(p.end)) date(element, 'EndDateTime', p.end);
  }

  /** BT-97/98, BT-104/105, BT-139/140, BT-144/145: a reason, a code or both, never neither (BR-33 and kin). */
  function reasons(element: XmlElement, ac: { readonly reasonCode?: string; readonly reason?: string }): void {
    if (!hasText(ac.reasonCode) && !hasText(ac.reason)) throw new Error('an allowance or charge has neither a reason nor a reason code');
    if (hasText(ac.reasonCode)) ram(element, 'ReasonCode', ac.reasonCode);
    if (hasText(ac.reason)) ram(element, 'Reason', ac.reason);
  }

  /** A line's or an allowance's category: no rate in O (BR-O-05 to BR-O-07). */
  function tradeTax(element: XmlElement, category: EInvoiceVatCategory): void {
    ram(element, 'TypeCode', 'VAT');
    ram(element, 'CategoryCode', category.code);
    if (category.code !== 'O') ram(element, 'RateApplicablePercent', formatScaled(category.rate, DECIMAL_DIGITS));
  }
}
