import { AppError } from '../../errors/app-error.ts';
import type { InvoiceRequest } from './invoice-request-schema.ts';

/**
 * A credit note credits the buyer, so it carries no way to pay: a payment QR on one (a SEPA code
 * for the credited amount, say) would ask the buyer to pay what they are owed. Refused before
 * anything is computed or drawn. The rest of `payment` is echoed in the JSON as sent and simply
 * not printed; a QR of the hosted link, which shows the document, is still printed.
 */
export function checkCreditNotePayment(request: InvoiceRequest): void {
  if (request.document_type !== 'credit_note' || request.payment?.qr === undefined) return;
  throw new AppError(
    'validation_error',
    'payment.qr cannot be sent with document_type "credit_note": a credit note asks for no payment, so it prints no payment QR; leave payment.qr out (a QR of the hosted link is still printed when features.qr is on)',
  );
}
