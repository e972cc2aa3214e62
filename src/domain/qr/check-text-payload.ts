import { AppError } from '../../errors/app-error.ts';
import { QR_VALUE_PATH } from './qr-value-path.ts';
import { utf8Length } from './utf8-length.ts';

/**
 * Counted in UTF-8 bytes, the unit the QR carries: 1000 bytes is 1000 Latin letters or about 330
 * CJK characters, and stays within what a printed QR of a few centimetres scans reliably (a
 * limit in characters would let CJK text overflow even the largest QR symbol).
 */
export const MAX_QR_TEXT_BYTES = 1000;

/** A text value is any text that is not blank, within the size bound. */
export function checkTextPayload(value: string): void {
  if (value.trim() === '') {
    throw new AppError('validation_error', `${QR_VALUE_PATH} is blank; send the text the QR should carry`);
  }
  const bytes = utf8Length(value);
  if (bytes > MAX_QR_TEXT_BYTES) {
    throw new AppError('validation_error', `${QR_VALUE_PATH} is ${bytes} bytes in UTF-8; send at most ${MAX_QR_TEXT_BYTES} (about ${MAX_QR_TEXT_BYTES} Latin or ${Math.floor(MAX_QR_TEXT_BYTES / 3)} CJK characters)`);
  }
}
