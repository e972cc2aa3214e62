import { writeUbl } from '../../domain/einvoice/write-ubl.ts';
import { AppError } from '../../errors/app-error.ts';
import { eInvoiceFormat } from './e-invoice-format.ts';

/**
 * output "ubl": OASIS UBL 2.1 Invoice or CreditNote, EN 16931 under its profile; asked for without
 * a profile and short of EN 16931's data, a plain UBL 2.1 document with a warning (docs/ubl.md).
 */
export const ublFormat = eInvoiceFormat({
  output: 'ubl',
  write: writeUbl,
  failed: () => new AppError('ubl_error', 'The UBL document could not be built. Retry; if it fails again, send output "json" and report the request id.'),
});
