import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { normalizeInvoiceBody } from '../normalize-invoice-body.ts';
import { ErrorResponseSchema } from '../../schemas/error-response.ts';
import { GenerateInvoiceResponseSchema } from '../../schemas/generate-invoice-response.ts';
import { InvoiceRequestSchema } from '../../domain/invoice/invoice-request-schema.ts';
import type { Invoice } from '../../domain/invoice/invoice-schema.ts';
import { generateAccountInvoice, generateInvoice, refuseAnonymousExtras, type HostedLinkSettings, type PlannedInvoice, type RecordedInvoice } from '../../use-cases/generate-invoice.ts';
import { resumeAccountInvoice } from '../../use-cases/resume-account-invoice.ts';
import { deliverOrWithdraw, renderAccountPdf } from '../../use-cases/deliver-account-document.ts';
import { buildMeta } from '../build-meta.ts';
import { documentedSuccess } from '../documented-success.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { BurstAdmission } from '../../domain/limits/burst-limiter.ts';
import type { GenerationWarning } from '../../domain/limits/hosted-link-omitted.ts';
import { admitGenerations, peekGenerations, peekWindows, type AdmissionDeps } from '../admit-generation.ts';
import { setRateLimitHeaders } from '../rate-limit-headers.ts';
import { startIdempotentRequest } from '../start-idempotent-request.ts';
import { monthlyView, type MonthlyView } from '../../domain/limits/document-cost.ts';
import type { InvoiceRequest } from '../../domain/invoice/invoice-request-schema.ts';
import type { Caller } from '../../use-cases/caller.ts';
import type { IdempotencyStore } from '../../use-cases/idempotency/idempotency-store.ts';
import { installIdempotentReplies } from '../idempotent-replies.ts';
import type { TransactionRunner } from '../../storage/write-group.ts';
import { resolveGenerationCaller, type CallerResolverDeps } from '../resolve-caller.ts';
import type { PdfRenderer } from '../../render/pdf-renderer.ts';
import { prepareInvoiceUbl } from '../../use-cases/prepare-invoice-ubl.ts';

/** D27: one invoice may carry two 2.5 MB images as base64, so 8 MB. */
export const INVOICE_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

export interface GenerateInvoiceRouteDeps extends CallerResolverDeps, AdmissionDeps {
  /** The PDF renderer, started on first use (a JSON-only server never starts its workers). */
  readonly pdfRenderer: () => PdfRenderer;
  /** OUTBOUND_ALLOW_HOSTS: hosts whose images may be fetched from non-public addresses (D26). */
  readonly outboundAllowHosts: readonly string[];
  readonly idempotency: IdempotencyStore;
  /** error.upgrade_url of a 402. */
  readonly upgradeUrl: string;
  /** Unix ms; injected so tests can stand at any window boundary. */
  readonly clock: () => number;
  /** Runs the metering and numbering transaction (shared commits on SQLite). */
  readonly inTransaction: TransactionRunner;
  /** Signs the hosted links of account invoices (D24). */
  readonly links: HostedLinkSettings;
  /** Wakes the webhook worker when an event became due (D28). */
  readonly onWebhookEvent: () => void;
}

