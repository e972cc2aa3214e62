import { buildEInvoice } from '../../domain/einvoice/build-einvoice.ts';
import { writtenRulesOf } from '../../domain/einvoice/check-einvoice-profile.ts';
import type { EInvoice } from '../../domain/einvoice/einvoice.ts';
import type { DocumentRules } from '../../domain/einvoice/profiles.ts';
import { computeEInvoiceAmounts, type EInvoiceAmounts } from '../../domain/einvoice/compute-einvoice-amounts.ts';
import type { MeteredOutput } from '../../domain/limits/document-cost.ts';
import type { Output } from '../../domain/invoice/catalog.ts';
import type { Invoice } from '../../domain/invoice/invoice-schema.ts';
import { isAppError, type AppError } from '../../errors/app-error.ts';
import type { DocumentFormat, DocumentPorts, DocumentSource } from './document-format.ts';

/** What sets one e-invoice syntax apart: its output, its writer and its error. */
export interface EInvoiceSyntax {
  readonly output: Output & MeteredOutput;
  readonly write: (document: EInvoice) => string;
  /** The 500 a failure answers, without internals. */
  readonly failed: () => AppError;
}

/** Writes the XML of the numbered invoice. */
export type EInvoiceXmlWriter = (source: DocumentSource) => string;

/**
 * An e-invoice document under the rules it claims, in two steps: the amounts, which are what can
 * fail, now, before the account's number is drawn, so a failure uses up no number; the XML later,
 * from the numbered invoice. A failure (a writer refuses to write an empty element, among others)
 * is the syntax's error without internals; the ports are told why. A CII file and the CII inside
 * a hybrid PDF are both written here, so they are the same bytes for the same request.
 */
export function prepareEInvoiceXml(syntax: EInvoiceSyntax, invoice: Invoice, ports: DocumentPorts, rulesOf: () => DocumentRules): EInvoiceXmlWriter {
  let amounts: EInvoiceAmounts;
  let rules: DocumentRules;
  try {
    amounts = computeEInvoiceAmounts(invoice);
    rules = rulesOf();
  } catch (error) {
    // A refusal of the request (the pre-flight's) stands; anything else is the syntax's failure.
    if (isAppError(error)) throw error;
    ports.onFailure((error as Error).message);
    throw syntax.failed();
  }
  return (source) => {
    try {
      return syntax.write(buildEInvoice(source.invoice, amounts, rules));
    } catch (error) {
      ports.onFailure((error as Error).message);
      throw syntax.failed();
    }
  };
}

/**
 * An e-invoice document (UBL, CII) as the answer, written in process, under the rules the
 * pre-flight settled (writtenRulesOf): the profile's, or for UBL asked for without a profile and
 * short of EN 16931's data, none (a plain UBL 2.1 document; the pre-flight's warning says so).
 * Both syntaxes answer application/xml as invoice.xml.
 */
export function eInvoiceFormat(syntax: EInvoiceSyntax): DocumentFormat {
  return {
    output: syntax.output,
    meteredAs: syntax.output,
    printsImages: false,
    servesHostedLink: false,
    prepare: (invoice, ports) => {
      const write = prepareEInvoiceXml(syntax, invoice, ports, () => writtenRulesOf(invoice, syntax.output));
      return {
        file: { mediaType: 'application/xml; charset=utf-8', fileName: 'invoice.xml' },
        write: async (source) => write(source),
      };
    },
  };
}
