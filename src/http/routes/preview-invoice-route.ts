import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { computeInvoice } from '../../domain/invoice/compute-invoice.ts';
import type { Throttle, ThrottleRule } from '../../domain/limits/throttle.ts';
import { throttleIpSubject } from '../../domain/limits/throttle-ip-subject.ts';
import { utcDate } from '../../lib/utc-date.ts';
import { ErrorResponseSchema } from '../../schemas/error-response.ts';
import { InvoiceRequestSchema } from '../../schemas/invoice-request.ts';
import { InvoiceSchema } from '../../schemas/invoice-response.ts';
import { enforceThrottle } from '../enforce-throttle.ts';
import { normalizeInvoiceBody } from '../normalize-invoice-body.ts';
import { INVOICE_BODY_LIMIT_BYTES } from './generate-invoice-route.ts';

/**
 * 600 previews per client address per 10 minutes: one a second, sustained, is more than a person
 * typing with the generator's debounce sends, and a computation costs well under a millisecond.
 */
export const PREVIEW_THROTTLE_RULE: ThrottleRule = { limit: 600, windowS: 600 };

/** What the placeholder number of a preview without its own number reads. */
export const PREVIEW_NUMBER = 'PREVIEW';

export interface PreviewInvoiceRouteDeps {
  readonly throttle: Throttle;
  readonly clock: () => number;
}

/**
 * POST /api/preview-invoice (beyond the spec, issue 9): the generator's live totals. The request
 * is validated and computed by exactly the JSON path of generate-invoice (same schema, aliases,
 * engine and errors), but nothing is generated: no invoice number is drawn, nothing is metered or
 * counted in the hourly and weekly windows, no hosted link, QR or webhook. Otherwise every
 * keystroke would use up an anonymous visitor's 20 generations an hour and leave gaps in an
 * account's invoice numbers. No credential is read; the per-address throttle bounds the work.
 */
export function previewInvoiceRoute(deps: PreviewInvoiceRouteDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post('/api/preview-invoice', {
      bodyLimit: INVOICE_BODY_LIMIT_BYTES,
      schema: {
        operationId: 'previewInvoice',
        summary: 'Compute the totals without generating an invoice',
        description: `Validates and computes like generate-invoice with output json, but draws no invoice number (the number is the one sent, or "${PREVIEW_NUMBER}"), counts in no limit window and meters nothing; output, features and images are checked but ignored. At most ${PREVIEW_THROTTLE_RULE.limit} previews per client address per ${PREVIEW_THROTTLE_RULE.windowS / 60} minutes.`,
        tags: ['invoices'],
        body: InvoiceRequestSchema,
        response: {
          200: Type.Object({ success: Type.Literal(true), preview: Type.Literal(true), invoice: InvoiceSchema }),
          '4xx': ErrorResponseSchema,
          '5xx': ErrorResponseSchema,
        },
      },
      preValidation: normalizeInvoiceBody,
    }, async (request, reply) => {
      const now = deps.clock();
      await enforceThrottle(deps.throttle, reply, [{ key: `preview:ip:${throttleIpSubject(request.ip)}`, rule: PREVIEW_THROTTLE_RULE }], now, 'previews from your address');
      const number = request.body.invoice?.number ?? PREVIEW_NUMBER;
      return { success: true as const, preview: true as const, invoice: computeInvoice(request.body, { today: utcDate(now), number }) };
    });
  };
}