/** The OpenAPI description also lists the file answers of output "pdf" and "ubl" (issues 4, 5). */
const documentFileAnswers = documentedSuccess({
  description: 'The computed invoice as JSON (output "json", the default), as a PDF file (output "pdf", an attachment named invoice.pdf), or as OASIS UBL 2.1 Invoice XML (output "ubl", EN 16931 core, an attachment named invoice.xml).',
  headers: {
    'content-disposition': { type: 'string', description: 'For output "pdf": attachment; filename="invoice.pdf". For output "ubl": attachment; filename="invoice.xml".' },
    'x-request-id': { type: 'string', description: 'This request\'s id; quote it when reporting a problem.' },
    'x-ratelimit-limit-hourly': { type: 'integer', description: 'Generation requests allowed this UTC hour; absent when unlimited (D22).' },
    'x-ratelimit-remaining-hourly': { type: 'integer', description: 'Requests left this hour, after this one.' },
    'x-ratelimit-reset-hourly': { type: 'integer', description: 'Unix second the hour ends (D20).' },
    'x-ratelimit-limit-weekly': { type: 'integer', description: 'Generation requests allowed this ISO week (from Monday 00:00 UTC); absent when unlimited.' },
    'x-ratelimit-remaining-weekly': { type: 'integer', description: 'Requests left this week, after this one.' },
    'x-ratelimit-reset-weekly': { type: 'integer', description: 'Unix second the week ends.' },
    'x-ratelimit-limit-monthly': { type: 'integer', description: 'The weekly limit × 52 / 12, rounded down (meta.rate_limits.monthly_equivalent, D22).' },
    'idempotent-replayed': { type: 'string', enum: ['true'], description: 'Present on a replay of the first answer to this Idempotency-Key (D23).' },
    'x-hosted-url': { type: 'string', description: 'For output "pdf" and "ubl" with features.hosted_link on (the default for accounts): the 7-day signed link to the invoice (D24). Output "json" carries it as invoice.hosted_url.' },
    'x-warnings': { type: 'string', description: 'For output "ubl": the codes of the answer\'s warnings, comma-separated (output "json" has them in meta.warnings): hosted_link_omitted when the default hosted link was left out because the month\'s PDFs are used up (D42).' },
  },
  content: {
    'application/json': { schema: GenerateInvoiceResponseSchema },
    'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf', description: 'The PDF document in the requested template, language and page size (D29–D31).' } },
    'application/xml': { schema: { type: 'string', contentMediaType: 'application/xml', description: 'UBL 2.1 Invoice (urn:oasis:names:specification:ubl:schema:xsd:Invoice-2) with CustomizationID urn:cen.eu:en16931:2017; mapping in docs/ubl.md.' } },
  },
});

