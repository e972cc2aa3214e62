import type { WEBHOOK_TEST_EVENT_TYPE, WebhookEventType } from '../../domain/webhooks/webhook-event-types.ts';
import { randomBase62 } from '../../lib/random-base62.ts';
import type { DbOrTransaction } from '../../storage/db-or-transaction.ts';
import { insertWebhookEvent } from '../../storage/repositories/webhook-outbox-repository.ts';
import { findSubscribedWebhookIds } from '../../storage/repositories/webhooks-repository.ts';

export interface WebhookEventInput {
  readonly accountId: string;
  readonly type: WebhookEventType;
  readonly nowMs: number;
  /**
   * The event's data. A held event carries it as known at the commit (a batch's results before its
   * PDFs render); releaseWebhookEvent may replace it with the final one.
   */
  readonly data: object;
  /** Deliveries wait for releaseWebhookEvent: the generation's document is made after the commit. */
  readonly held: boolean;
}

/** A recorded event. */
export interface RecordedEvent {
  readonly id: string;
  readonly held: boolean;
}

/**
 * Puts an event in the outbox, in the generation's own transaction, when at least one active
 * webhook of the account subscribes to its type; otherwise records nothing (one indexed read).
 */
export async function recordWebhookEvent(tx: DbOrTransaction, input: WebhookEventInput): Promise<RecordedEvent | undefined> {
  const webhookIds = await findSubscribedWebhookIds(tx, input.accountId, input.type);
  if (webhookIds.length === 0) return undefined;
  const id = `evt_${randomBase62(22)}`;
  const body = webhookEventBody(id, input.type, input.nowMs, input.data);
  await insertWebhookEvent(tx, { id, account_id: input.accountId, type: input.type, body, created_at: input.nowMs }, webhookIds, input.held);
  return { id, held: input.held };
}

/** D28: `{id, type, created_at, data}`, created_at in Unix seconds. Stored as sent, byte for byte. */
export function webhookEventBody(id: string, type: WebhookEventType | typeof WEBHOOK_TEST_EVENT_TYPE, nowMs: number, data: object): string {
  return JSON.stringify({ id, type, created_at: Math.floor(nowMs / 1000), data });
}
