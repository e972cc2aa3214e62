import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { normalizeInvoiceRequest } from '../../domain/invoice/normalize-invoice-request.ts';
import { ErrorResponseSchema } from '../../schemas/error-response.ts';
import { GenerateInvoiceResponseSchema } from '../../schemas/generate-invoice-response.ts';
import { InvoiceRequestSchema } from '../../schemas/invoice-request.ts';
import type { Invoice } from '../../schemas/invoice-response.ts';
import { generateAccountInvoice, generateInvoice } from '../../use-cases/generate-invoice.ts';
import { buildMeta } from '../build-meta.ts';
import { resolveCaller, type CallerResolverDeps } from '../resolve-caller.ts';
import type { PdfRenderer } from '../../render/pdf-renderer.ts';
import { prepareInvoicePdf, type PreparedPdf } from '../../use-cases/prepare-invoice-pdf.ts';
import { prepareInvoiceUbl } from '../../use-cases/prepare-invoice-ubl.ts';

/** D27: one invoice may carry two 2.5 MB images as base64, so 8 MB. */
export const INVOICE_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

export interface GenerateInvoiceRouteDeps extends CallerResolverDeps {
  /** The PDF renderer, started on first use (a JSON-only server never starts its workers). */
  readonly pdfRenderer: () => PdfRenderer;
  /** OUTBOUND_ALLOW_HOSTS: hosts whose images may be fetched from non-public addresses (D26). */
  readonly outboundAllowHosts: readonly string[];
}

/**
 * The OpenAPI description also lists the file answers of output "pdf" and "ubl" (issues 4, 5).
 * They are added only when the description is generated: a per-content-type response schema at
 * run time would make Fastify parse the content type of every JSON answer to pick its serializer,
 * and the files are sent as they are, never serialized.
 */
const documentFileAnswers: SwaggerTransform = ({ schema, url }) => ({
  url,
  schema: {
    ...schema,
    response: {
      ...(schema.response as Record<string, unknown>),
      200: {
        description: 'The computed invoice as JSON (output "json", the default), as a PDF file (output "pdf", an attachment named invoice.pdf), or as OASIS UBL 2.1 Invoice XML (output "ubl", EN 16931 core, an attachment named invoice.xml).',
        headers: {
          'content-disposition': { type: 'string', description: 'For output "pdf": attachment; filename="invoice.pdf". For output "ubl": attachment; filename="invoice.xml".' },
        },
        content: {
          'application/json': { schema: GenerateInvoiceResponseSchema },
          'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf', description: 'The PDF document in the requested template, language and page size (D29–D31).' } },
          'application/xml': { schema: { type: 'string', contentMediaType: 'application/xml', description: 'UBL 2.1 Invoice (urn:oasis:names:specification:ubl:schema:xsd:Invoice-2) with CustomizationID urn:cen.eu:en16931:2017; mapping in docs/ubl.md.' } },
        },
      },
    },
  },
});

/** POST /api/generate-invoice. */
export function generateInvoiceRoute(deps: GenerateInvoiceRouteDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
  app.post('/api/generate-invoice', {
    bodyLimit: INVOICE_BODY_LIMIT_BYTES,
    config: { swaggerTransform: documentFileAnswers },
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
      const body = request.body;
      const caller = await resolveCaller(request, deps, now);
      if (caller.kind === 'anonymous') return answer(generateInvoice(body, caller, now).invoice, now, true);
      const output = body.output ?? 'json';
      if (output === 'json') return answer((await generateAccountInvoice(deps.db, body, caller, now)).invoice, now, false);
      if (output === 'ubl') {
        let write: ((numbered: Invoice) => string) | undefined;
        const { invoice } = await generateAccountInvoice(deps.db, body, caller, now, async (result) => {
          write = prepareInvoiceUbl(result.invoice, (reason) => request.log.error({ reason }, 'ubl build failed'));
        });
        // Spec: output ubl answers UBL 2.1 Invoice XML as application/xml (docs/ubl.md).
        return reply
          .type('application/xml; charset=utf-8')
          .header('content-disposition', 'attachment; filename="invoice.xml"')
          // A string is sent as it is; the 200 schema types only the JSON answer.
          .send(write!(invoice) as never);
      }

      let prepared: PreparedPdf | undefined;
      const { invoice } = await generateAccountInvoice(deps.db, body, caller, now, async (result) => {
        prepared = await prepareInvoicePdf(body, result.qr, { allowHosts: deps.outboundAllowHosts });
      });
      const pdf = await deps.pdfRenderer().render(prepared!.view(invoice), prepared!.assets);
      // Spec: output pdf answers application/pdf as an attachment named invoice.pdf (D31).
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="invoice.pdf"')
        // A Buffer is sent as it is; the 200 schema types only the JSON answer.
        .send(pdf as never);
    })();
  });
  };
}
