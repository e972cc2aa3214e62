import Type, { type Static } from 'typebox';
import { WEBHOOK_EVENT_TYPES } from '../domain/webhooks/webhook-event-types.ts';
import { MAX_WEBHOOK_URL_LENGTH } from '../domain/webhooks/check-webhook-url.ts';
import { StringEnum } from '../lib/string-enum.ts';

const EventType = StringEnum(WEBHOOK_EVENT_TYPES, { description: 'invoice.generated: each successful POST /api/generate-invoice by an account. batch.generated: each POST /api/batch answered 200.' });

export const CreateWebhookRequestSchema = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      maxLength: MAX_WEBHOOK_URL_LENGTH,
      description: 'The https endpoint deliveries are POSTed to. Its host must resolve to public addresses only, now and at every delivery.',
      examples: ['https://example.com/hooks/invoices'],
    }),
    events: Type.Optional(Type.Array(EventType, {
      minItems: 1,
      maxItems: WEBHOOK_EVENT_TYPES.length,
      uniqueItems: true,
      description: 'The events to receive; default ["invoice.generated"].',
    })),
  },
  { additionalProperties: false },
);

export type CreateWebhookRequest = Static<typeof CreateWebhookRequestSchema>;

export const WebhookSchema = Type.Object(
  {
    id: Type.String({ description: 'wh_ followed by 22 letters and digits.' }),
    url: Type.String(),
    events: Type.Array(EventType),
    is_active: Type.Boolean({ description: 'False once 10 events in a row failed every attempt: it gets no events until POST /api/webhooks/{id}/enable.' }),
    created_at: Type.Integer({ description: 'Unix seconds.' }),
    last_delivery_at: Type.Union([Type.Integer(), Type.Null()], { description: 'Unix seconds of the last attempt; null before the first.' }),
    last_status: Type.Union([Type.Integer(), Type.Null()], { description: 'HTTP status of the last attempt, 0 when there was no HTTP answer (timeout, refused connection, non-public address); null before the first.' }),
    secret_hint: Type.String({ description: 'The last 4 characters of the secret.' }),
    previous_secret_expires_at: Type.Union([Type.Integer(), Type.Null()], { description: 'Unix seconds until which deliveries are also signed with the secret the last rotation replaced (X-Service-Signature: sha256=<new>,sha256=<old>); null when no rotation is within its 24 hours.' }),
    secret: Type.Optional(Type.String({ description: 'Only in the creation and rotate-secret answers, and never again: whsec_ followed by 43 characters. Keys X-Service-Signature.' })),
  },
);

export const WebhookResponseSchema = Type.Object({ success: Type.Literal(true), webhook: WebhookSchema });
export const WebhookListResponseSchema = Type.Object({ success: Type.Literal(true), webhooks: Type.Array(WebhookSchema) });
export const WebhookDeletedResponseSchema = Type.Object({ success: Type.Literal(true), id: Type.String({ description: 'The deleted webhook.' }) });
