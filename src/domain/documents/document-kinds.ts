import type { DocumentKind } from './document-kind.ts';

/** BT-24 of the EN 16931 core: Factur-X's EN 16931 profile uses it too. */
export const EN16931_SPECIFICATION = 'urn:cen.eu:en16931:2017';
export const PEPPOL_SPECIFICATION = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const XRECHNUNG_SPECIFICATION = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
/** Peppol BIS Billing 3.0's business process, which XRechnung's UBL and CII also require (PEPPOL-EN16931-R001). */
const PEPPOL_BILLING = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

const PDF_FILE = { mediaType: 'application/pdf', fileName: 'invoice.pdf' } as const;
/** Both XML syntaxes answer application/xml, as invoice.xml. */
const XML_FILE = { mediaType: 'application/xml; charset=utf-8', fileName: 'invoice.xml' } as const;

/**
 * Every kind of document, one row each, in the order the lists derived from it show (outputs,
 * profiles, error codes). A JSON answer with a profile is the pre-flight alone: the data checked
 * against every syntax the profile has. A PDF with factur-x or xrechnung is a hybrid carrying the
 * CII that output "cii" answers under the same rules. UBL and CII asked for without a profile are
 * EN 16931's; UBL alone falls back to a plain UBL 2.1 document when the data falls short of it.
 * A pre-flight row carries the identifiers of the documents it stands for, as its check builds one.
 */
export const DOCUMENT_KINDS = [
  { key: 'json', output: 'json', profile: undefined, checkedSyntaxes: [], acceptType: 'application/json', meteredAs: 'json', images: 'none' },
  { key: 'json+en16931', output: 'json', profile: 'en16931', rules: 'en16931', checkedSyntaxes: ['ubl', 'cii'], specificationId: EN16931_SPECIFICATION, meteredAs: 'json', images: 'none' },
  { key: 'json+peppol', output: 'json', profile: 'peppol', rules: 'peppol', checkedSyntaxes: ['ubl'], specificationId: PEPPOL_SPECIFICATION, businessProcessId: PEPPOL_BILLING, meteredAs: 'json', images: 'none' },
  { key: 'json+xrechnung', output: 'json', profile: 'xrechnung', rules: 'xrechnung', checkedSyntaxes: ['ubl', 'cii'], specificationId: XRECHNUNG_SPECIFICATION, businessProcessId: PEPPOL_BILLING, meteredAs: 'json', images: 'none' },
  { key: 'json+factur-x', output: 'json', profile: 'factur-x', rules: 'en16931', checkedSyntaxes: ['cii'], specificationId: EN16931_SPECIFICATION, meteredAs: 'json', images: 'none' },
  { key: 'pdf', output: 'pdf', profile: undefined, checkedSyntaxes: [], file: PDF_FILE, acceptType: 'application/pdf', errorCode: 'pdf_error', meteredAs: 'pdf', images: 'printed' },
  {
    key: 'pdf+factur-x', output: 'pdf', profile: 'factur-x', syntax: 'cii', rules: 'en16931', checkedSyntaxes: ['cii'], specificationId: EN16931_SPECIFICATION,
    hybrid: { fileName: 'factur-x.xml', conformanceLevel: 'EN 16931', title: 'Factur-X' },
    file: PDF_FILE, errorCode: 'pdf_error', meteredAs: 'pdf', images: 'printed-srgb',
  },
  {
    key: 'pdf+xrechnung', output: 'pdf', profile: 'xrechnung', syntax: 'cii', rules: 'xrechnung', checkedSyntaxes: ['cii'], specificationId: XRECHNUNG_SPECIFICATION, businessProcessId: PEPPOL_BILLING,
    hybrid: { fileName: 'xrechnung.xml', conformanceLevel: 'XRECHNUNG', title: 'XRechnung' },
    file: PDF_FILE, errorCode: 'pdf_error', meteredAs: 'pdf', images: 'printed-srgb',
  },
  {
    key: 'ubl', output: 'ubl', profile: undefined, fallbackOnly: true, syntax: 'ubl', rules: 'none', checkedSyntaxes: ['ubl'],
    file: XML_FILE, errorCode: 'ubl_error', meteredAs: 'ubl', images: 'none',
  },
  {
    key: 'ubl+en16931', output: 'ubl', profile: 'en16931', defaultOfOutput: true, fallback: 'ubl', syntax: 'ubl', rules: 'en16931', checkedSyntaxes: ['ubl'], specificationId: EN16931_SPECIFICATION,
    file: XML_FILE, acceptType: 'application/xml', errorCode: 'ubl_error', meteredAs: 'ubl', images: 'none',
  },
  {
    key: 'ubl+peppol', output: 'ubl', profile: 'peppol', syntax: 'ubl', rules: 'peppol', checkedSyntaxes: ['ubl'], specificationId: PEPPOL_SPECIFICATION, businessProcessId: PEPPOL_BILLING,
    file: XML_FILE, errorCode: 'ubl_error', meteredAs: 'ubl', images: 'none',
  },
  {
    key: 'ubl+xrechnung', output: 'ubl', profile: 'xrechnung', syntax: 'ubl', rules: 'xrechnung', checkedSyntaxes: ['ubl'], specificationId: XRECHNUNG_SPECIFICATION, businessProcessId: PEPPOL_BILLING,
    file: XML_FILE, errorCode: 'ubl_error', meteredAs: 'ubl', images: 'none',
  },
  {
    // CII has no registered media type, and application/xml already means UBL here: a vendor type
    // names it without a parameter that proxies and clients drop. The answer is application/xml.
    key: 'cii+en16931', output: 'cii', profile: 'en16931', defaultOfOutput: true, syntax: 'cii', rules: 'en16931', checkedSyntaxes: ['cii'], specificationId: EN16931_SPECIFICATION,
    file: XML_FILE, acceptType: 'application/vnd.uncefact.cii+xml', errorCode: 'cii_error', meteredAs: 'cii', images: 'none',
  },
  {
    key: 'cii+xrechnung', output: 'cii', profile: 'xrechnung', syntax: 'cii', rules: 'xrechnung', checkedSyntaxes: ['cii'], specificationId: XRECHNUNG_SPECIFICATION, businessProcessId: PEPPOL_BILLING,
    file: XML_FILE, errorCode: 'cii_error', meteredAs: 'cii', images: 'none',
  },
] as const satisfies readonly DocumentKind[];

type Row = (typeof DOCUMENT_KINDS)[number];

/** The key of every kind: the makers of the use-cases are a record over it. */
export type KindKey = Row['key'];

/** The request's `output`. */
export type Output = Row['output'];

/** The request's `profile`: the rules an e-invoice meets. */
export type Profile = Exclude<Row['profile'], undefined>;

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

export const OUTPUTS: readonly Output[] = unique(DOCUMENT_KINDS.map((k) => k.output));

export const PROFILES: readonly Profile[] = unique(DOCUMENT_KINDS.flatMap((k): Profile[] => (k.profile === undefined ? [] : [k.profile])));
