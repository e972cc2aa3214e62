import { buildEInvoice, numberedEInvoice } from '../../domain/einvoice/build-einvoice.ts';
import type { EInvoice } from '../../domain/einvoice/einvoice.ts';
import { writeCii } from '../../domain/einvoice/write-cii.ts';
import { writeUbl } from '../../domain/einvoice/write-ubl.ts';
import type { DocumentKind, EInvoiceSyntax } from '../../domain/documents/document-kind.ts';
import { AppError } from '../../errors/app-error.ts';
import type { DocumentPorts, DocumentSource, PlannedDocument } from './document-maker.ts';

/** One writer per syntax: a new syntax is a writer here and its rows in the kinds table. */
const WRITERS: Readonly<Record<EInvoiceSyntax, (document: EInvoice) => string>> = { ubl: writeUbl, cii: writeCii };

/** Writes the XML of the numbered invoice. */
export type EInvoiceXmlWriter = (source: DocumentSource) => string;

/**
 * A kind's e-invoice XML in two steps: the EN 16931 document, which is what can fail, now, before
 * the account's number is drawn, so a failure uses up no number (the pre-flight's own, when it
 * built this kind); the XML later, under the number drawn. A failure (a writer refuses to write an
 * empty element, among others) is the syntax's error without internals; the ports are told why.
 * A CII file and the CII inside a hybrid PDF are both written here, so they are the same bytes
 * for the same request.
 */
export function prepareEInvoiceXml(kind: DocumentKind & { readonly syntax: EInvoiceSyntax }, planned: PlannedDocument, ports: DocumentPorts): EInvoiceXmlWriter {
  const failed = () => new AppError(`${kind.syntax}_error`, `The ${kind.syntax.toUpperCase()} document could not be built. Retry; if it fails again, send output "json" and report the request id.`);
  let document: EInvoice;
  try {
    document = planned.document ?? buildEInvoice(planned.invoice, planned.breakdown(), kind);
  } catch (error) {
    ports.onFailure((error as Error).message);
    throw failed();
  }
  return (source) => {
    try {
      return WRITERS[kind.syntax](numberedEInvoice(document, source.invoice.number));
    } catch (error) {
      ports.onFailure((error as Error).message);
      throw failed();
    }
  };
}
