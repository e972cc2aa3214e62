/** The event kinds a webhook can subscribe to; a new webhook gets the first by default. */
export const WEBHOOK_EVENT_TYPES = ['invoice.generated', 'batch.generated'] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const DEFAULT_WEBHOOK_EVENTS: readonly WebhookEventType[] = ['invoice.generated'];

/**
 * The event POST /api/webhooks/{id}/test sends, to every webhook whatever it subscribes
 * to; it cannot be subscribed to, and generations never send it.
 */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';
