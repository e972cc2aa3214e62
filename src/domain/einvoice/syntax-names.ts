/**
 * The names both directions of a syntax use: the namespaces of UBL 2.1 and CII D16B, and the codes
 * by which EN 16931's bindings place a term where the syntax has no element of its own. The writers
 * write them and the readers (src/domain/inspect/) look for them, so they are stated once.
 */
export const UBL_INVOICE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
export const UBL_CREDIT_NOTE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2';
export const UBL_CAC_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
export const UBL_CBC_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
export const CII_RSM_NS = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';
export const CII_RAM_NS = 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100';
export const CII_QDT_NS = 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100';
export const CII_UDT_NS = 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100';

/** UNTDID 1001 code of a project reference, where a UBL CreditNote carries BT-11. */
export const PROJECT_DOCUMENT_TYPE = '50';
/** BT-90 sits in the seller's identifiers with this scheme (EN 16931's UBL binding). */
export const SEPA_CREDITOR_SCHEME = 'SEPA';
/** UNTDID 4451 "payment information": the CII note that carries payment instructions. */
export const PAYMENT_NOTE_SUBJECT = 'PMT';
