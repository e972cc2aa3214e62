import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import Type from 'typebox';
import { AppError, isAppError } from '../../errors/app-error.ts';
import { BatchResponseSchema } from '../../schemas/batch-response.ts';
import { ErrorResponseSchema } from '../../schemas/error-response.ts';
import { InvoiceRequestSchema } from '../../schemas/invoice-request.ts';
import type { Caller } from '../../use-cases/caller.ts';
import { generateInvoiceBatch, MAX_BATCH_ITEMS, type BatchItemInput, type BatchItemResult } from '../../use-cases/generate-invoice-batch.ts';
import { admitGenerations, peekGenerations } from '../admit-generation.ts';
import type { GenerateInvoiceRouteDeps } from './generate-invoice-route.ts';
import { installIdempotentReplies } from '../idempotent-replies.ts';
import { resolveCaller } from '../resolve-caller.ts';
import { startIdempotentRequest } from '../start-idempotent-request.ts';
import { validateInvoiceRequest } from '../validate-invoice-request.ts';

/** D27: a batch of 50 invoices may carry two 2.5 MB images each as base64 only up to 32 MB. */
export const BATCH_BODY_LIMIT_BYTES = 32 * 1024 * 1024;

/** The same parts as one invoice's generation. */
export type BatchRouteDeps = GenerateInvoiceRouteDeps;

const keyRequired = () => new AppError('auth_required', 'POST /api/batch needs an API key (spec Authentication rule 1): send Authorization: Bearer <API key>. A signed-in browser session is not accepted here.', { status: 401 });

/**
 * Items are checked one by one in the handler, so the route schema takes any element; the
 * OpenAPI description shows what each must be.
 */
const itemsAreInvoices: SwaggerTransform = ({ schema, url }) => {
  const body = schema.body as { properties: { invoices: Record<string, unknown> } };
  return {
    url,
    schema: { ...schema, body: { ...body, properties: { ...body.properties, invoices: { ...body.properties.invoices, items: InvoiceRequestSchema } } } },
  };
};

/** POST /api/batch (issue 7): up to 50 invoices, each succeeding or failing on its own. */
export function batchRoute(deps: BatchRouteDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    const replies = installIdempotentReplies(app as never, deps.idempotency);

    app.post('/api/batch', {
      bodyLimit: BATCH_BODY_LIMIT_BYTES,
      config: { swaggerTransform: itemsAreInvoices },
      schema: {
        operationId: 'generateInvoiceBatch',
        summary: 'Generate up to 50 invoices',
        description: 'API key only. Each invoice is validated, computed, metered (1 document, D21) and, with its hosted link (the default), rendered to a PDF behind that link on its own: a bad one fails alone with its index. The burst windows count the valid items; when a window or the monthly quota runs out part-way, the first invoices by index are generated and the rest fail with its code (meta.rate_limited). An Idempotency-Key applies to the whole batch (D23).',
        tags: ['invoices'],
        headers: Type.Object({
          'idempotency-key': Type.Optional(Type.String({ description: 'As for generateInvoice: a repeat of the same batch within 24 hours gets the first answer again (D23).' })),
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
      // Rule 1: an API key, not a session; refused before any lookup when no key is sent.
      if (request.headers.authorization === undefined) throw keyRequired();
      const now = deps.clock();
      const caller = await resolveCaller(request, deps, now);
      if (caller.kind !== 'account' || caller.via !== 'api_key') throw keyRequired();

      const replayed = await startIdempotentRequest({ idempotency: deps.idempotency, replies }, request, reply, caller, 'batch', request.body,
        () => peekGenerations(deps, reply, caller, now));
      if (replayed) return reply;

      const items = request.body.invoices.map((raw): BatchItemInput => {
        try {
          return { request: validateInvoiceRequest(raw, 'invoice') };
        } catch (error) {
          if (!isAppError(error)) throw error;
          return { error };
        }
      });
      const outcome = await generateInvoiceBatch({
        inTransaction: deps.inTransaction,
        links: deps.links,
        allowHosts: deps.outboundAllowHosts,
        db: deps.db,
        pdfRenderer: deps.pdfRenderer,
        admit: (count) => admitGenerations(deps, reply as FastifyReply, caller as Caller, count, now),
        plan: deps.limits.plans[caller.tier],
        upgradeUrl: deps.upgradeUrl,
        log: request.log,
      }, items, caller, now);
      return {
        success: true as const,
        count: outcome.results.length,
        results: outcome.results.map(resultJson),
        meta: { requested: items.length, generated: outcome.generated, rate_limited: outcome.rateLimited },
      };
    });
  };
}

function resultJson(result: BatchItemResult) {
  if (result.success) return result;
  const { code, message, details } = result.error;
  return { index: result.index, success: false, error: { code, message, ...details } };
}
