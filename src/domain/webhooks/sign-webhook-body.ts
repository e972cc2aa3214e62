import { createHmac } from 'node:crypto';

/**
 * Spec Authentication rule 6 and D28: `sha256=` + lower-case hex HMAC-SHA256 of the raw body
 * bytes, keyed with the whole secret string (prefix included) as UTF-8. Receivers must compute it
 * over the bytes they received, before any JSON parsing (docs/webhooks.md).
 */
export function signWebhookBody(secret: string, body: string | Uint8Array): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}
