import { AppError } from '../../errors/app-error.ts';

/** Longer URLs are refused: they are stored, listed and sent on every delivery. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/**
 * The form of a webhook target (D28): an absolute https URL with a host, without credentials or
 * fragment. Where it points is checked next, against DNS (registerWebhook).
 */
export function checkWebhookUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw urlError('is not a valid absolute URL: send the full https:// address of your endpoint');
  }
  if (url.protocol !== 'https:') {
    throw urlError(url.protocol === 'http:'
      ? 'must use https://, not http://: deliveries carry invoices and are only sent over TLS'
      : `must be an https:// URL, not ${url.protocol}`);
  }
  if (url.username !== '' || url.password !== '') {
    throw urlError('must not contain a user name or password: deliveries are authenticated by their X-Service-Signature, so check that instead');
  }
  if (url.hash !== '' || text.includes('#')) {
    throw urlError('must not contain a fragment (#…): it is never sent to a server; remove it');
  }
  // Measured as stored and sent (percent-encoded), not as typed: "é" becomes 6 characters.
  if (url.href.length > MAX_WEBHOOK_URL_LENGTH) {
    throw urlError(`is ${url.href.length} characters long once percent-encoded; at most ${MAX_WEBHOOK_URL_LENGTH} are accepted: use a shorter URL`);
  }
  return url;
}

export function urlError(problem: string): AppError {
  return new AppError('validation_error', `url ${problem}`);
}
