import { AppError } from '../../errors/app-error.ts';
import { QR_VALUE_PATH } from './qr-value-path.ts';
import { utf8Length } from './utf8-length.ts';

/** A UPI intent is a few short parameters; this bound keeps the printed QR easy to scan. */
export const MAX_UPI_PAYLOAD_BYTES = 1000;

const UPI_PREFIX = 'upi://pay?';
/** NPCI virtual payment address: a user part, @, the PSP handle (okaxis, ybl, paytm …). */
const VPA = /^[A-Za-z0-9._-]{1,256}@[A-Za-z0-9.-]{2,64}$/;
const UPI_AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;

/**
 * A upi value is a `upi://pay?` URI with a payee address `pa`. Other parameters are checked
 * only where a wrong value would make a payer's app refuse or misread the code: the amount `am`
 * must be a plain decimal and the currency `cu`, when given, INR (UPI settles in rupees only).
 */
export function checkUpiPayload(value: string): void {
  const fail: (problem: string) => never = (problem) => {
    throw new AppError('validation_error', `${QR_VALUE_PATH} ${problem}`);
  };
  const bytes = utf8Length(value);
  if (bytes > MAX_UPI_PAYLOAD_BYTES) fail(`is ${bytes} bytes; send a UPI URI of at most ${MAX_UPI_PAYLOAD_BYTES}`);
  if (value.slice(0, UPI_PREFIX.length).toLowerCase() !== UPI_PREFIX) {
    fail('must be a UPI payment URI starting with upi://pay?, for example upi://pay?pa=shop@okaxis&pn=Shop&cu=INR');
  }
  const params = new URLSearchParams(value.slice(UPI_PREFIX.length));
  const payee = params.get('pa');
  if (payee === null || payee === '') {
    fail('has no payee address; add pa=<name@handle>, for example pa=shop@okaxis');
  }
  if (!VPA.test(payee)) {
    fail('has a pa that is not a UPI address; send it as name@handle, for example pa=shop@okaxis');
  }
  const amount = params.get('am');
  if (amount !== null && !UPI_AMOUNT.test(amount)) {
    fail('has an am that is not an amount; send a decimal number with at most 2 decimals, for example am=1250.00');
  }
  const currency = params.get('cu');
  if (currency !== null && currency !== 'INR') {
    fail('has a cu other than INR; UPI pays in rupees, send cu=INR or leave it out');
  }
}
