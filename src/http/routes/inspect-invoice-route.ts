import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AppError } from '../../errors/app-error.ts';
import { LANGUAGES, TEMPLATES } from '../../domain/invoice/catalog.ts';
import { StringEnum } from '../../lib/string-enum.ts';
import { ErrorResponseSchema } from '../../schemas/error-response.ts';
import { InspectInvoiceResponseSchema, type InspectInvoiceResponse } from '../../schemas/inspect-invoice-response.ts';
import { inspectInvoice, type InspectionDeps } from '../../use-cases/inspect/inspect-invoice.ts';
import { windowsHeaders } from '../generation-context.ts';
import { documentedSuccess } from '../documented-success.ts';
import { ACCOUNT } from '../openapi/security-requirements.ts';
import { RATE_LIMIT_HEADERS } from '../openapi/documented-headers.ts';
import { ANY_REQUEST, type ErrorCase } from '../openapi/error-answers.ts';
import { compileRequestPartValidator } from '../../requests/invoice-request-validator.ts';
import { resolveGenerationCaller, type CallerResolverDeps } from '../resolve-caller.ts';

export interface InspectInvoiceRouteDeps {
  readonly callers: CallerResolverDeps;
  readonly inspection: InspectionDeps;
  readonly clock: () => number;
}

/** D51: at most 10 MB of document. */
export const INSPECT_BODY_LIMIT_BYTES = 10 * 1024 * 1024;

/** The OpenAPI description also lists the readable copy, a PDF. */
const inspectionAnswers = documentedSuccess({
  description: 'The document checked and read, as JSON; with Accept: application/pdf, a readable copy of it instead (the service\'s own template, headed as a copy whose original is the XML, every term it cannot show listed at its end).',
  headers: { ...RATE_LIMIT_HEADERS },
  content: {
    'application/json': { schema: InspectInvoiceResponseSchema },
    'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf', description: 'The readable copy, inline as invoice-copy.pdf.' } },
  },
});

const INSPECT_ERRORS: readonly ErrorCase[] = [
  ...ANY_REQUEST, 'invalid_document', 'invalid_api_key', ['auth_required', 'anonymous_generation'], 'unverified_account',
  'monthly_limit_reached', 'rate_limit_hourly', 'rate_limit_weekly', 'check_error', ['check_error', 'checker_busy'], 'pdf_error', ['pdf_error', 'renderer_busy'], 'not_provisioned',
];

/** Accept names application/pdf before (or instead of) JSON. */
function wantsPdf(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  const types = accept.split(',').map((part) => part.split(';')[0]!.trim().toLowerCase());
  const pdf = types.indexOf('application/pdf');
  const json = types.indexOf('application/json');
  return pdf !== -1 && (json === -1 || pdf < json);
}

