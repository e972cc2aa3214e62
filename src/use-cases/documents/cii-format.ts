import { writeCii } from '../../domain/einvoice/write-cii.ts';
import { AppError } from '../../errors/app-error.ts';
import { eInvoiceFormat, type EInvoiceSyntax } from './e-invoice-format.ts';

/** UN/CEFACT Cross Industry Invoice D16B, EN 16931 (D32, docs/cii.md): a file, or inside a hybrid PDF (D40). */
export const ciiSyntax: EInvoiceSyntax = {
  output: 'cii',
  write: writeCii,
  failed: () => new AppError('cii_error', 'The CII document could not be built. Retry; if it fails again, send output "json" and report the request id.'),
};

/** output "cii". */
export const ciiFormat = eInvoiceFormat(ciiSyntax);
