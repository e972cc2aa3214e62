import { AppError } from '../../errors/app-error.ts';
import { QR_VALUE_PATH } from './qr-value-path.ts';

/** Longer URLs make a QR too dense to scan reliably from a printed page. */
export const MAX_QR_URL_CHARS = 2048;

/** Printable ASCII without spaces: what a URL looks like once percent-encoded. */
const URL_CHARACTERS = /^[\x21-\x7e]+$/;
const ABSOLUTE_HTTP = /^https?:\/\//i;

/**
 * A url value is an absolute http: or https: URL. The WHATWG parser is lenient (it drops
 * tabs and line breaks, trims spaces and reads `http:example.com` as `http://example.com/`), so
 * the text itself must already be in final form: the QR carries it exactly as sent, and a phone
 * may not be as forgiving. Requiring ASCII also keeps the payload within the QR's byte capacity.
 */
export function checkUrlPayload(value: string): void {
  if (value.length > MAX_QR_URL_CHARS) {
    throw new AppError('validation_error', `${QR_VALUE_PATH} is ${value.length} characters; send a URL of at most ${MAX_QR_URL_CHARS}`);
  }
  if (!URL_CHARACTERS.test(value)) {
    throw new AppError('validation_error', `${QR_VALUE_PATH} contains spaces, control or non-ASCII characters; send the URL percent-encoded, for example https://example.com/pay?ref=INV%2042`);
  }
  const url = ABSOLUTE_HTTP.test(value) ? URL.parse(value) : null;
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    throw new AppError('validation_error', `${QR_VALUE_PATH} is not an absolute http(s) URL; send one such as https://example.com/pay`);
  }
}
