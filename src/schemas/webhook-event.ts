import Type from 'typebox';
import { InvoiceSchema } from '../domain/invoice/invoice-schema.ts';
import { BatchItemResultSchema } from './batch-response.ts';

/** The envelope every delivery's body shares (webhookEventBody). */
const envelope = (type: string, data: ReturnType<typeof Type.Object>, description: string) => Type.Object(
  {
    id: Type.String({ description: 'The event id, evt_ followed by 22 letters and digits; the same on every retry (X-Service-Delivery): deduplicate on it.' }),
    type: Type.Literal(type),
    created_at: Type.Integer({ description: 'Unix second of the generation; the same on every retry.' }),
    data,
  },
  { description },
);

/** Sent for each successful POST /api/generate-invoice by an account, any output (docs/webhooks.md). */
export const InvoiceGeneratedEventSchema = envelope(
  'invoice.generated',
  Type.Object({ invoice: InvoiceSchema }),
  'invoice.generated: the invoice exactly as the JSON answer carries it (without data: URI images).',
);

/** Sent for each POST /api/batch answered 200, even when no item was generated. */
export const BatchGeneratedEventSchema = envelope(
  'batch.generated',
  Type.Object({
    count: Type.Integer(),
    generated: Type.Integer(),
    rate_limited: Type.Boolean(),
    results: Type.Array(BatchItemResultSchema),
  }),
  'batch.generated: the batch answer\'s count, results and meta figures; its items send no invoice.generated of their own.',
);

/** Sent by POST /api/webhooks/{id}/test only: no generation sends it, and it cannot be subscribed to. */
export const WebhookTestEventSchema = envelope(
  'webhook.test',
  Type.Object({
    webhook: Type.Object({ id: Type.String(), url: Type.String() }),
    message: Type.String(),
  }),
  'webhook.test: sent on request to check a receiver; signed like every delivery.',
);
