import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { normalizeInvoiceRequest } from '../../domain/invoice/normalize-invoice-request.ts';
import { ErrorResponseSchema } from '../../schemas/error-response.ts';
import { GenerateInvoiceResponseSchema } from '../../schemas/generate-invoice-response.ts';
import { InvoiceRequestSchema } from '../../schemas/invoice-request.ts';
import type { Invoice } from '../../schemas/invoice-response.ts';
import { generateAccountInvoice, generateInvoice } from '../../use-cases/generate-invoice.ts';
import { buildMeta } from '../build-meta.ts';
import { resolveCaller, type CallerResolverDeps } from '../resolve-caller.ts';

/** D27: one invoice may carry two 2.5 MB images as base64, so 8 MB. */
export const INVOICE_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

/** POST /api/generate-invoice. */
export function generateInvoiceRoute(deps: CallerResolverDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
  app.post('/api/generate-invoice', {
    bodyLimit: INVOICE_BODY_LIMIT_BYTES,
    schema: {
      operationId: 'generateInvoice',
      summary: 'Compute one invoice',
      description: 'Computes the totals exactly (D1–D12) and answers the invoice as JSON. camelCase keys and flat invoice metadata are accepted (D13).',
      tags: ['invoices'],
      body: InvoiceRequestSchema,
      response: {
        200: GenerateInvoiceResponseSchema,
        '4xx': ErrorResponseSchema,
        '5xx': ErrorResponseSchema,
      },
    },
    // D13: aliases are folded into the canonical shape before the schema validates it.
    preValidation: (request, _reply, done) => {
      request.body = normalizeInvoiceRequest(request.body) as typeof request.body;
      done();
    },
  }, (request, reply) => {
    const answer = (invoice: Invoice, now: number, anonymous: boolean) =>
      ({ success: true as const, invoice, meta: buildMeta(request.id, reply.elapsedTime, now), anonymous });
    // Anonymous requests (no key, no cookie) stay synchronous: no promise, no microtask, no
    // database. Anything carrying a credential is resolved and answered asynchronously.
    if (request.headers.authorization === undefined && request.headers.cookie === undefined) {
      const now = Date.now();
      const caller = { kind: 'anonymous' as const, ip: request.ip };
      return answer(generateInvoice(request.body, caller, now).invoice, now, true);
    }
    return (async () => {
      const now = Date.now();
      const caller = await resolveCaller(request, deps, now);
      const { invoice } = caller.kind === 'account'
        ? await generateAccountInvoice(deps.db, request.body, caller, now)
        : generateInvoice(request.body, caller, now);
      return answer(invoice, now, caller.kind === 'anonymous');
    })();
  });
  };
}
