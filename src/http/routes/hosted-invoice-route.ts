import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { hostedLinkFailureHit } from '../../domain/hosted/hosted-link-failure-throttle.ts';
import type { Throttle } from '../../domain/limits/throttle.ts';
import { AppError } from '../../errors/app-error.ts';
import { ErrorResponseSchema } from '../../schemas/error-response.ts';
import { HostedInvoiceResponseSchema } from '../../schemas/hosted-invoice-response.ts';
import { StringEnum } from '../../lib/string-enum.ts';
import type { HostedInvoiceReader } from '../../use-cases/invoices/hosted-invoice-reader.ts';
import { contentDisposition } from '../content-disposition.ts';
import { documentedSuccess } from '../documented-success.ts';
import { refuseThrottled } from '../refuse-throttled.ts';
import { PUBLIC } from '../openapi/security-requirements.ts';
import { ANY_REQUEST, PATH_ID } from '../openapi/error-answers.ts';

export interface HostedInvoiceRouteDeps {
  readonly reader: HostedInvoiceReader;
  /** Counts failed opens per client IP (hosted-link-failure-throttle.ts). */
  readonly throttle: Throttle;
  /** Unix ms; injected so tests can stand either side of the 7 days. */
  readonly clock: () => number;
}

const notFound = () => new AppError('not_found', 'This invoice link is not valid: it may have expired (links last 7 days) or been copied incompletely. Ask the sender for a new link.');

/** D24: what every answer of the link carries, the errors included. */
const LINK_HEADERS = {
  'cache-control': 'private',
  'x-robots-tag': 'noindex',
  'referrer-policy': 'no-referrer',
} as const;

/** The OpenAPI description lists the PDF answer too (the JSON one is the runtime schema). */
const pdfOrJson = documentedSuccess({
  description: 'The invoice: a PDF shown inline (format "pdf", the default) or the generation JSON shape (format "json").',
  headers: {
    'content-disposition': { type: 'string', description: 'For the PDF: inline; filename="invoice-<number>.pdf".' },
    'cache-control': { type: 'string', enum: ['private'] },
    'x-robots-tag': { type: 'string', enum: ['noindex'] },
    'referrer-policy': { type: 'string', enum: ['no-referrer'] },
  },
  content: {
    'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } },
    'application/json': { schema: HostedInvoiceResponseSchema },
  },
});

/**
 * GET /api/i/{id}: the public, signed hosted link. Not metered; failed opens are counted per
 * client IP, and past HOSTED_LINK_FAILURE_RULE every open from that IP answers 429 before any
 * lookup or HMAC is made.
 */
export function hostedInvoiceRoute(deps: HostedInvoiceRouteDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get('/api/i/:id', {
      config: { swaggerTransform: pdfOrJson, errors: [...ANY_REQUEST, ...PATH_ID, 'validation_error', 'not_found', 'rate_limit_exceeded', 'pdf_error', ['pdf_error', 'renderer_busy']] },
      schema: {
        operationId: 'getHostedInvoice',
        summary: 'Open a hosted invoice link',
        description: 'Public: the signature t protects it. An unknown id, a wrong or incomplete t and an expired link (7 days after creation) all answer the same 404. After 50 such failed opens from one IP (IPv6: one /64) in 15 minutes, every open from it answers 429 rate_limit_exceeded with Retry-After until the window ends.',
        tags: ['invoices'],
        // The signature t is the credential; it is a query parameter, not a security scheme.
        security: PUBLIC,
        params: Type.Object({ id: Type.String({ description: 'The link id: 22 base62 characters.' }) }),
        querystring: Type.Object({
          t: Type.Optional(Type.String({ description: 'The link signature (base64url HMAC-SHA256).' })),
          format: Type.Optional(StringEnum(['pdf', 'json'] as const, { description: 'pdf (default) or json.' })),
        }),
        response: {
          200: HostedInvoiceResponseSchema,
          '4xx': ErrorResponseSchema,
          '5xx': ErrorResponseSchema,
        },
      },
      // Before validation, so the 400 of an unknown format carries them too.
      onRequest: (_request, reply, done) => {
        reply.headers(LINK_HEADERS);
        done();
      },
    }, async (request, reply) => {
      const now = deps.clock();
      const failures = hostedLinkFailureHit(request.ip);
      await refuseThrottled(deps.throttle, reply, failures, now, 'invalid invoice links opened from this address');
      const snapshot = await deps.reader.open(request.params.id, request.query.t, now);
      if (snapshot === undefined) {
        await deps.throttle.hit(failures.key, failures.rule, now);
        throw notFound();
      }
      if (request.query.format === 'json') {
        return { success: true as const, invoice: snapshot.invoice, meta: { request_id: request.id, processing_ms: Math.round(reply.elapsedTime) }, anonymous: false as const };
      }
      const pdf = await deps.reader.pdf(snapshot);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition('inline', `invoice-${snapshot.invoice.number}.pdf`))
        // Bytes are sent as they are; the 200 schema types only the JSON answer.
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength) as never);
    });
  };
}
