import { buildUblInvoice } from '../domain/ubl/build-ubl-invoice.ts';
import { computeUblAmounts, type UblAmounts } from '../domain/ubl/compute-ubl-amounts.ts';
import { AppError } from '../errors/app-error.ts';
import type { Invoice } from '../domain/invoice/invoice-schema.ts';

const ublFailed = () => new AppError('ubl_error', 'The UBL document could not be built. Retry; if it fails again, send output "json" and report the request id.');

/**
 * output "ubl" in two steps around numbering (D15): the amounts, which are what can fail, are
 * worked out before the account's number is drawn, so a failure uses up no number; the XML is
 * written after. A failure is ubl_error without internals; `onFailure` is told why.
 */
export function prepareInvoiceUbl(invoice: Invoice, onFailure: (reason: string) => void): (numbered: Invoice) => string {
  let amounts: UblAmounts;
  try {
    amounts = computeUblAmounts(invoice);
  } catch (error) {
    onFailure((error as Error).message);
    throw ublFailed();
  }
  return (numbered) => {
    try {
      return buildUblInvoice(numbered, amounts);
    } catch (error) {
      onFailure((error as Error).message);
      throw ublFailed();
    }
  };
}
