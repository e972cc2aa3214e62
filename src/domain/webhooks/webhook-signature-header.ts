import { signWebhookBody } from './sign-webhook-body.ts';

/** How long after a rotation deliveries are signed with the previous secret too (below). */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 3_600_000;

/**
 * X-Service-Signature for these secrets, newest first: `sha256=<new>` alone, or during a
 * rotation's overlap `sha256=<new>,sha256=<old>`, so a receiver still configured with the old
 * secret keeps verifying until it is given the new one (docs/webhooks.md).
 */
export function webhookSignatureHeader(secrets: readonly string[], body: string | Uint8Array): string {
  return secrets.map((secret) => signWebhookBody(secret, body)).join(',');
}
