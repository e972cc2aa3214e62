import { parseXmlTree, XmlTreeError, type XmlTreeElement } from './parse-xml-tree.ts';
import { readCiiInvoice } from './read-cii-invoice.ts';
import { readUblInvoice } from './read-ubl-invoice.ts';
import { checksFor, profileOfSpecification, syntaxOfRoot, type CheckName, type ReceivedProfile, type ReceivedSyntax } from './received-document.ts';
import type { ReceivedInvoice } from './received-invoice.ts';

/** Bounds on a received document's tree: far beyond any real e-invoice (UBL nests about 8 deep). */
export const RECEIVED_XML_LIMITS = { maxDepth: 64, maxElements: 400_000 } as const;

/** What the reader made of a received XML text before any rule ran. */
export type Examination =
  | { readonly kind: 'refused'; readonly reason: string }
  | {
    readonly kind: 'read';
    readonly syntax: ReceivedSyntax;
    /** The root element, which picks the schema. */
    readonly root: 'ubl-invoice' | 'ubl-credit-note' | 'cii';
    /** BT-3 is 381, or the root is a UBL CreditNote. */
    readonly creditNote: boolean;
    readonly specificationId: string | null;
    readonly profile: ReceivedProfile | null;
    readonly checks: readonly CheckName[];
    readonly invoice: ReceivedInvoice;
  };

/**
 * Parses a received XML text (its prolog already scanned: no DOCTYPE), tells its syntax by the
 * root and its profile by the specification identifier, and reads it into EN 16931's terms.
 */
export function examineDocument(xml: string, inPdf: boolean): Examination {
  let root: XmlTreeElement;
  try {
    root = parseXmlTree(xml, RECEIVED_XML_LIMITS);
  } catch (error) {
    if (error instanceof XmlTreeError) return { kind: 'refused', reason: `The XML is not well-formed: ${error.message}.` };
    throw error;
  }
  const root_ = syntaxOfRoot(root.ns, root.name);
  if (root_ === undefined) {
    return { kind: 'refused', reason: `The root element is {${root.ns}}${root.name}, which is neither a UBL 2.1 Invoice or CreditNote nor a CII D16B CrossIndustryInvoice.` };
  }
  const invoice = root_.syntax === 'ubl' ? readUblInvoice(root) : readCiiInvoice(root);
  const profile = profileOfSpecification(invoice.specificationId, inPdf);
  return {
    kind: 'read',
    syntax: root_.syntax,
    root: root_.syntax === 'cii' ? 'cii' : root_.creditNote ? 'ubl-credit-note' : 'ubl-invoice',
    creditNote: root_.creditNote || invoice.typeCode === '381',
    specificationId: invoice.specificationId ?? null,
    profile,
    checks: checksFor(root_.syntax, profile),
    invoice,
  };
}
