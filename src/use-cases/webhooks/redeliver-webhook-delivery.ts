import { AppError } from '../../errors/app-error.ts';
import { findLoggedDelivery, insertRedelivery } from '../../storage/repositories/webhook-log-repository.ts';
import { findWebhook, lockWebhookRow } from '../../storage/repositories/webhooks-repository.ts';
import { deliveryView, type DeliveryView } from './delivery-view.ts';
import { throttleWebhookAction } from './throttle-webhook-action.ts';
import type { WebhookOperationDeps } from './webhook-operation-deps.ts';
import { webhookNotFound } from './webhook-not-found.ts';

/** A delivery id: 22 base62 characters. */
export const DELIVERY_ID_PATTERN = /^[0-9A-Za-z]{22}$/;

const deliveryNotFound = (webhookId: string, id: string) => new AppError('not_found', `Webhook ${webhookId} has no delivery ${JSON.stringify(id.slice(0, 80))} in its log (deliveries are kept 7 days): list them with GET /api/webhooks/${webhookId}/deliveries.`);

/**
 * Sends one logged event to the webhook again, as a new delivery due at once: the same body and
 * event id (receivers deduplicate on X-Service-Delivery), a fresh X-Service-Timestamp and a
 * signature made when it is sent, with the secrets in force then. It follows the retry schedule
 * like any delivery, and the original keeps its own log.
 */
export async function redeliverWebhookDelivery(deps: WebhookOperationDeps, accountId: string, webhookId: string, deliveryId: string): Promise<DeliveryView> {
  const webhook = await findWebhook(deps.db, accountId, webhookId);
  if (webhook === undefined) throw webhookNotFound(webhookId);
  const original = DELIVERY_ID_PATTERN.test(deliveryId) ? await findLoggedDelivery(deps.db, webhookId, deliveryId) : undefined;
  if (original === undefined) throw deliveryNotFound(webhookId, deliveryId);
  if (webhook.is_active !== 1) {
    throw new AppError('webhook_inactive', `Webhook ${webhookId} is inactive after 10 events in a row failed every attempt, so nothing is sent to it: enable it with POST /api/webhooks/${webhookId}/enable, then redeliver.`);
  }
  const nowMs = deps.clock();
  await throttleWebhookAction(deps.throttle, 'redeliver', webhookId, nowMs);
  // A value, not a throw, inside: on SQLite the transaction may be shared (write-group.ts).
  const id = await deps.inTransaction(async (tx) => {
    if (!(await lockWebhookRow(tx, deps.dialect, accountId, webhookId))) return undefined;
    return insertRedelivery(tx, { eventId: original.event_id, webhookId, deliveryId: original.id }, nowMs);
  });
  if (id === undefined) throw webhookNotFound(webhookId);
  deps.wake();
  return deliveryView({
    ...original,
    id,
    state: 'pending',
    attempts: 0,
    next_attempt_at: nowMs,
    created_at: nowMs,
    finished_at: null,
    redelivery_of: original.id,
  }, []);
}
