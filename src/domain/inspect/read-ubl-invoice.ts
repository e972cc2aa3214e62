import { PROJECT_DOCUMENT_TYPE, SEPA_CREDITOR_SCHEME, UBL_CAC_NS, UBL_CBC_NS } from '../einvoice/syntax-names.ts';
import type { XmlTreeElement } from './parse-xml-tree.ts';
import type { ReceivedAddress, ReceivedAllowanceCharge, ReceivedCategory, ReceivedInvoice, ReceivedLine, ReceivedParty, ReceivedPeriod } from './received-invoice.ts';
import { termOfPath } from './term-of-path.ts';
import { TreeCursor } from './tree-cursor.ts';
import { withoutUndefined } from './without-undefined.ts';

const NAMESPACES = { cac: UBL_CAC_NS, cbc: UBL_CBC_NS } as const;

/** A UBL 2.1 Invoice or CreditNote in EN 16931's terms (the binding of EN 16931-3-2). */
export function readUblInvoice(root: XmlTreeElement): ReceivedInvoice {
  const c = new TreeCursor({ '': root.ns, ...NAMESPACES });
  const creditNote = root.name === 'CreditNote';
  const text = (from: XmlTreeElement, path: string) => c.text(from, path);
  const period = (from: XmlTreeElement | undefined): ReceivedPeriod | undefined => {
    if (from === undefined) return undefined;
    const p = withoutUndefined({ start: text(from, 'cbc:StartDate'), end: text(from, 'cbc:EndDate') });
    return Object.keys(p).length === 0 ? undefined : p;
  };
  const address = (from: XmlTreeElement | undefined): ReceivedAddress | undefined => {
    if (from === undefined) return undefined;
    const lines = [text(from, 'cbc:StreetName'), text(from, 'cbc:AdditionalStreetName'), text(from, 'cac:AddressLine/cbc:Line')]
      .filter((l): l is string => l !== undefined);
    return withoutUndefined({ lines, city: text(from, 'cbc:CityName'), postalCode: text(from, 'cbc:PostalZone'), region: text(from, 'cbc:CountrySubentity'), country: text(from, 'cac:Country/cbc:IdentificationCode') });
  };
  const category = (from: XmlTreeElement | undefined): ReceivedCategory =>
    from === undefined ? {} : withoutUndefined({ code: text(from, 'cbc:ID'), rate: text(from, 'cbc:Percent') });
  const allowanceCharge = (from: XmlTreeElement): ReceivedAllowanceCharge => {
    const categoryElement = c.one(from, 'cac:TaxCategory');
    if (categoryElement !== undefined) c.all(categoryElement, 'cac:TaxScheme/cbc:ID');
    return withoutUndefined({
      charge: text(from, 'cbc:ChargeIndicator') === 'true',
      amount: text(from, 'cbc:Amount'),
      baseAmount: text(from, 'cbc:BaseAmount'),
      percent: text(from, 'cbc:MultiplierFactorNumeric'),
      reasonCode: text(from, 'cbc:AllowanceChargeReasonCode'),
      reason: text(from, 'cbc:AllowanceChargeReason'),
      category: category(categoryElement),
    });
  };
  const party = (from: XmlTreeElement | undefined, seller: boolean): ReceivedParty => {
    if (from === undefined) return { identifiers: [] };
    const p = c.one(from, 'cac:Party');
    if (p === undefined) return { identifiers: [] };
    const endpoint = c.one(p, 'cbc:EndpointID');
    const identifiers = c.all(p, 'cac:PartyIdentification/cbc:ID')
      .map((e) => withoutUndefined({ value: e.text.trim(), scheme: e.attrs.schemeID?.trim() }));
    let vatId: string | undefined;
    let taxRegistrationId: string | undefined;
    for (const scheme of c.all(p, 'cac:PartyTaxScheme')) {
      const id = text(scheme, 'cbc:CompanyID');
      if (text(scheme, 'cac:TaxScheme/cbc:ID') === 'VAT') vatId ??= id;
      else taxRegistrationId ??= id;
    }
    const legal = c.one(p, 'cac:PartyLegalEntity');
    const legalId = legal === undefined ? undefined : c.one(legal, 'cbc:CompanyID');
    const contactElement = c.one(p, 'cac:Contact');
    const contact = contactElement === undefined ? undefined
      : withoutUndefined({ name: text(contactElement, 'cbc:Name'), phone: text(contactElement, 'cbc:Telephone'), email: text(contactElement, 'cbc:ElectronicMail') });
    const tradingName = text(p, 'cac:PartyName/cbc:Name');
    return withoutUndefined({
      name: (legal === undefined ? undefined : text(legal, 'cbc:RegistrationName')) ?? tradingName,
      tradingName,
      electronicAddress: endpoint === undefined || endpoint.text.trim() === '' ? undefined : { scheme: endpoint.attrs.schemeID?.trim() ?? '', value: endpoint.text.trim() },
      // BT-90 travels among the seller's identifiers under scheme SEPA; it is read with the payment.
      identifiers: seller ? identifiers.filter((id) => id.scheme !== SEPA_CREDITOR_SCHEME) : identifiers,
      address: address(c.one(p, 'cac:PostalAddress')),
      vatId,
      taxRegistrationId,
      legalRegistration: legalId === undefined || legalId.text.trim() === '' ? undefined : withoutUndefined({ id: legalId.text.trim(), scheme: legalId.attrs.schemeID?.trim() }),
      contact: contact !== undefined && Object.keys(contact).length > 0 ? contact : undefined,
    });
  };

  const sellerElement = c.one(root, 'cac:AccountingSupplierParty');
  const creditorId = sellerElement === undefined ? undefined
    : c.all(sellerElement, 'cac:Party/cac:PartyIdentification/cbc:ID').find((e) => e.attrs.schemeID?.trim() === SEPA_CREDITOR_SCHEME)?.text.trim();
  const meansElement = c.one(root, 'cac:PaymentMeans');
  const paymentMeans = meansElement === undefined ? undefined : (() => {
    const code = c.one(meansElement, 'cbc:PaymentMeansCode');
    const account = c.one(meansElement, 'cac:PayeeFinancialAccount');
    const card = c.one(meansElement, 'cac:CardAccount');
    return withoutUndefined({
      code: code?.text.trim(),
      text: code?.attrs.name?.trim(),
      remittanceInformation: text(meansElement, 'cbc:PaymentID'),
      instructions: text(meansElement, 'cbc:InstructionNote'),
      account: account === undefined ? undefined : withoutUndefined({
        id: text(account, 'cbc:ID') ?? '',
        name: text(account, 'cbc:Name'),
        serviceProvider: text(account, 'cac:FinancialInstitutionBranch/cbc:ID'),
        bankName: text(account, 'cac:FinancialInstitutionBranch/cbc:Name'),
      }),
      card: card === undefined ? undefined : withoutUndefined({ number: text(card, 'cbc:PrimaryAccountNumberID') ?? '', network: text(card, 'cbc:NetworkID'), holder: text(card, 'cbc:HolderName') }),
      mandateReference: text(meansElement, 'cac:PaymentMandate/cbc:ID'),
      creditorId,
      debtorAccount: text(meansElement, 'cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID'),
    });
  })();
  const dueDate = creditNote ? (meansElement === undefined ? undefined : text(meansElement, 'cbc:PaymentDueDate')) : text(root, 'cbc:DueDate');

  const delivery = c.one(root, 'cac:Delivery');
  const projectReference = creditNote
    ? c.all(root, 'cac:AdditionalDocumentReference').find((r) => text(r, 'cbc:DocumentTypeCode') === PROJECT_DOCUMENT_TYPE)
    : undefined;
  const billing = c.one(root, 'cac:BillingReference/cac:InvoiceDocumentReference');
  const taxTotal = c.all(root, 'cac:TaxTotal');
  // BT-110 is the TaxTotal with subtotals, in the document currency; BT-111 the other one.
  const currency = text(root, 'cbc:DocumentCurrencyCode');
  const taxAmounts = taxTotal.map((t) => c.one(t, 'cbc:TaxAmount'));
  const inCurrency = taxAmounts.find((a) => a !== undefined && (a.attrs.currencyID ?? currency) === currency);
  const inAccounting = taxAmounts.find((a) => a !== undefined && a !== inCurrency);
  const monetary = c.one(root, 'cac:LegalMonetaryTotal');
  const total = (name: string) => (monetary === undefined ? undefined : text(monetary, `cbc:${name}`));

  const lines = c.all(root, creditNote ? 'cac:CreditNoteLine' : 'cac:InvoiceLine').map((line): ReceivedLine => {
    const quantity = c.one(line, creditNote ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity');
    const adjustments = c.all(line, 'cac:AllowanceCharge').map(allowanceCharge);
    const item = c.one(line, 'cac:Item');
    const price = c.one(line, 'cac:Price');
    const itemCategory = item === undefined ? undefined : c.one(item, 'cac:ClassifiedTaxCategory');
    if (itemCategory !== undefined) c.all(itemCategory, 'cac:TaxScheme/cbc:ID');
    const priceAllowance = price === undefined ? undefined : c.one(price, 'cac:AllowanceCharge');
    if (priceAllowance !== undefined) c.all(priceAllowance, 'cbc:ChargeIndicator');
    return withoutUndefined({
      id: text(line, 'cbc:ID'),
      note: text(line, 'cbc:Note'),
      period: period(c.one(line, 'cac:InvoicePeriod')),
      quantity: quantity?.text.trim(),
      unitCode: quantity?.attrs.unitCode?.trim(),
      net: text(line, 'cbc:LineExtensionAmount'),
      allowances: adjustments.filter((a) => !a.charge),
      charges: adjustments.filter((a) => a.charge),
      name: item === undefined ? undefined : text(item, 'cbc:Name'),
      description: item === undefined ? undefined : text(item, 'cbc:Description'),
      sellerItemId: item === undefined ? undefined : text(item, 'cac:SellersItemIdentification/cbc:ID'),
      category: category(itemCategory),
      price: price === undefined ? undefined : text(price, 'cbc:PriceAmount'),
      baseQuantity: price === undefined ? undefined : text(price, 'cbc:BaseQuantity'),
      priceDiscount: priceAllowance === undefined ? undefined : text(priceAllowance, 'cbc:Amount'),
    });
  });

  const invoice: Omit<ReceivedInvoice, 'unread'> = withoutUndefined({
    specificationId: text(root, 'cbc:CustomizationID'),
    businessProcessId: text(root, 'cbc:ProfileID'),
    number: text(root, 'cbc:ID'),
    issueDate: text(root, 'cbc:IssueDate'),
    dueDate,
    typeCode: text(root, creditNote ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode'),
    currency,
    notes: c.all(root, 'cbc:Note').map((n) => n.text.trim()).filter((n) => n !== ''),
    buyerReference: text(root, 'cbc:BuyerReference'),
    orderReference: text(root, 'cac:OrderReference/cbc:ID'),
    contractReference: text(root, 'cac:ContractDocumentReference/cbc:ID'),
    projectReference: creditNote ? (projectReference === undefined ? undefined : text(projectReference, 'cbc:ID')) : text(root, 'cac:ProjectReference/cbc:ID'),
    billingReference: billing === undefined ? undefined : withoutUndefined({ number: text(billing, 'cbc:ID') ?? '', date: text(billing, 'cbc:IssueDate') }),
    invoicePeriod: period(c.one(root, 'cac:InvoicePeriod')),
    seller: party(sellerElement, true),
    buyer: party(c.one(root, 'cac:AccountingCustomerParty'), false),
    delivery: delivery === undefined ? undefined : withoutUndefined({
      date: text(delivery, 'cbc:ActualDeliveryDate'),
      address: address(c.one(delivery, 'cac:DeliveryLocation/cac:Address')),
      name: text(delivery, 'cac:DeliveryParty/cac:PartyName/cbc:Name'),
    }),
    paymentMeans,
    paymentTerms: text(root, 'cac:PaymentTerms/cbc:Note'),
    allowanceCharges: c.all(root, 'cac:AllowanceCharge').map(allowanceCharge),
    vatBreakdown: taxTotal.flatMap((t) => c.all(t, 'cac:TaxSubtotal')).map((s) => {
      const categoryElement = c.one(s, 'cac:TaxCategory');
      if (categoryElement !== undefined) c.all(categoryElement, 'cac:TaxScheme/cbc:ID');
      return withoutUndefined({
        taxable: text(s, 'cbc:TaxableAmount'),
        tax: text(s, 'cbc:TaxAmount'),
        category: withoutUndefined({
          ...category(categoryElement),
          exemptionCode: categoryElement === undefined ? undefined : text(categoryElement, 'cbc:TaxExemptionReasonCode'),
          exemptionReason: categoryElement === undefined ? undefined : text(categoryElement, 'cbc:TaxExemptionReason'),
          name: categoryElement === undefined ? undefined : text(categoryElement, 'cbc:Name'),
        }),
      });
    }),
    totals: withoutUndefined({
      lineExtension: total('LineExtensionAmount'),
      allowanceTotal: total('AllowanceTotalAmount'),
      chargeTotal: total('ChargeTotalAmount'),
      taxExclusive: total('TaxExclusiveAmount'),
      taxTotal: inCurrency?.text.trim(),
      taxTotalAccounting: inAccounting?.text.trim(),
      taxInclusive: total('TaxInclusiveAmount'),
      prepaid: total('PrepaidAmount'),
      rounding: total('PayableRoundingAmount'),
      payable: total('PayableAmount'),
    }),
    lines,
  });
  c.all(root, 'cbc:UBLVersionID');
  const unread = c.unread(root).map(({ path, value }) => ({ term: termOfPath('ubl', path), path, value }));
  return { ...invoice, unread };
}
