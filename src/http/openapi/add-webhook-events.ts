import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE } from '../../domain/webhooks/webhook-event-types.ts';

type Json = Record<string, any>;

type EventType = (typeof WEBHOOK_EVENT_TYPES)[number] | typeof WEBHOOK_TEST_EVENT_TYPE;

/** The component of each event's body (openapi-components.ts). */
const EVENT_SCHEMA: Readonly<Record<EventType, string>> = {
  'invoice.generated': 'InvoiceGeneratedEvent',
  'batch.generated': 'BatchGeneratedEvent',
  'webhook.test': 'WebhookTestEvent',
};

/** When each event is POSTed. */
const SENT: Readonly<Record<EventType, string>> = {
  'invoice.generated': 'POSTed to each active webhook subscribed to invoice.generated',
  'batch.generated': 'POSTed to each active webhook subscribed to batch.generated',
  'webhook.test': 'POSTed once to the webhook named by POST /api/webhooks/{id}/test, active or not, whatever it subscribes to, with no retries',
};

/** The headers of every delivery (docs/webhooks.md, Headers). */
const DELIVERY_HEADERS = [
  ['X-Service-Signature', 'sha256= and the lower-case hex HMAC-SHA256 of the raw body, keyed with the webhook\'s secret (whsec_…) as UTF-8. For 24 hours after a secret rotation two values, the new secret\'s first: sha256=<new>,sha256=<old>; accept the delivery when any value matches a secret you hold. Compare in constant time before trusting the body.', 'sha256=5d41402abc4b2a76b9719d911017c592ae0a4bd4b2a5c3d1e4f60718293a4b5c'],
  ['X-Service-Event', 'The event type, as in the body.', 'invoice.generated'],
  ['X-Service-Delivery', 'The event id (evt_…), the same on every retry: deduplicate on it.', 'evt_7fGx2Kp9QmLw3RtYz0aBcD'],
  ['X-Service-Timestamp', 'Unix second of this attempt.', '1798000000'],
] as const;

/**
 * The OpenAPI 3.1 `webhooks` object: what the service POSTs to a registered URL for
 * each event type, so generators can type a receiver. Written from the one list of event types.
 */
export function addWebhookEvents(doc: Json): Json {
  const types: readonly EventType[] = [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE];
  doc.webhooks = Object.fromEntries(types.map((type) => [type, {
    post: {
      operationId: `on${type.split('.').map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')}`,
      summary: `The ${type} delivery`,
      description: type === WEBHOOK_TEST_EVENT_TYPE
        ? `${SENT[type]}; the attempt's outcome is the test request's answer. Verify X-Service-Signature on the raw body before parsing it.`
        : `${SENT[type]}, from a durable outbox, at least once; retried with backoff until your endpoint answers 2xx within 10 s, and sent again on POST /api/webhooks/{id}/deliveries/{delivery_id}/redeliver. Verify X-Service-Signature on the raw body before parsing it.`,
      tags: ['webhooks'],
      // The delivery is authenticated by its signature header, not by a scheme the receiver checks for us.
      security: [],
      parameters: DELIVERY_HEADERS.map(([name, description, example]) => ({ name, in: 'header', required: true, description, schema: { type: 'string' }, example })),
      requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${EVENT_SCHEMA[type]}` } } } },
      responses: {
        200: { description: 'Any 2xx status marks the delivery done; the body is ignored.' },
        400: { description: 'Any other status, or no answer within 10 s, is a failed attempt: retried, and after 10 events in a row that fail every attempt the webhook is deactivated (is_active false).' },
      },
    },
  }]));
  return doc;
}
