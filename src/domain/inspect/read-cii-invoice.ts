import { CII_QDT_NS, CII_RAM_NS, CII_RSM_NS, CII_UDT_NS, PAYMENT_NOTE_SUBJECT } from '../einvoice/syntax-names.ts';
import type { XmlTreeElement } from './parse-xml-tree.ts';
import type { ReceivedAddress, ReceivedAllowanceCharge, ReceivedCategory, ReceivedInvoice, ReceivedLine, ReceivedParty, ReceivedPeriod } from './received-invoice.ts';
import { termOfPath } from './term-of-path.ts';
import { TreeCursor } from './tree-cursor.ts';
import { withoutUndefined } from './without-undefined.ts';

const NAMESPACES = { rsm: CII_RSM_NS, ram: CII_RAM_NS, udt: CII_UDT_NS, qdt: CII_QDT_NS } as const;

/** "20261125" (format 102) → "2026-11-25"; any other form is kept as written, for the rules to name. */
const isoDate = (value: string | undefined): string | undefined =>
  value === undefined ? undefined : /^\d{8}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}` : value;

/** A UN/CEFACT CII D16B CrossIndustryInvoice in EN 16931's terms (the binding of EN 16931-3-3). */
export function readCiiInvoice(root: XmlTreeElement): ReceivedInvoice {
  const c = new TreeCursor(NAMESPACES);
  const text = (from: XmlTreeElement | undefined, path: string) => (from === undefined ? undefined : c.text(from, path));
  const date = (from: XmlTreeElement | undefined, path: string) => isoDate(text(from, path));
  const period = (from: XmlTreeElement | undefined): ReceivedPeriod | undefined => {
    if (from === undefined) return undefined;
    const p = withoutUndefined({ start: date(from, 'ram:StartDateTime/udt:DateTimeString'), end: date(from, 'ram:EndDateTime/udt:DateTimeString') });
    return Object.keys(p).length === 0 ? undefined : p;
  };
  const address = (from: XmlTreeElement | undefined): ReceivedAddress | undefined => {
    if (from === undefined) return undefined;
    const lines = [text(from, 'ram:LineOne'), text(from, 'ram:LineTwo'), text(from, 'ram:LineThree')].filter((l): l is string => l !== undefined);
    return withoutUndefined({ lines, city: text(from, 'ram:CityName'), postalCode: text(from, 'ram:PostcodeCode'), region: text(from, 'ram:CountrySubDivisionName'), country: text(from, 'ram:CountryID') });
  };
  const category = (from: XmlTreeElement | undefined): ReceivedCategory => {
    if (from === undefined) return {};
    c.all(from, 'ram:TypeCode');
    return withoutUndefined({ code: text(from, 'ram:CategoryCode'), rate: text(from, 'ram:RateApplicablePercent') });
  };
  const allowanceCharge = (from: XmlTreeElement): ReceivedAllowanceCharge => withoutUndefined({
    charge: text(from, 'ram:ChargeIndicator/udt:Indicator') === 'true',
    amount: text(from, 'ram:ActualAmount'),
    baseAmount: text(from, 'ram:BasisAmount'),
    percent: text(from, 'ram:CalculationPercent'),
    reasonCode: text(from, 'ram:ReasonCode'),
    reason: text(from, 'ram:Reason'),
    category: category(c.one(from, 'ram:CategoryTradeTax')),
  });
  const party = (p: XmlTreeElement | undefined): ReceivedParty => {
    if (p === undefined) return { identifiers: [] };
    const identifiers = [
      ...c.all(p, 'ram:ID').map((e) => ({ value: e.text.trim() })),
      ...c.all(p, 'ram:GlobalID').map((e) => withoutUndefined({ value: e.text.trim(), scheme: e.attrs.schemeID?.trim() })),
    ].filter((id) => id.value !== '');
    const endpoint = c.one(p, 'ram:URIUniversalCommunication/ram:URIID');
    const registrations = c.all(p, 'ram:SpecifiedTaxRegistration/ram:ID');
    const legal = c.one(p, 'ram:SpecifiedLegalOrganization');
    const legalId = legal === undefined ? undefined : c.one(legal, 'ram:ID');
    const contactElement = c.one(p, 'ram:DefinedTradeContact');
    const contact = contactElement === undefined ? undefined : withoutUndefined({
      name: text(contactElement, 'ram:PersonName') ?? text(contactElement, 'ram:DepartmentName'),
      phone: text(contactElement, 'ram:TelephoneUniversalCommunication/ram:CompleteNumber'),
      email: text(contactElement, 'ram:EmailURIUniversalCommunication/ram:URIID'),
    });
    return withoutUndefined({
      name: text(p, 'ram:Name'),
      tradingName: legal === undefined ? undefined : text(legal, 'ram:TradingBusinessName'),
      electronicAddress: endpoint === undefined || endpoint.text.trim() === '' ? undefined : { scheme: endpoint.attrs.schemeID?.trim() ?? '', value: endpoint.text.trim() },
      identifiers,
      address: address(c.one(p, 'ram:PostalTradeAddress')),
      vatId: registrations.find((r) => r.attrs.schemeID?.trim() === 'VA')?.text.trim(),
      taxRegistrationId: registrations.find((r) => r.attrs.schemeID?.trim() === 'FC')?.text.trim(),
      legalRegistration: legalId === undefined || legalId.text.trim() === '' ? undefined : withoutUndefined({ id: legalId.text.trim(), scheme: legalId.attrs.schemeID?.trim() }),
      contact: contact !== undefined && Object.keys(contact).length > 0 ? contact : undefined,
    });
  };

  const context = c.one(root, 'rsm:ExchangedDocumentContext');
  const header = c.one(root, 'rsm:ExchangedDocument');
  const transaction = c.one(root, 'rsm:SupplyChainTradeTransaction');
  const agreement = transaction === undefined ? undefined : c.one(transaction, 'ram:ApplicableHeaderTradeAgreement');
  const deliveryElement = transaction === undefined ? undefined : c.one(transaction, 'ram:ApplicableHeaderTradeDelivery');
  const settlement = transaction === undefined ? undefined : c.one(transaction, 'ram:ApplicableHeaderTradeSettlement');

  const notes: string[] = [];
  let instructions: string | undefined;
  for (const note of header === undefined ? [] : c.all(header, 'ram:IncludedNote')) {
    const content = text(note, 'ram:Content');
    const subject = text(note, 'ram:SubjectCode');
    if (content === undefined) continue;
    if (subject === PAYMENT_NOTE_SUBJECT && instructions === undefined) instructions = content;
    else notes.push(subject === undefined ? content : `#${subject}#${content}`);
  }

  const meansElement = settlement === undefined ? undefined : c.one(settlement, 'ram:SpecifiedTradeSettlementPaymentMeans');
  const terms = settlement === undefined ? undefined : c.one(settlement, 'ram:SpecifiedTradePaymentTerms');
  const paymentMeans = meansElement === undefined ? undefined : (() => {
    const account = c.one(meansElement, 'ram:PayeePartyCreditorFinancialAccount');
    const card = c.one(meansElement, 'ram:ApplicableTradeSettlementFinancialCard');
    return withoutUndefined({
      code: text(meansElement, 'ram:TypeCode'),
      text: text(meansElement, 'ram:Information'),
      remittanceInformation: text(settlement, 'ram:PaymentReference'),
      instructions,
      account: account === undefined ? undefined : withoutUndefined({
        id: text(account, 'ram:IBANID') ?? text(account, 'ram:ProprietaryID') ?? '',
        name: text(account, 'ram:AccountName'),
        serviceProvider: text(meansElement, 'ram:PayeeSpecifiedCreditorFinancialInstitution/ram:BICID'),
      }),
      card: card === undefined ? undefined : withoutUndefined({ number: text(card, 'ram:ID') ?? '', holder: text(card, 'ram:CardholderName') }),
      mandateReference: text(terms, 'ram:DirectDebitMandateID'),
      creditorId: text(settlement, 'ram:CreditorReferenceID'),
      debtorAccount: text(meansElement, 'ram:PayerPartyDebtorFinancialAccount/ram:IBANID'),
    });
  })();

  const summation = settlement === undefined ? undefined : c.one(settlement, 'ram:SpecifiedTradeSettlementHeaderMonetarySummation');
  const currency = text(settlement, 'ram:InvoiceCurrencyCode');
  const taxTotals = summation === undefined ? [] : c.all(summation, 'ram:TaxTotalAmount');
  const taxInCurrency = taxTotals.find((t) => (t.attrs.currencyID?.trim() ?? currency) === currency);
  const taxInAccounting = taxTotals.find((t) => t !== taxInCurrency);
  const billing = settlement === undefined ? undefined : c.one(settlement, 'ram:InvoiceReferencedDocument');
  const shipTo = deliveryElement === undefined ? undefined : c.one(deliveryElement, 'ram:ShipToTradeParty');
  const delivery = deliveryElement === undefined ? undefined : withoutUndefined({
    name: text(shipTo, 'ram:Name'),
    address: address(shipTo === undefined ? undefined : c.one(shipTo, 'ram:PostalTradeAddress')),
    date: date(deliveryElement, 'ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime/udt:DateTimeString'),
  });

  const lines = (transaction === undefined ? [] : c.all(transaction, 'ram:IncludedSupplyChainTradeLineItem')).map((item): ReceivedLine => {
    const lineDocument = c.one(item, 'ram:AssociatedDocumentLineDocument');
    const product = c.one(item, 'ram:SpecifiedTradeProduct');
    const lineAgreement = c.one(item, 'ram:SpecifiedLineTradeAgreement');
    const quantity = c.one(item, 'ram:SpecifiedLineTradeDelivery/ram:BilledQuantity');
    const lineSettlement = c.one(item, 'ram:SpecifiedLineTradeSettlement');
    const adjustments = lineSettlement === undefined ? [] : c.all(lineSettlement, 'ram:SpecifiedTradeAllowanceCharge').map(allowanceCharge);
    const netPrice = lineAgreement === undefined ? undefined : c.one(lineAgreement, 'ram:NetPriceProductTradePrice');
    const grossPrice = lineAgreement === undefined ? undefined : c.one(lineAgreement, 'ram:GrossPriceProductTradePrice');
    const priceDiscount = grossPrice === undefined ? undefined : c.one(grossPrice, 'ram:AppliedTradeAllowanceCharge');
    if (priceDiscount !== undefined) c.all(priceDiscount, 'ram:ChargeIndicator/udt:Indicator');
    return withoutUndefined({
      id: text(lineDocument, 'ram:LineID'),
      note: text(lineDocument, 'ram:IncludedNote/ram:Content'),
      period: period(lineSettlement === undefined ? undefined : c.one(lineSettlement, 'ram:BillingSpecifiedPeriod')),
      quantity: quantity?.text.trim(),
      unitCode: quantity?.attrs.unitCode?.trim(),
      net: text(lineSettlement, 'ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount'),
      allowances: adjustments.filter((a) => !a.charge),
      charges: adjustments.filter((a) => a.charge),
      name: text(product, 'ram:Name'),
      description: text(product, 'ram:Description'),
      sellerItemId: text(product, 'ram:SellerAssignedID'),
      category: category(lineSettlement === undefined ? undefined : c.one(lineSettlement, 'ram:ApplicableTradeTax')),
      price: text(netPrice, 'ram:ChargeAmount'),
      baseQuantity: text(netPrice, 'ram:BasisQuantity'),
      priceDiscount: text(priceDiscount, 'ram:ActualAmount'),
    });
  });

  const invoice: Omit<ReceivedInvoice, 'unread'> = withoutUndefined({
    specificationId: text(context, 'ram:GuidelineSpecifiedDocumentContextParameter/ram:ID'),
    businessProcessId: text(context, 'ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID'),
    number: text(header, 'ram:ID'),
    issueDate: date(header, 'ram:IssueDateTime/udt:DateTimeString'),
    dueDate: date(terms, 'ram:DueDateDateTime/udt:DateTimeString'),
    typeCode: text(header, 'ram:TypeCode'),
    currency,
    notes,
    buyerReference: text(agreement, 'ram:BuyerReference'),
    orderReference: text(agreement, 'ram:BuyerOrderReferencedDocument/ram:IssuerAssignedID'),
    contractReference: text(agreement, 'ram:ContractReferencedDocument/ram:IssuerAssignedID'),
    projectReference: (() => {
      const project = agreement === undefined ? undefined : c.one(agreement, 'ram:SpecifiedProcuringProject');
      if (project !== undefined) c.all(project, 'ram:Name');
      return text(project, 'ram:ID');
    })(),
    billingReference: billing === undefined ? undefined : withoutUndefined({
      number: text(billing, 'ram:IssuerAssignedID') ?? '',
      date: date(billing, 'ram:FormattedIssueDateTime/qdt:DateTimeString'),
    }),
    invoicePeriod: period(settlement === undefined ? undefined : c.one(settlement, 'ram:BillingSpecifiedPeriod')),
    seller: party(agreement === undefined ? undefined : c.one(agreement, 'ram:SellerTradeParty')),
    buyer: party(agreement === undefined ? undefined : c.one(agreement, 'ram:BuyerTradeParty')),
    delivery: delivery !== undefined && Object.keys(delivery).length > 0 ? delivery : undefined,
    paymentMeans,
    paymentTerms: text(terms, 'ram:Description'),
    allowanceCharges: (settlement === undefined ? [] : c.all(settlement, 'ram:SpecifiedTradeAllowanceCharge')).map(allowanceCharge),
    vatBreakdown: (settlement === undefined ? [] : c.all(settlement, 'ram:ApplicableTradeTax')).map((t) => withoutUndefined({
      taxable: text(t, 'ram:BasisAmount'),
      tax: text(t, 'ram:CalculatedAmount'),
      category: withoutUndefined({
        ...category(t),
        exemptionCode: text(t, 'ram:ExemptionReasonCode'),
        exemptionReason: text(t, 'ram:ExemptionReason'),
      }),
    })),
    totals: withoutUndefined({
      lineExtension: text(summation, 'ram:LineTotalAmount'),
      allowanceTotal: text(summation, 'ram:AllowanceTotalAmount'),
      chargeTotal: text(summation, 'ram:ChargeTotalAmount'),
      taxExclusive: text(summation, 'ram:TaxBasisTotalAmount'),
      taxTotal: taxInCurrency?.text.trim(),
      taxTotalAccounting: taxInAccounting?.text.trim(),
      taxInclusive: text(summation, 'ram:GrandTotalAmount'),
      prepaid: text(summation, 'ram:TotalPrepaidAmount'),
      rounding: text(summation, 'ram:RoundingAmount'),
      payable: text(summation, 'ram:DuePayableAmount'),
    }),
    lines,
  });
  const unread = c.unread(root).map(({ path, value }) => ({ term: termOfPath('cii', path), path, value }));
  return { ...invoice, unread };
}
