import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { DOCUMENT_KINDS } from '../../domain/documents/document-kinds.ts';
import { InvoiceRequestSchema } from '../../domain/invoice/invoice-request-schema.ts';
import { INVOICE_BODY_LIMIT_BYTES } from '../../requests/body-limits.ts';
import { compileRequestPartValidator, invoiceRequestValidator } from '../../requests/invoice-request-validator.ts';
import { ErrorResponseSchema } from '../../schemas/error-response.ts';
import { GenerateInvoiceResponseSchema } from '../../schemas/generate-invoice-response.ts';
import { generateInvoiceDocument } from '../../use-cases/invoices/generate-invoice-document.ts';
import type { GenerationDeps } from '../../use-cases/invoices/generation-deps.ts';
import { documentedSuccess } from '../documented-success.ts';
import { generationContext } from '../generation-context.ts';
import { installIdempotentReplies } from '../idempotent-replies.ts';
import { normalizeInvoiceBody } from '../normalize-invoice-body.ts';
import { CII_MEDIA_TYPE } from '../output-from-accept.ts';
import { resolveGenerationCaller, type CallerResolverDeps } from '../resolve-caller.ts';
import { sendGeneration } from '../send-generation.ts';
import { ACCOUNT_OR_ANONYMOUS } from '../openapi/security-requirements.ts';
import { IDEMPOTENT_REPLAYED_HEADER, RATE_LIMIT_HEADERS } from '../openapi/documented-headers.ts';
import { ANY_REQUEST, JSON_BODY, type ErrorCase } from '../openapi/error-answers.ts';

export interface GenerateInvoiceRouteDeps {
  readonly callers: CallerResolverDeps;
  readonly generation: GenerationDeps;
  /** Unix ms; injected so tests can stand at any window boundary. */
  readonly clock: () => number;
}

/** The OpenAPI description also lists the file answers of output "pdf", "ubl" and "cii". */
const documentFileAnswers = documentedSuccess({
  description: `The computed invoice as JSON (output "json", the default), as a PDF file (output "pdf", an attachment named invoice.pdf), or as XML, an attachment named invoice.xml: OASIS UBL 2.1 (output "ubl") or UN/CEFACT CII D16B (output "cii"), both application/xml. Without "output" in the body, Accept chooses: application/pdf → pdf, application/xml → ubl, ${CII_MEDIA_TYPE} → cii; anything else (*/*, a browser's Accept) → json. The body's "output" wins over Accept.`,
  headers: {
    'content-disposition': { type: 'string', description: 'For output "pdf": attachment; filename="invoice.pdf". For output "ubl": attachment; filename="invoice.xml".' },
    ...RATE_LIMIT_HEADERS,
    'idempotent-replayed': IDEMPOTENT_REPLAYED_HEADER,
    'x-hosted-url': { type: 'string', description: 'For output "pdf" and "ubl" with features.hosted_link on (the default for accounts): the 7-day signed link to the invoice. Output "json" carries it as invoice.hosted_url.' },
    'x-warnings': { type: 'string', description: 'For a document answer (output "pdf", "ubl", "cii"): the codes of the answer\'s warnings, comma-separated (output "json" has them in meta.warnings): hosted_link_omitted when the default hosted link was left out because the month\'s PDFs are used up; not_en16931 when output "ubl" was asked for without a profile and the request lacks what EN 16931 needs, so the UBL 2.1 document claims no EN 16931 conformance (no CustomizationID).' },
  },
  content: {
    'application/json': { schema: GenerateInvoiceResponseSchema },
    'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf', description: 'The PDF document in the requested template, language and page size. With profile factur-x or xrechnung a hybrid e-invoice: PDF/A-3b carrying the CII that output "cii" answers, as factur-x.xml (Factur-X / ZUGFeRD EN 16931) or xrechnung.xml (ZUGFeRD XRECHNUNG); docs/pdf.md.' } },
    'application/xml': { schema: { type: 'string', contentMediaType: 'application/xml', description: 'output "ubl": UBL 2.1 Invoice, or CreditNote for a credit note, with the profile\'s CustomizationID (docs/ubl.md); output "cii": UN/CEFACT CII D16B CrossIndustryInvoice (docs/cii.md). Both EN 16931 under the profile asked for.' } },
  },
});