/** POST /api/inspect-invoice: a received UBL or CII document, checked by the official rules and read. */
export function inspectInvoiceRoute(deps: InspectInvoiceRouteDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    // The body is the document's bytes, read as UTF-8 text (what UBL and CII are written in).
    app.addContentTypeParser(['application/xml', 'text/xml'], { parseAs: 'buffer', bodyLimit: INSPECT_BODY_LIMIT_BYTES }, (_request, body, done) => {
      done(null, new TextDecoder('utf-8', { fatal: false }).decode(body as Buffer));
    });
    app.addContentTypeParser('application/pdf', { parseAs: 'buffer', bodyLimit: INSPECT_BODY_LIMIT_BYTES }, (_request, body, done) => {
      done(null, body);
    });
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: INSPECT_BODY_LIMIT_BYTES }, (request, _body, done) => {
      const type = request.headers['content-type'] ?? 'none';
      done(new AppError('invalid_document', `Send the e-invoice as Content-Type application/xml, or a hybrid PDF as application/pdf (got ${type.slice(0, 100)}).`), undefined);
    });

    app.post('/api/inspect-invoice', {
      bodyLimit: INSPECT_BODY_LIMIT_BYTES,
      config: { swaggerTransform: inspectionAnswers, errors: INSPECT_ERRORS, errorHeaders: RATE_LIMIT_HEADERS, bodyTooLargeAdvice: 'An e-invoice of more than 10 MB is not read.' },
      schema: {
        operationId: 'inspectInvoice',
        summary: 'Check and read a received e-invoice',
        description: 'The body is a received e-invoice: UBL 2.1 Invoice or CreditNote, or UN/CEFACT CII D16B, as application/xml, or a hybrid PDF (Factur-X / ZUGFeRD / XRechnung) as application/pdf (at most 10 MB). The answer says what it is, runs the official schema and business rules its profile calls for (EN 16931, and Peppol BIS 3 or XRechnung 3 when it claims them), gives it back as a request of this API with everything the request cannot hold listed in not_carried, and compares its totals with the service\'s own computation. A document that breaks the rules is a 200 whose verdict says so; one that is not an e-invoice, or carries a DOCTYPE, is a 400 invalid_document. Verified accounts only; metered as one document and counted in the hourly and weekly windows.',
        tags: ['invoices'],
        security: ACCOUNT,
        consumes: ['application/xml', 'text/xml', 'application/pdf'],
        querystring: Type.Object({
          language: Type.Optional(StringEnum(LANGUAGES, { description: 'With Accept: application/pdf, the language of the readable copy; the document\'s own by default.' })),
          template: Type.Optional(StringEnum(TEMPLATES, { description: 'With Accept: application/pdf, the template of the readable copy; classic by default.' })),
        }),
        body: Type.String({ description: 'The received e-invoice: a UBL 2.1 Invoice or CreditNote, or a CII D16B CrossIndustryInvoice, UTF-8; or a hybrid PDF (Factur-X, ZUGFeRD, XRechnung) whose factur-x.xml, zugferd-invoice.xml or xrechnung.xml attachment is read.', examples: ['<?xml version="1.0" encoding="UTF-8"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">…</Invoice>'] }),
        response: { 200: InspectInvoiceResponseSchema, '4xx': ErrorResponseSchema, '5xx': ErrorResponseSchema },
      },
      // The body is bytes or text the use-case reads; its schema documents it, nothing validates it.
      validatorCompiler: ({ schema, httpPart }) => (httpPart === 'body' ? () => true : compileRequestPartValidator(schema as object)),
      // Another registered type (application/json) was parsed by its own parser: say what to send
      // rather than that a string was expected.
      preValidation: async (request) => {
        if (typeof request.body !== 'string' && !Buffer.isBuffer(request.body)) {
          throw new AppError('invalid_document', `Send the e-invoice as Content-Type application/xml, or a hybrid PDF as application/pdf (got ${(request.headers['content-type'] ?? 'none').slice(0, 100)}).`);
        }
      },
    }, async (request, reply) => {
      const now = deps.clock();
      const caller = await resolveGenerationCaller(request, deps.callers, now);
      // Accept: application/pdf asks for the readable copy instead of the JSON answer.
      const copy = wantsPdf(request.headers.accept) ? { template: request.query.template ?? 'classic', ...(request.query.language === undefined ? {} : { language: request.query.language }) } : undefined;
      const { inspection, pdf } = await inspectInvoice(deps.inspection, {
        received: typeof request.body === 'string' ? { container: 'xml', xml: request.body } : { container: 'pdf', pdf: request.body as Buffer },
        caller,
        nowMs: now,
        onWindows: windowsHeaders(reply),
        ...(copy === undefined ? {} : { copy }),
      });
      if (pdf !== undefined) {
        return reply.type('application/pdf').header('content-disposition', 'inline; filename="invoice-copy.pdf"').send(pdf as never);
      }
      // The use-case's values are readonly; the schema's type is the same shape, mutable.
      return { success: true as const, ...inspection } as InspectInvoiceResponse;
    });
  };
}
