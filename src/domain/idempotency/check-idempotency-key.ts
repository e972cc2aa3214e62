import { AppError } from '../../errors/app-error.ts';

export const MAX_IDEMPOTENCY_KEY_CHARS = 255;

/** D23: 1 to 255 printable ASCII characters (space to tilde). */
const KEY_SHAPE = /^[\x20-\x7e]{1,255}$/;

/**
 * An idempotency key's value, checked; a bad one is a 400 that says what fits, naming the key as
 * the caller sent it (`subject`: the HTTP header, or a tool's argument). `occurrences` is how
 * many header lines carried it: Node joins repeated lines into one value ("a, b"), so only the
 * raw headers tell two keys from one key containing a comma.
 */
export function checkIdempotencyKey(raw: string | string[], occurrences = 1, subject = 'The Idempotency-Key header'): string {
  const value = Array.isArray(raw) || occurrences > 1 ? undefined : raw;
  if (value === undefined || !KEY_SHAPE.test(value)) {
    const shown = value === undefined ? 'sent more than once' : value.length === 0 ? 'empty' : value.length > MAX_IDEMPOTENCY_KEY_CHARS ? `${value.length} characters long` : 'not printable ASCII';
    throw new AppError('validation_error', `${subject} is ${shown}: send one key of 1 to ${MAX_IDEMPOTENCY_KEY_CHARS} printable ASCII characters, for example a UUID, and the same key again only to repeat the same request.`);
  }
  return value;
}
