import type { ReceivedSyntax } from './received-document.ts';

/**
 * The business terms a reader does not carry, by the path where each syntax puts them (EN 16931-3-2
 * and -3-3), so that an unread element is reported with its term. Paths are from the root,
 * positions left out; an element not listed is reported by its path alone.
 */
const UBL_TERMS: Readonly<Record<string, string>> = {
  '/cbc:TaxPointDate': 'BT-7',
  '/cbc:TaxCurrencyCode': 'BT-6',
  '/cbc:AccountingCost': 'BT-19',
  '/cac:InvoicePeriod/cbc:DescriptionCode': 'BT-8',
  '/cac:OrderReference/cbc:SalesOrderID': 'BT-14',
  '/cac:ReceiptDocumentReference/cbc:ID': 'BT-15',
  '/cac:DespatchDocumentReference/cbc:ID': 'BT-16',
  '/cac:OriginatorDocumentReference/cbc:ID': 'BT-17',
  '/cac:AdditionalDocumentReference/cbc:ID': 'BT-122',
  '/cac:AdditionalDocumentReference/cbc:DocumentDescription': 'BT-123',
  '/cac:AdditionalDocumentReference/cac:Attachment/cac:ExternalReference/cbc:URI': 'BT-124',
  '/cac:AdditionalDocumentReference/cac:Attachment/cbc:EmbeddedDocumentBinaryObject': 'BT-125',
  '/cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyLegalForm': 'BT-33',
  '/cac:PayeeParty/cac:PartyName/cbc:Name': 'BT-59',
  '/cac:PayeeParty/cac:PartyIdentification/cbc:ID': 'BT-60',
  '/cac:PayeeParty/cac:PartyLegalEntity/cbc:CompanyID': 'BT-61',
  '/cac:TaxRepresentativeParty/cac:PartyName/cbc:Name': 'BT-62',
  '/cac:TaxRepresentativeParty/cac:PartyTaxScheme/cbc:CompanyID': 'BT-63',
  '/cac:Delivery/cac:DeliveryLocation/cbc:ID': 'BT-71',
  '/cac:InvoiceLine/cbc:AccountingCost': 'BT-133',
  '/cac:InvoiceLine/cac:OrderLineReference/cbc:LineID': 'BT-132',
  '/cac:InvoiceLine/cac:DocumentReference/cbc:ID': 'BT-128',
  '/cac:InvoiceLine/cac:Item/cac:BuyersItemIdentification/cbc:ID': 'BT-156',
  '/cac:InvoiceLine/cac:Item/cac:StandardItemIdentification/cbc:ID': 'BT-157',
  '/cac:InvoiceLine/cac:Item/cac:CommodityClassification/cbc:ItemClassificationCode': 'BT-158',
  '/cac:InvoiceLine/cac:Item/cac:OriginCountry/cbc:IdentificationCode': 'BT-159',
  '/cac:InvoiceLine/cac:Item/cac:AdditionalItemProperty/cbc:Name': 'BT-160',
  '/cac:InvoiceLine/cac:Item/cac:AdditionalItemProperty/cbc:Value': 'BT-161',
  '/cac:InvoiceLine/cac:Price/cbc:BaseQuantity': 'BT-149',
  '/cac:InvoiceLine/cac:Price/cac:AllowanceCharge/cbc:BaseAmount': 'BT-148',
};

const CII_TERMS: Readonly<Record<string, string>> = {
  '/rsm:ExchangedDocumentContext/ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID': 'BT-23',
  '/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:TaxCurrencyCode': 'BT-6',
  '/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:ReceivableSpecifiedTradeAccountingAccount/ram:ID': 'BT-19',
  '/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerOrderReferencedDocument/ram:IssuerAssignedID': 'BT-14',
  '/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeDelivery/ram:ReceivingAdviceReferencedDocument/ram:IssuerAssignedID': 'BT-15',
  '/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeDelivery/ram:DespatchAdviceReferencedDocument/ram:IssuerAssignedID': 'BT-16',
  '/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:AdditionalReferencedDocument/ram:IssuerAssignedID': 'BT-122',
  '/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty/ram:Description': 'BT-33',
  '/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:PayeeTradeParty/ram:Name': 'BT-59',
  '/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTaxRepresentativeTradeParty/ram:Name': 'BT-62',
  '/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedTradeProduct/ram:BuyerAssignedID': 'BT-156',
  '/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedTradeProduct/ram:GlobalID': 'BT-157',
  '/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedTradeProduct/ram:DesignatedProductClassification/ram:ClassCode': 'BT-158',
  '/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedTradeProduct/ram:OriginTradeCountry/ram:ID': 'BT-159',
  '/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedTradeProduct/ram:ApplicableProductCharacteristic/ram:Description': 'BT-160',
  '/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedTradeProduct/ram:ApplicableProductCharacteristic/ram:Value': 'BT-161',
  '/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeAgreement/ram:GrossPriceProductTradePrice/ram:ChargeAmount': 'BT-148',
  '/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:BasisQuantity': 'BT-149',
};

export function termOfPath(syntax: ReceivedSyntax, path: string): string | null {
  const table = syntax === 'ubl' ? UBL_TERMS : CII_TERMS;
  // A CreditNote's lines and its parts use the same terms as an Invoice's.
  return table[path.replace('/cac:CreditNoteLine/', '/cac:InvoiceLine/')] ?? null;
}