/** POST /api/generate-invoice. */
export function generateInvoiceRoute(deps: GenerateInvoiceRouteDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
  const replies = installIdempotentReplies(app as never, deps.idempotency);

  app.post('/api/generate-invoice', {
    bodyLimit: INVOICE_BODY_LIMIT_BYTES,
    config: { swaggerTransform: documentFileAnswers, bodyTooLargeAdvice: 'Send smaller images (logo and signature: at most 2.5 MB each), or give them as https URLs.' },
    schema: {
      operationId: 'generateInvoice',
      summary: 'Compute one invoice',
      description: 'Computes the totals exactly (D1–D12) and answers the invoice as JSON, PDF or UBL. camelCase keys and flat invoice metadata are accepted (D13). Limited per hour and ISO week and metered per month (D20–D22); an Idempotency-Key replays the first answer for 24 hours (D23).',
      tags: ['invoices'],
      headers: Type.Object({
        'idempotency-key': Type.Optional(Type.String({ description: '1 to 255 printable ASCII characters; a repeat of the same request with the same key within 24 hours gets the first answer again, with Idempotent-Replayed: true (D23).' })),
      }),
      body: InvoiceRequestSchema,
      response: {
        200: GenerateInvoiceResponseSchema,
        '4xx': ErrorResponseSchema,
        '5xx': ErrorResponseSchema,
      },
    },
    preValidation: normalizeInvoiceBody,
  }, (request, reply) => {
    // Anonymous requests without a key (no credential, no cookie, no Idempotency-Key) take the
    // short path: the pure computation, then one counter statement. Computed first so a request
    // refused for its own content (400, 422) uses no window slot, as in a batch (docs/limits.md);
    // the result is answered only once admitted, so a 429 never carries it.
    const headers = request.headers;
    if (headers.authorization === undefined && headers.cookie === undefined && headers['idempotency-key'] === undefined) {
      const now = deps.clock();
      const caller = { kind: 'anonymous' as const, ip: request.ip };
      refuseAnonymousExtras(request.body, caller);
      const { invoice } = generateInvoice(request.body, caller, now);
      return admit(reply, caller, now).then((admission) => jsonAnswer(request, reply, invoice, admission));
    }
    return generate(request, reply, request.body);
  });

  /** Counts the request in its windows, or refuses it with 429 (D20, D21); sets the headers. */
  function admit(reply: FastifyReply, caller: Caller, now: number): Promise<BurstAdmission> {
    return admitGenerations(deps, reply, caller, 1, now);
  }

  /** `requestId`: the first request's, when this one answers a generation it resumed. */
  function jsonAnswer(request: FastifyRequest, reply: FastifyReply, invoice: Invoice, admission: BurstAdmission, monthly?: MonthlyView, warnings?: readonly GenerationWarning[], requestId = request.id) {
    return { success: true as const, invoice, meta: buildMeta(requestId, reply.elapsedTime, admission, monthly, warnings), anonymous: monthly === undefined };
  }

  async function generate(request: FastifyRequest, reply: FastifyReply, body: InvoiceRequest) {
    const now = deps.clock();
    // D43: an account whose e-mail address is not confirmed comes back as anonymous.
    const caller = await resolveGenerationCaller(request, deps, now);
    if (caller.kind === 'anonymous') refuseAnonymousExtras(body, caller);

    const start = await startIdempotentRequest({ idempotency: deps.idempotency, replies }, request, reply, caller, 'generate-invoice', body,
      // A replay is neither counted nor metered (D21); its headers show the windows as they are.
      () => peekGenerations(deps, reply, caller, now));
    if (start.replayed) return reply;
    const { tie } = start;

    if (caller.kind === 'anonymous') {
      // Computed before it is counted, as on the short path above.
      const { invoice } = generateInvoice(body, caller, now);
      return jsonAnswer(request, reply, invoice, await admit(reply, caller, now));
    }
    const output = body.output ?? 'json';
    const meter = { plan: deps.limits.plans[caller.tier], output, upgradeUrl: deps.upgradeUrl };

    // generateAccountInvoice admits the request once the invoice is computed and checked.
    const account = {
      inTransaction: deps.inTransaction, links: deps.links, allowHosts: deps.outboundAllowHosts, onWebhookEvent: deps.onWebhookEvent,
      admit: () => admit(reply, caller, now),
    };
    const delivery = { db: deps.db, inTransaction: deps.inTransaction, pdfRenderer: deps.pdfRenderer, clock: deps.clock, onWebhookEvent: deps.onWebhookEvent };
    // Issue 20 point 6: when the key's earlier request committed its generation and died before
    // answering, that generation is answered: not numbered, metered or announced again, and not
    // counted again (its windows are shown as they stand, like a replay's, D21).
    const record = async (beforeNumbering?: (planned: PlannedInvoice) => void) => {
      const resumes = tie?.resumes;
      if (tie === undefined || resumes?.kind !== 'invoice') return generateAccountInvoice(account, body, caller, now, meter, beforeNumbering, tie);
      const recorded = await resumeAccountInvoice(account, body, output, { ...tie, resumes }, beforeNumbering);
      const windows = await peekWindows(deps, caller, now);
      setRateLimitHeaders(reply, windows);
      return { ...recorded, admission: windows };
    };

    if (output === 'json') {
      const { planned, metered, admission, firstRequestId } = await record();
      return jsonAnswer(request, reply, planned.invoice, admission, monthlyView(metered.usage, meter.plan, now), planned.warnings, firstRequestId);
    }
    if (output === 'ubl') {
      let write: ((numbered: Invoice) => string) | undefined;
      const recorded = await record((planned) => {
        write = prepareInvoiceUbl(planned.invoice, (reason) => request.log.error({ reason }, 'ubl build failed'));
      });
      const xml = await deliverOrWithdraw(delivery, request.log, recorded, async () => write!(recorded.planned.invoice));
      hostedUrlHeader(reply, recorded);
      // Spec: output ubl answers UBL 2.1 Invoice XML as application/xml (docs/ubl.md).
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', 'attachment; filename="invoice.xml"')
        // A string is sent as it is; the 200 schema types only the JSON answer.
        .send(xml as never);
    }

    const recorded = await record();
    const pdf = await renderAccountPdf(delivery, request.log, recorded);
    hostedUrlHeader(reply, recorded);
    // Spec: output pdf answers application/pdf as an attachment named invoice.pdf (D31).
    return reply
      .type('application/pdf')
      .header('content-disposition', 'attachment; filename="invoice.pdf"')
      // A Buffer is sent as it is; the 200 schema types only the JSON answer.
      .send(pdf as never);
  }
  };
}

/**
 * D24: with output pdf or ubl the hosted link comes back in a header; D42: a UBL answer whose
 * defaulted link was left out says so in X-Warnings, the codes of meta.warnings.
 */
function hostedUrlHeader(reply: FastifyReply, recorded: RecordedInvoice): void {
  if (recorded.planned.link !== undefined) reply.header('x-hosted-url', recorded.planned.link.url);
  if (recorded.planned.warnings.length > 0) reply.header('x-warnings', recorded.planned.warnings.map((warning) => warning.code).join(', '));
}
