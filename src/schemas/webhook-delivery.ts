import Type, { type Static } from 'typebox';
import { DEFAULT_DELIVERY_PAGE_SIZE, MAX_DELIVERY_PAGE_SIZE } from '../domain/webhooks/delivery-page-size.ts';
import { StringEnum } from '../lib/string-enum.ts';

const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'cancelled'] as const;

const DeliveryStatus = StringEnum(DELIVERY_STATUSES, {
  description: 'pending: an attempt is due at next_attempt_at. delivered: an attempt was answered 2xx. failed: every attempt of the retry schedule failed (a test event has one attempt). cancelled: the webhook was inactive when its attempt came due, so nothing was sent.',
});

/** One attempt of a delivery. */
export const WebhookAttemptSchema = Type.Object({
  attempted_at: Type.Integer({ description: 'Unix seconds the attempt started.' }),
  status: Type.Integer({ description: 'HTTP status of the answer, 0 when there was none (see failure).' }),
  duration_ms: Type.Integer({ description: 'From the start of the attempt (DNS included) to the answer or the failure.' }),
  failure: Type.Union([StringEnum(['timeout', 'non_public_address', 'dns', 'tls', 'connection', 'invalid_url']), Type.Null()], { description: 'Why there was no HTTP answer; null when there was one.' }),
  response_body: Type.Union([Type.String(), Type.Null()], { description: 'The first 1 KB of the answer\'s body, decoded as UTF-8 (invalid bytes and NUL as U+FFFD). Plain text: never render it as HTML. null when the answer had no body or there was no answer.' }),
});

/** A delivery of one event to one webhook, as the log shows it. */
export const WebhookDeliverySchema = Type.Object({
  id: Type.String({ description: '22 letters and digits; the {delivery_id} of redeliver.' }),
  event_id: Type.String({ description: 'evt_…, the body\'s id and X-Service-Delivery; a redelivery keeps it.' }),
  event_type: Type.String({ description: 'invoice.generated, batch.generated or webhook.test.' }),
  status: DeliveryStatus,
  created_at: Type.Integer({ description: 'Unix seconds the delivery was made: with its event, or when a redelivery or test was asked for.' }),
  attempt_count: Type.Integer({ description: 'Attempts made so far (at most 7).' }),
  attempts: Type.Array(WebhookAttemptSchema, { description: 'Every attempt, oldest first.' }),
  next_attempt_at: Type.Union([Type.Integer(), Type.Null()], { description: 'Unix seconds the next attempt is due; null unless pending.' }),
  finished_at: Type.Union([Type.Integer(), Type.Null()], { description: 'Unix seconds it was delivered, failed or cancelled; null while pending. Kept 7 days after.' }),
  redelivery_of: Type.Union([Type.String(), Type.Null()], { description: 'The delivery this one sends again; null for an event\'s own delivery.' }),
});

export const DeliveryListQuerySchema = Type.Object(
  {
    status: Type.Optional(DeliveryStatus),
    // A query string is text, and the validator does not coerce types (ajv-options.ts): digits here, the range in the use-case.
    limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,4}$', description: `Deliveries per page, a whole number from 1 to ${MAX_DELIVERY_PAGE_SIZE}; ${DEFAULT_DELIVERY_PAGE_SIZE} when left out.`, examples: ['50'] })),
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'next_cursor of the previous page, as given; leave it out for the newest deliveries.' })),
  },
  { additionalProperties: false },
);

export type DeliveryListQuery = Static<typeof DeliveryListQuerySchema>;

export const WebhookDeliveryListResponseSchema = Type.Object({
  success: Type.Literal(true),
  deliveries: Type.Array(WebhookDeliverySchema, { description: 'Newest first.' }),
  next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'Pass as cursor for the next page; null on the last page.' }),
});

export const WebhookDeliveryResponseSchema = Type.Object({ success: Type.Literal(true), delivery: WebhookDeliverySchema });
