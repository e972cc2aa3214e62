import type { WebhookAttempt } from '../../../clients/typescript/src/operation-types.ts';

/** Why an attempt got no HTTP answer, in words a receiver's owner can act on. */
const FAILURES: Readonly<Record<NonNullable<WebhookAttempt['failure']>, string>> = {
  timeout: 'no answer in time',
  non_public_address: 'refused: the host resolves to a non-public address',
  dns: 'the host name did not resolve',
  tls: 'TLS failed (certificate or handshake)',
  connection: 'the connection failed',
  invalid_url: 'the URL is not valid',
};

/** An attempt's outcome: its HTTP status, or why there was none (status 0). */
export function describeAttempt(attempt: WebhookAttempt): string {
  if (attempt.status !== 0) return `HTTP ${attempt.status}`;
  return attempt.failure === null ? 'no answer' : FAILURES[attempt.failure];
}