/** The codes a document that could not be made answers, one per kind that makes one. */
const DOCUMENT_ERRORS: readonly ErrorCase[] = [...new Set(DOCUMENT_KINDS.flatMap((k) => ('errorCode' in k ? [k.errorCode] : [])))];

/**
 * Every error a generation can answer: the body's checks (D13, D14, D32, D39), the
 * caller (spec Authentication), the windows and the month (D20–D22), the Idempotency-Key (D23)
 * and the formats; batch items fail with the same codes inside a 200.
 */
export const GENERATION_ERRORS: readonly ErrorCase[] = [
  ...ANY_REQUEST, ...JSON_BODY,
  'invalid_currency', 'invalid_language', 'invalid_template', 'invalid_output', 'invalid_profile', 'e_invoice_incomplete', 'invalid_qr_type',
  'calculation_error', 'invalid_api_key', ['auth_required', 'anonymous_generation'], 'forbidden', 'monthly_limit_reached',
  'idempotency_key_conflict', ['idempotency_key_conflict', 'different_request'], 'rate_limit_exceeded', 'rate_limit_hourly', 'rate_limit_weekly',
  ...DOCUMENT_ERRORS, ['pdf_error', 'renderer_busy'], 'not_provisioned',
];

/** POST /api/generate-invoice. */
export function generateInvoiceRoute(deps: GenerateInvoiceRouteDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
  const replies = installIdempotentReplies(app as never, deps.generation.idempotency);

  app.post('/api/generate-invoice', {
    bodyLimit: INVOICE_BODY_LIMIT_BYTES,
    config: { swaggerTransform: documentFileAnswers, errors: GENERATION_ERRORS, errorHeaders: RATE_LIMIT_HEADERS, bodyTooLargeAdvice: 'Send smaller images (logo and signature: at most 2.5 MB each), or give them as https URLs.' },
    schema: {
      operationId: 'generateInvoice',
      summary: 'Compute one invoice',
      description: 'Computes the totals exactly and answers the invoice as JSON, PDF, UBL or CII: the body\'s output, or without one the Accept header (application/pdf, application/xml for UBL, ' + CII_MEDIA_TYPE + ' for CII; the body wins). Anonymous callers get JSON only: a file asked for by output or by Accept is 403 auth_required. camelCase keys and flat invoice metadata are accepted. Limited per hour and ISO week and metered per month; an Idempotency-Key replays the first answer for 24 hours.',
      tags: ['invoices'],
      // resolveGenerationCaller: a key or a session when sent, else anonymous (JSON totals only).
      security: ACCOUNT_OR_ANONYMOUS,
      headers: Type.Object({
        'idempotency-key': Type.Optional(Type.String({ description: '1 to 255 printable ASCII characters; a repeat of the same request with the same key within 24 hours gets the first answer again, with Idempotent-Replayed: true.' })),
      }),
      body: InvoiceRequestSchema,
      response: {
        200: GenerateInvoiceResponseSchema,
        '4xx': ErrorResponseSchema,
        '5xx': ErrorResponseSchema,
      },
    },
    preValidation: normalizeInvoiceBody,
    // The body is checked by the one InvoiceRequest validator, compiled in parts V8 optimises
    // (invoice-request-validator.ts); the headers with the same options.
    validatorCompiler: ({ schema, httpPart }) => (httpPart === 'body' ? invoiceRequestValidator : compileRequestPartValidator(schema as object)),
  }, async (request, reply) => {
    const now = deps.clock();
    const { authorization, cookie } = request.headers;
    // Without a credential the caller is anonymous by IP, with no lookup: the common, cheapest path.
    // D43: an account whose e-mail address is not confirmed comes back as anonymous too.
    const caller = authorization === undefined && cookie === undefined
      ? { kind: 'anonymous' as const, ip: request.ip }
      : await resolveGenerationCaller(request, deps.callers, now);
    const context = generationContext(request, reply, replies, now);
    const outcome = await generateInvoiceDocument(deps.generation, { ...context, body: request.body, caller });
    return sendGeneration(reply, outcome);
  });
  };
}
