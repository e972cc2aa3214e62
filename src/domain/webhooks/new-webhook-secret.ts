import { randomBytes } from 'node:crypto';

/** D28: `whsec_` + 32 random bytes as base64url (43 characters). */
export const WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9_-]{43}$/;

export interface WebhookSecret {
  readonly secret: string;
  /** The last 4 characters, the only part shown after creation. */
  readonly hint: string;
}

export function newWebhookSecret(): WebhookSecret {
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  return { secret, hint: secret.slice(-4) };
}
