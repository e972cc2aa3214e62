import { WEBHOOK_TEST_EVENT_TYPE } from '../../domain/webhooks/webhook-event-types.ts';
import { randomBase62 } from '../../lib/random-base62.ts';
import { postWebhook } from '../../outbound/post-webhook.ts';
import { insertSentTest } from '../../storage/repositories/webhook-log-repository.ts';
import { findWebhookSigning, lockWebhookRow, recordWebhookAttempt } from '../../storage/repositories/webhooks-repository.ts';
import { WEBHOOK_MAX_FAILED_EVENTS_IN_ROW } from '../../domain/webhooks/retry-schedule.ts';
import { AppError } from '../../errors/app-error.ts';
import { deliveryView, type DeliveryView } from './delivery-view.ts';
import { webhookEventBody } from './record-webhook-event.ts';
import { throttleWebhookAction } from './throttle-webhook-action.ts';
import { attemptRecord, deliveryHeaders, openSigningSecrets } from './webhook-delivery-request.ts';
import type { WebhookOperationDeps } from './webhook-operation-deps.ts';
import { webhookNotFound } from './webhook-not-found.ts';

/**
 * Sends a signed `webhook.test` event to the webhook now, once, and answers with the attempt's
 * outcome. It goes out whether or not the webhook is active (checking a receiver before enabling it
 * is what a test is for) and with no retries; it sets last_delivery_at and last_status like every
 * attempt (D28), but neither counts towards deactivation nor resets the count. It is logged like
 * any delivery and can be redelivered.
 */
export async function sendTestEvent(deps: WebhookOperationDeps, accountId: string, webhookId: string): Promise<DeliveryView> {
  const webhook = await findWebhookSigning(deps.db, accountId, webhookId);
  if (webhook === undefined) throw webhookNotFound(webhookId);
  const nowMs = deps.clock();
  await throttleWebhookAction(deps.throttle, 'test', webhookId, nowMs);
  const secrets = openSigningSecrets(webhook, webhookId, deps.dataEncryptionKey, nowMs);
  if (secrets === undefined) {
    throw new AppError('internal_error', 'This webhook\'s secret cannot be opened with the service\'s DATA_ENCRYPTION_KEY, so nothing can be signed: rotate its secret with POST /api/webhooks/{id}/rotate-secret.');
  }
  const eventId = `evt_${randomBase62(22)}`;
  const body = webhookEventBody(eventId, WEBHOOK_TEST_EVENT_TYPE, nowMs, {
    webhook: { id: webhookId, url: webhook.url },
    message: 'A test event sent on request (POST /api/webhooks/{id}/test). Answer with a 2xx once its signature verifies.',
  });
  const headers = deliveryHeaders({ type: WEBHOOK_TEST_EVENT_TYPE, eventId, secrets, body, userAgent: deps.userAgent, nowMs });
  const outcome = await postWebhook(webhook.url, Buffer.from(body, 'utf8'), headers, { allowHosts: deps.allowHosts, timeoutMs: deps.testTimeoutMs });
  const deliveryId = randomBase62(22);
  const delivered = outcome.status >= 200 && outcome.status <= 299;
  const attempt = attemptRecord(deliveryId, nowMs, outcome);
  await deps.inTransaction(async (tx) => {
    // Deleted meanwhile: the answer still says what happened; there is no log to keep it in.
    if (!(await lockWebhookRow(tx, deps.dialect, accountId, webhookId))) return;
    await insertSentTest(tx, {
      event: { id: eventId, account_id: accountId, type: WEBHOOK_TEST_EVENT_TYPE, body, created_at: nowMs },
      webhookId,
      deliveryId,
      attempt,
      delivered,
    });
    // 'retry' sets last_delivery_at and last_status only: a test neither deactivates nor revives.
    await recordWebhookAttempt(tx, webhookId, nowMs + outcome.durationMs, outcome.status, 'retry', WEBHOOK_MAX_FAILED_EVENTS_IN_ROW);
  });
  return deliveryView({
    id: deliveryId,
    event_id: eventId,
    event_type: WEBHOOK_TEST_EVENT_TYPE,
    state: delivered ? 'delivered' : 'failed',
    attempts: 1,
    next_attempt_at: null,
    created_at: nowMs,
    finished_at: attempt.attempted_at + attempt.duration_ms,
    redelivery_of: null,
  }, [{ id: '', ...attempt }]);
}
