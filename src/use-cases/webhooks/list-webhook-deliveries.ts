import { DEFAULT_DELIVERY_PAGE_SIZE, MAX_DELIVERY_PAGE_SIZE } from '../../domain/webhooks/delivery-page-size.ts';
import { decodeDeliveryCursor, encodeDeliveryCursor, type DeliveryCursor } from '../../domain/webhooks/delivery-cursor.ts';
import { AppError } from '../../errors/app-error.ts';
import { listDeliveryAttempts, listLoggedDeliveries, type LoggedDeliveryState } from '../../storage/repositories/webhook-log-repository.ts';
import { findWebhook } from '../../storage/repositories/webhooks-repository.ts';
import { deliveryView, type DeliveryView } from './delivery-view.ts';
import type { WebhookDeps } from './webhook-deps.ts';
import { webhookNotFound } from './webhook-not-found.ts';


export interface DeliveryQuery {
  readonly status?: LoggedDeliveryState;
  readonly limit?: number;
  /** next_cursor of the previous page. */
  readonly cursor?: string;
}

export interface DeliveryLogPage {
  deliveries: DeliveryView[];
  /** Pass as cursor for the next page; null on the last page. */
  next_cursor: string | null;
}

/**
 * One webhook's delivery log, newest first: each delivery with its event, state and every attempt.
 * Deliveries are kept as the outbox keeps them: 7 days after they finished.
 */
export async function listWebhookDeliveries(deps: WebhookDeps, accountId: string, webhookId: string, query: DeliveryQuery): Promise<DeliveryLogPage> {
  const after = query.cursor === undefined ? undefined : decodeDeliveryCursor(query.cursor);
  if (query.cursor !== undefined && after === undefined) {
    throw new AppError('validation_error', 'cursor is not one this API gave: pass next_cursor from the previous page as it is, or leave cursor out for the first page.');
  }
  const limit = query.limit ?? DEFAULT_DELIVERY_PAGE_SIZE;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_DELIVERY_PAGE_SIZE) {
    throw new AppError('validation_error', `limit must be a whole number from 1 to ${MAX_DELIVERY_PAGE_SIZE}: ask for fewer deliveries per page and follow next_cursor for the rest.`);
  }
  if ((await findWebhook(deps.db, accountId, webhookId)) === undefined) throw webhookNotFound(webhookId);
  const rows = await listLoggedDeliveries(deps.db, {
    webhookId,
    limit: limit + 1,
    ...(query.status === undefined ? {} : { state: query.status }),
    ...(after === undefined ? {} : { after }),
  });
  const page = rows.slice(0, limit);
  const attempts = Map.groupBy(await listDeliveryAttempts(deps.db, page.map((row) => row.id)), (attempt) => attempt.delivery_id);
  const last = page.at(-1);
  const next: DeliveryCursor | undefined = rows.length > limit && last !== undefined ? { createdAt: last.created_at, id: last.id } : undefined;
  return {
    deliveries: page.map((row) => deliveryView(row, attempts.get(row.id) ?? [])),
    next_cursor: next === undefined ? null : encodeDeliveryCursor(next),
  };
}
