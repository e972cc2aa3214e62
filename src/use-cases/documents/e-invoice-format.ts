import { buildEInvoice } from '../../domain/einvoice/build-einvoice.ts';
import type { EInvoice } from '../../domain/einvoice/einvoice.ts';
import { profileOf, ruleProfileOf } from '../../domain/einvoice/profiles.ts';
import { computeEInvoiceAmounts, type EInvoiceAmounts } from '../../domain/einvoice/compute-einvoice-amounts.ts';
import type { MeteredOutput } from '../../domain/limits/document-cost.ts';
import type { Output } from '../../domain/invoice/catalog.ts';
import type { AppError } from '../../errors/app-error.ts';
import type { DocumentFormat } from './document-format.ts';

/** What sets one e-invoice syntax apart: its output, its writer and its error. */
export interface EInvoiceSyntax {
  readonly output: Output & MeteredOutput;
  readonly write: (document: EInvoice) => string;
  /** The 500 a failure answers, without internals (D16). */
  readonly failed: () => AppError;
}

/**
 * An EN 16931 document (UBL, CII), written in process. The amounts, which are what can fail, are
 * worked out before the account's number is drawn, so a failure uses up no number (D15); the XML
 * is written after, from the numbered invoice. Both syntaxes answer application/xml as
 * invoice.xml (D40). A failure is the syntax's error without internals; the ports are told why.
 */
export function eInvoiceFormat(syntax: EInvoiceSyntax): DocumentFormat {
  return {
    output: syntax.output,
    meteredAs: syntax.output,
    printsImages: false,
    servesHostedLink: false,
    prepare: (invoice, ports) => {
      let amounts: EInvoiceAmounts;
      try {
        amounts = computeEInvoiceAmounts(invoice);
      } catch (error) {
        ports.onFailure((error as Error).message);
        throw syntax.failed();
      }
      return {
        file: { mediaType: 'application/xml; charset=utf-8', fileName: 'invoice.xml' },
        write: async (source) => {
          try {
            // D32: the profile asked for (the request's pairing was checked before numbering), else en16931.
            const profile = ruleProfileOf(profileOf(syntax.output, source.invoice.profile) ?? 'en16931');
            return syntax.write(buildEInvoice(source.invoice, amounts, profile));
          } catch (error) {
            ports.onFailure((error as Error).message);
            throw syntax.failed();
          }
        },
      };
    },
  };
}
