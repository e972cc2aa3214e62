import { imageError, type ImageField } from './image-error.ts';
import { MAX_IMAGE_BYTES } from '../domain/images/image-limits.ts';

const DATA_URI_PREFIX = /^data:image\/(?:png|jpeg|jpg);base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** Base64 characters that can hold at most MAX_IMAGE_BYTES; checked before decoding anything. */
const MAX_BASE64_CHARS = Math.ceil(MAX_IMAGE_BYTES / 3) * 4;

/**
 * The bytes of a `data:image/png|jpeg|jpg;base64,` URI. The declared type only gates the syntax:
 * the bytes are identified later by their magic numbers, never by this label. Base64 is strict (no
 * whitespace, no URL-safe alphabet, canonical padding), because Node's decoder silently skips what
 * it does not understand and would accept garbage.
 */
export function decodeDataUri(source: string, field: ImageField): Buffer {
  const prefix = DATA_URI_PREFIX.exec(source);
  if (prefix === null) {
    throw imageError(field, 'must be a data:image/png;base64, or data:image/jpeg;base64, URI, or an https:// URL; other image types are not accepted: convert the image to PNG or JPEG');
  }
  const payload = source.slice(prefix[0].length);
  if (payload.length > MAX_BASE64_CHARS) throw tooLarge(field);
  if (payload.length === 0 || payload.length % 4 !== 0 || !BASE64.test(payload)) {
    throw imageError(field, 'is not valid base64 after "base64,": send the image bytes encoded with standard base64 (A–Z, a–z, 0–9, +, /, = padding), without spaces or line breaks');
  }
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.toString('base64') !== payload) {
    throw imageError(field, 'is not valid base64 after "base64,": its padding is wrong; encode the image bytes again with a standard base64 encoder');
  }
  if (bytes.length > MAX_IMAGE_BYTES) throw tooLarge(field);
  return bytes;
}

function tooLarge(field: ImageField) {
  return imageError(field, `is larger than 2.5 MB (${MAX_IMAGE_BYTES} bytes) once decoded: send a smaller PNG or JPEG`);
}
