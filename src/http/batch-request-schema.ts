import Type from 'typebox';
import { InvoiceRequestSchema } from '../domain/invoice/invoice-request-schema.ts';
import { MAX_BATCH_ITEMS } from '../use-cases/invoices/generate-batch.ts';

/**
 * POST /api/batch's body as a client must send it. The route validates only its outline and each
 * invoice on its own (a bad one fails alone, batch-route.ts), so this full shape is what the
 * OpenAPI document shows and what the JSON shape limits are sized from.
 */
export const BatchRequestSchema = Type.Object(
  {
    invoices: Type.Array(InvoiceRequestSchema, { minItems: 1, maxItems: MAX_BATCH_ITEMS, description: `1 to ${MAX_BATCH_ITEMS} invoices, each an InvoiceRequest.` }),
  },
  { description: 'Up to 50 invoices; each is validated, computed and metered on its own.' },
);
