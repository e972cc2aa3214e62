import { AppError } from '../../errors/app-error.ts';
import { QR_TYPES, type QrType } from '../invoice/catalog.ts';
import { checkEmvPayload } from './check-emv-payload.ts';
import { checkSepaPayload } from './check-sepa-payload.ts';
import { checkTextPayload } from './check-text-payload.ts';
import { checkUpiPayload } from './check-upi-payload.ts';
import { checkUrlPayload } from './check-url-payload.ts';

export function isQrType(type: string): type is QrType {
  return (QR_TYPES as readonly string[]).includes(type);
}

/**
 * D25: a QR type outside the six is invalid_qr_type. The request schema already refuses it; this
 * is the backstop for callers that reach the domain another way.
 */
export function assertQrType(type: string): asserts type is QrType {
  if (!isQrType(type)) {
    throw new AppError(
      'invalid_qr_type',
      `payment.qr.type ${JSON.stringify(type.slice(0, 40))} is not a QR type; send one of ${QR_TYPES.join(', ')}`,
    );
  }
}

/**
 * Refuses a payment.qr.value that the chosen type's readers could not use, with a
 * validation_error naming payment.qr.value and the fix. Every value that passes fits a QR
 * symbol at error-correction level M, so rendering it cannot fail for size.
 */
export function checkQrPayload(type: string, value: string): void {
  assertQrType(type);
  switch (type) {
    case 'url': return checkUrlPayload(value);
    case 'upi': return checkUpiPayload(value);
    case 'pix': return checkEmvPayload('pix', value);
    case 'promptpay': return checkEmvPayload('promptpay', value);
    case 'sepa': return checkSepaPayload(value);
    case 'text': return checkTextPayload(value);
  }
}
