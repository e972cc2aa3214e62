import type { DocumentKind, EInvoiceSyntax } from '../../domain/documents/document-kind.ts';
import { DOCUMENT_KINDS, type KindKey } from '../../domain/documents/document-kinds.ts';
import { pdfInput } from '../../domain/pdf/pdf-input.ts';
import type { DocumentMaker, DocumentPorts, PlannedDocument, PreparedDocument } from './document-maker.ts';
import { prepareEInvoiceXml } from './prepare-einvoice-xml.ts';

const written = (kind: DocumentKind): kind is DocumentKind & { readonly syntax: EInvoiceSyntax } => kind.syntax !== undefined;

/** A JSON answer: the computed invoice is the answer, there is no document to make. */
export const noDocument: DocumentMaker = () => undefined;

/**
 * A PDF, rendered by Typst on the worker pool. The same source gives the same render input, so a
 * hosted link renders what the generation rendered. A hybrid kind is PDF/A-3b carrying the CII
 * that output "cii" answers under the same rules, its amounts worked out before numbering like
 * the CII file's.
 */
export const makePdf: DocumentMaker = (kind, planned, ports) => {
  const writeXml = kind.hybrid !== undefined && written(kind) ? prepareEInvoiceXml(kind, planned, ports) : undefined;
  return {
    file: kind.file!,
    write: async (source) => {
      const einvoice = writeXml === undefined || kind.hybrid === undefined ? undefined : { xml: writeXml(source), hybrid: kind.hybrid };
      const input = pdfInput(source.invoice, source.images, source.qr, einvoice);
      return ports.pdfRenderer().render(input.view, input.assets, input.file);
    },
  };
};

/** An e-invoice (UBL, CII) as the answer, written in process under its kind's rules. */
export const makeEInvoiceXml: DocumentMaker = (kind, planned, ports) => {
  if (!written(kind)) throw new Error(`${kind.key} writes no syntax`);
  const write = prepareEInvoiceXml(kind, planned, ports);
  return { file: kind.file!, write: async (source) => write(source) };
};

/** One maker per kind, keyed by the kinds table's own keys, so a row without a maker does not compile. */
export const DOCUMENT_MAKERS: Readonly<Record<KindKey, DocumentMaker>> = {
  json: noDocument,
  'json+en16931': noDocument,
  'json+peppol': noDocument,
  'json+xrechnung': noDocument,
  'json+factur-x': noDocument,
  pdf: makePdf,
  'pdf+factur-x': makePdf,
  'pdf+xrechnung': makePdf,
  ubl: makeEInvoiceXml,
  'ubl+en16931': makeEInvoiceXml,
  'ubl+peppol': makeEInvoiceXml,
  'ubl+xrechnung': makeEInvoiceXml,
  'cii+en16931': makeEInvoiceXml,
  'cii+xrechnung': makeEInvoiceXml,
};

/** The kinds a service makes and how: the table and its makers, extended together. */
export interface DocumentCatalog {
  readonly kinds: readonly DocumentKind[];
  readonly makers: Readonly<Record<string, DocumentMaker>>;
}

export const DOCUMENT_CATALOG: DocumentCatalog = { kinds: DOCUMENT_KINDS, makers: DOCUMENT_MAKERS };

/**
 * The kind's document prepared by its maker; undefined for a JSON answer. `planned.document` is
 * used only when it was built as this kind (a hosted link's PDF may be another kind than the
 * answer's).
 */
export function prepareDocument(catalog: DocumentCatalog, kind: DocumentKind, planned: PlannedDocument & { readonly kind?: DocumentKind }, ports: DocumentPorts): PreparedDocument | undefined {
  const maker = catalog.makers[kind.key];
  if (maker === undefined) throw new Error(`no maker for the document kind ${kind.key}`);
  const own = planned.kind === undefined || planned.kind.key === kind.key ? planned.document : undefined;
  return maker(kind, { invoice: planned.invoice, breakdown: planned.breakdown, document: own }, ports);
}
