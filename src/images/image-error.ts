import { AppError } from '../errors/app-error.ts';

/** Which request field an image came from. */
export type ImageField = 'logo' | 'signature';

/**
 * The canonical path of each field (D16 names field paths; the logo is read from `from` only,
 * per the interface specification).
 */
const FIELD_PATHS: Readonly<Record<ImageField, string>> = {
  logo: 'from.logo',
  signature: 'signature',
};

/**
 * Every image failure is a validation_error whose message starts with the field path and ends with
 * the fix. `problem` must be safe to show: no addresses, no library messages.
 */
export function imageError(field: ImageField, problem: string): AppError {
  return new AppError('validation_error', `${FIELD_PATHS[field]} ${problem}`);
}

/**
 * One wording for the address guard, whether it trips on the DNS answer or on the socket. The
 * address itself is not shown: it may be an internal one the caller should learn nothing about.
 */
export function notPublicAddressError(field: ImageField): AppError {
  return imageError(field, 'points to a host that is not on the public internet (a loopback, private, link-local or other reserved address), which is never fetched: host the image on a public https server or send it as a data: URI');
}
