import { buildUblInvoice } from '../../domain/ubl/build-ubl-invoice.ts';
import { computeUblAmounts, type UblAmounts } from '../../domain/ubl/compute-ubl-amounts.ts';
import { AppError } from '../../errors/app-error.ts';
import type { DocumentFormat } from './document-format.ts';

const ublFailed = () => new AppError('ubl_error', 'The UBL document could not be built. Retry; if it fails again, send output "json" and report the request id.');

/**
 * output "ubl": OASIS UBL 2.1 Invoice, EN 16931 core (docs/ubl.md), written in process. The
 * amounts, which are what can fail, are worked out before the account's number is drawn, so a
 * failure uses up no number (D15); the XML is written after. A failure is ubl_error without
 * internals; the ports are told why.
 */
export const ublFormat: DocumentFormat = {
  output: 'ubl',
  meteredAs: 'ubl',
  printsImages: false,
  servesHostedLink: false,
  prepare: (invoice, ports) => {
    let amounts: UblAmounts;
    try {
      amounts = computeUblAmounts(invoice);
    } catch (error) {
      ports.onFailure((error as Error).message);
      throw ublFailed();
    }
    return {
      // Spec: output ubl answers UBL 2.1 Invoice XML as application/xml (docs/ubl.md).
      file: { mediaType: 'application/xml; charset=utf-8', fileName: 'invoice.xml' },
      write: async (source) => {
        try {
          return buildUblInvoice(source.invoice, amounts);
        } catch (error) {
          ports.onFailure((error as Error).message);
          throw ublFailed();
        }
      },
    };
  },
};
