import { AppError } from '../../errors/app-error.ts';
import type { QrType } from '../invoice/catalog.ts';
import { buildSepaPayload, type SepaAccount } from './build-sepa-payload.ts';
import { assertQrType, checkQrPayload } from './check-qr-payload.ts';

/** The payment block as far as the QR is concerned; the request's Payment fits it. */
export interface QrPayment extends SepaAccount {
  readonly qr?: { readonly type: string; readonly value?: string | undefined } | undefined;
}

export interface InvoiceQrInput {
  readonly payment: QrPayment | undefined;
  /** features.qr after defaults (D14): true when authenticated unless turned off. */
  readonly featuresQr: boolean;
  /** The hosted link's URL when one was created for this invoice. */
  readonly hostedUrl: string | undefined;
  readonly balanceDue: number;
  readonly currency: string;
  readonly invoiceNumber: string;
}

/** What the PDF's QR encodes; `source` and `type` are what the response reports (interface: qr). */
export interface InvoiceQr {
  readonly source: 'payment' | 'hosted_link';
  readonly type: QrType;
  readonly payload: string;
}

/**
 * D25: with features.qr on, the PDF carries a QR of payment.qr when given, else of the hosted
 * link when there is one, else none. payment.qr is checked here (invalid_qr_type,
 * validation_error) and a sepa QR without a value is built from the payment block.
 *
 * With features.qr off nothing is checked and undefined is returned: payment.qr then has no
 * effect on the output, and a half-filled payment block must not fail an invoice that shows no
 * QR. The hosted link is our own URL, so it is not run through the url checks.
 */
export function resolveInvoiceQr(input: InvoiceQrInput): InvoiceQr | undefined {
  if (!input.featuresQr) return undefined;
  const qr = input.payment?.qr;
  if (qr !== undefined) {
    const { type, value } = qr;
    assertQrType(type);
    if (value !== undefined) {
      checkQrPayload(type, value);
      return { source: 'payment', type, payload: value };
    }
    if (type !== 'sepa') {
      throw new AppError('validation_error', `payment.qr.value is required for type ${type}; send the payload (only sepa can be built from the payment block)`);
    }
    const payload = buildSepaPayload({
      payment: input.payment ?? {},
      balanceDue: input.balanceDue,
      currency: input.currency,
      invoiceNumber: input.invoiceNumber,
    });
    return { source: 'payment', type, payload };
  }
  if (input.hostedUrl !== undefined) return { source: 'hosted_link', type: 'url', payload: input.hostedUrl };
  return undefined;
}
