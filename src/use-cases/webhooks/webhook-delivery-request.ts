import type { OutgoingHttpHeaders } from 'node:http';
import { decryptSecret } from '../../domain/accounts/encrypt-secret.ts';
import { webhookSignatureHeader } from '../../domain/webhooks/webhook-signature-header.ts';
import type { PostOutcome } from '../../outbound/post-webhook.ts';
import type { WebhookAttemptsTable } from '../../storage/tables.ts';

/** A webhook's sealed secrets as stored (webhooks table). */
export interface SealedSecrets {
  readonly secret_ciphertext: string;
  readonly previous_secret_ciphertext: string | null;
  readonly previous_secret_expires_at: number | null;
}

/**
 * The secrets that sign a delivery now, newest first: the current one, and the previous one while
 * its 24 hours after a rotation last. Undefined when they cannot be opened: DATA_ENCRYPTION_KEY is
 * not the key they were sealed with.
 */
export function openSigningSecrets(sealed: SealedSecrets, webhookId: string, key: Buffer, nowMs: number): string[] | undefined {
  try {
    const secrets = [decryptSecret(sealed.secret_ciphertext, key, webhookId)];
    if (sealed.previous_secret_ciphertext !== null && sealed.previous_secret_expires_at !== null && nowMs < sealed.previous_secret_expires_at) {
      secrets.push(decryptSecret(sealed.previous_secret_ciphertext, key, webhookId));
    }
    return secrets;
  } catch {
    return undefined;
  }
}

export interface DeliveryRequest {
  readonly type: string;
  /** X-Service-Delivery: the event id, the same on every attempt and redelivery. */
  readonly eventId: string;
  readonly secrets: readonly string[];
  readonly body: string;
  readonly userAgent: string;
  /** Unix ms of this attempt: X-Service-Timestamp. */
  readonly nowMs: number;
}

/** The headers of one attempt; the signature covers the body only, with every secret in force. */
export function deliveryHeaders(request: DeliveryRequest): OutgoingHttpHeaders {
  return {
    'content-type': 'application/json',
    'user-agent': request.userAgent,
    'x-service-event': request.type,
    'x-service-delivery': request.eventId,
    'x-service-timestamp': String(Math.floor(request.nowMs / 1000)),
    'x-service-signature': webhookSignatureHeader(request.secrets, request.body),
  };
}

/** An attempt's row in the delivery log. */
export function attemptRecord(deliveryId: string, attemptedAt: number, outcome: PostOutcome): Omit<WebhookAttemptsTable, 'id'> {
  return {
    delivery_id: deliveryId,
    attempted_at: attemptedAt,
    status: outcome.status,
    duration_ms: outcome.durationMs,
    failure: outcome.failure ?? null,
    response_excerpt: outcome.responseExcerpt ?? null,
  };
}
