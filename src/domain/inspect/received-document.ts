import { CII_RSM_NS, UBL_CREDIT_NOTE_NS, UBL_INVOICE_NS } from '../einvoice/syntax-names.ts';
import { EN16931_SPECIFICATION, PEPPOL_SPECIFICATION, XRECHNUNG_SPECIFICATION } from '../documents/document-kinds.ts';

export type ReceivedSyntax = 'ubl' | 'cii';

/** The profile a received document claims by its specification identifier (BT-24). */
export type ReceivedProfile = 'en16931' | 'peppol' | 'xrechnung' | 'factur-x';

/** The official checks a received document is put through. */
export type CheckName = 'schema' | 'en16931' | 'peppol' | 'xrechnung';


/** The root elements an e-invoice may have, by namespace and local name. */
const ROOTS: ReadonlyMap<string, { readonly syntax: ReceivedSyntax; readonly creditNote: boolean }> = new Map([
  [`${UBL_INVOICE_NS} Invoice`, { syntax: 'ubl', creditNote: false }],
  [`${UBL_CREDIT_NOTE_NS} CreditNote`, { syntax: 'ubl', creditNote: true }],
  [`${CII_RSM_NS} CrossIndustryInvoice`, { syntax: 'cii', creditNote: false }],
]);

/** The syntax of a root element, or undefined for any root that is not an e-invoice's. */
export function syntaxOfRoot(namespace: string | undefined, localName: string): { readonly syntax: ReceivedSyntax; readonly creditNote: boolean } | undefined {
  return ROOTS.get(`${namespace ?? ''} ${localName}`);
}

/**
 * Factur-X's own identifiers. Its EN 16931 profile uses EN 16931's identifier itself, so a CII
 * document with that identifier is Factur-X only when it came inside a PDF.
 */
const FACTUR_X_PREFIXES: readonly string[] = ['urn:factur-x.eu:', 'urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:', 'urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:', 'urn:zugferd.de:'];

/**
 * The profile a specification identifier claims. XRechnung's extension ("#conformant#…extension")
 * still starts with the CIUS's identifier. An identifier no profile here knows is null: its
 * document is still checked against EN 16931, which every one of them builds on.
 */
export function profileOfSpecification(specificationId: string | undefined, inPdf: boolean): ReceivedProfile | null {
  if (specificationId === undefined) return null;
  const id = specificationId.trim();
  if (id.startsWith(XRECHNUNG_SPECIFICATION)) return 'xrechnung';
  if (id === PEPPOL_SPECIFICATION) return 'peppol';
  if (FACTUR_X_PREFIXES.some((prefix) => id.startsWith(prefix))) return 'factur-x';
  if (id === EN16931_SPECIFICATION) return inPdf ? 'factur-x' : 'en16931';
  return null;
}

/**
 * The checks a document gets: its syntax's schema and the EN 16931 rules always, and the rules of
 * the CIUS it claims. Peppol BIS defines no CII syntax, so a CII document claiming it gets the
 * EN 16931 rules alone.
 */
export function checksFor(syntax: ReceivedSyntax, profile: ReceivedProfile | null): readonly CheckName[] {
  if (profile === 'xrechnung') return ['schema', 'en16931', 'xrechnung'];
  if (profile === 'peppol' && syntax === 'ubl') return ['schema', 'en16931', 'peppol'];
  return ['schema', 'en16931'];
}
