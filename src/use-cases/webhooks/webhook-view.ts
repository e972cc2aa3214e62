import type { WebhookEventType } from '../../domain/webhooks/webhook-event-types.ts';
import type { WebhookRow } from '../../storage/repositories/webhooks-repository.ts';

/** A webhook as the API shows it (spec Webhook); timestamps are Unix seconds like the rest of the API. */
export interface WebhookView {
  id: string;
  url: string;
  events: WebhookEventType[];
  is_active: boolean;
  created_at: number;
  last_delivery_at: number | null;
  last_status: number | null;
  secret_hint: string;
  /**
   * Until when (Unix seconds) deliveries are also signed with the secret replaced by the last
   * rotation; null when no rotation is within its 24 hours.
   */
  previous_secret_expires_at: number | null;
  /** Only in the creation and rotation answers: a secret is shown once (D28). */
  secret?: string;
}

export function webhookView(row: WebhookRow, nowMs: number): WebhookView {
  const overlapEnds = row.previous_secret_expires_at;
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as WebhookEventType[],
    is_active: row.is_active === 1,
    created_at: Math.floor(row.created_at / 1000),
    last_delivery_at: row.last_delivery_at === null ? null : Math.floor(row.last_delivery_at / 1000),
    last_status: row.last_status,
    secret_hint: row.secret_hint,
    previous_secret_expires_at: overlapEnds !== null && overlapEnds > nowMs ? Math.floor(overlapEnds / 1000) : null,
  };
}
