import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { isAppError } from '../../errors/app-error.ts';
import { BatchRequestSchema } from '../batch-request-schema.ts';
import { BatchResponseSchema } from '../../schemas/batch-response.ts';
import { ErrorResponseSchema } from '../../schemas/error-response.ts';
import { batchResultsJson } from '../../use-cases/invoices/batch-outcome.ts';
import { generateBatch, MAX_BATCH_ITEMS } from '../../use-cases/invoices/generate-batch.ts';
import type { GenerationInput } from '../../use-cases/invoices/generation-items.ts';
import { generationContext } from '../generation-context.ts';
import { installIdempotentReplies, sendKeptResponse } from '../idempotent-replies.ts';
import { BATCH_BODY_LIMIT_BYTES } from '../../requests/body-limits.ts';
import { jsonShapeLimits } from '../../requests/json-shape-limits.ts';
import { requireApiKey } from '../require-api-key.ts';
import type { GenerateInvoiceRouteDeps } from './generate-invoice-route.ts';
import { validateInvoiceRequest } from '../../requests/validate-invoice-request.ts';
import { API_KEY_ONLY } from '../openapi/security-requirements.ts';
import { IDEMPOTENT_REPLAYED_HEADER, RATE_LIMIT_HEADERS } from '../openapi/documented-headers.ts';
import { ANY_REQUEST, JSON_BODY, type ErrorCase } from '../openapi/error-answers.ts';

/**
 * The body schema takes any element (items are checked one by one), so the JSON shape limits are
 * sized here from the largest legal batch: 50 of the largest invoices (docs/hostile-input.md).
 */
export const BATCH_JSON_SHAPE = jsonShapeLimits(BatchRequestSchema);

/** The same parts as one invoice's generation. */
export type BatchRouteDeps = GenerateInvoiceRouteDeps;

/**
 * Items are checked one by one in the handler, so the route schema takes any element; the
 * OpenAPI description shows what each must be.
 */
const itemsAreInvoices: SwaggerTransform = ({ schema, url }) => ({
  url,
  schema: {
    ...schema,
    body: BatchRequestSchema,
    response: {
      ...(schema.response as Record<string, unknown>),
      200: {
        description: 'One result per invoice, in the order sent; a bad invoice fails alone.',
        headers: { ...RATE_LIMIT_HEADERS, 'idempotent-replayed': IDEMPOTENT_REPLAYED_HEADER },
        content: { 'application/json': { schema: BatchResponseSchema } },
      },
    },
  },
});

/**
 * What the whole batch can answer; an invoice's own errors (validation, calculation, the windows
 * and the month once they run out part-way) are in its result inside the 200.
 */
const BATCH_ERRORS: readonly ErrorCase[] = [
  ...ANY_REQUEST, ...JSON_BODY, 'invalid_api_key', 'auth_required', 'unverified_account',
  'idempotency_key_conflict', ['idempotency_key_conflict', 'different_request'], 'rate_limit_hourly', 'rate_limit_weekly', 'monthly_limit_reached', 'not_provisioned',
];

/** POST /api/batch: up to 50 invoices, each succeeding or failing on its own. */
export function batchRoute(deps: BatchRouteDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    const replies = installIdempotentReplies(app as never, deps.generation.idempotency);

    app.post('/api/batch', {
      bodyLimit: BATCH_BODY_LIMIT_BYTES,
      config: { swaggerTransform: itemsAreInvoices, errors: BATCH_ERRORS, errorHeaders: RATE_LIMIT_HEADERS, jsonShape: BATCH_JSON_SHAPE, bodyTooLargeAdvice: 'Send fewer invoices per batch, or smaller images (or give them as https URLs).' },
      schema: {
        operationId: 'generateInvoiceBatch',
        summary: 'Generate up to 50 invoices',
        description: 'API key only. Each invoice is validated, computed, metered (1 document) and, with its hosted link (the default), rendered to a PDF behind that link on its own: a bad one fails alone with its index. The burst windows count the valid items; when a window or the monthly quota runs out part-way, the first invoices by index are generated and the rest fail with its code (meta.rate_limited). An Idempotency-Key applies to the whole batch.',
        tags: ['invoices'],
        security: API_KEY_ONLY,
        headers: Type.Object({
          'idempotency-key': Type.Optional(Type.String({ description: 'As for generateInvoice: a repeat of the same batch within 24 hours gets the first answer again.' })),
        }),
        body: Type.Object({
          invoices: Type.Array(Type.Unknown(), { minItems: 1, maxItems: MAX_BATCH_ITEMS, description: `1 to ${MAX_BATCH_ITEMS} InvoiceRequest objects.` }),
        }),
        response: {
          200: BatchResponseSchema,
          '4xx': ErrorResponseSchema,
          '5xx': ErrorResponseSchema,
        },
      },
    }, async (request, reply) => {
      const now = deps.clock();
      const caller = await requireApiKey(request, deps.callers, now, 'POST /api/batch');
      const items = request.body.invoices.map(readBatchItem);
      const context = generationContext(request, reply, replies, now);
      const generation = await generateBatch(deps.generation, { ...context, body: request.body, items, caller });
      if (generation.kind === 'replay') return sendKeptResponse(reply, generation.response);
      const { results, generated, rateLimited } = generation.outcome;
      return { success: true as const, count: results.length, results: batchResultsJson(results), meta: { requested: items.length, generated, rate_limited: rateLimited } };
    });
  };
}

/** One element of `invoices`, read like the body of one generation: a valid request, or why it is not one. */
function readBatchItem(raw: unknown): GenerationInput {
  try {
    return { request: validateInvoiceRequest(raw, 'invoice') };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { error };
  }
}
