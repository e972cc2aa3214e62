import type { BurstAdmission } from '../../domain/limits/burst-limiter.ts';
import { monthlyView, type MonthlyView } from '../../domain/limits/document-cost.ts';
import type { GenerationWarning } from '../../domain/limits/hosted-link-omitted.ts';
import type { Invoice } from '../../domain/invoice/invoice-schema.ts';
import type { InvoiceRequest } from '../../domain/invoice/invoice-request-schema.ts';
import type { Caller } from '../caller.ts';
import type { KindFile } from '../../domain/documents/document-kind.ts';
import { DOCUMENT_CATALOG } from '../documents/document-makers.ts';
import type { GenerationContext } from './generation-context.ts';
import type { GenerationDeps } from './generation-deps.ts';
import { computeCallerInvoice } from './compute-caller-invoice.ts';
import { refuseAnonymousExtras } from './refuse-anonymous-extras.ts';
import type { KeptResponse } from '../idempotency/idempotency-store.ts';
import { startKeyedGeneration } from '../idempotency/start-keyed-generation.ts';
import { admitGenerations, peekGenerations } from '../limits/admit-generations.ts';
import { ONE_INVOICE } from './one-invoice-policy.ts';
import { runGeneration } from './run-generation.ts';

/** One generation request as the route read it. */
export interface GenerationRequest extends GenerationContext {
  readonly body: InvoiceRequest;
  readonly caller: Caller;
  /**
   * The operation its Idempotency-Key's fingerprint names (D23), 'generate-invoice' unless given:
   * another transport (the MCP tools, docs/mcp.md) names its own, so a key it used never replays
   * an answer of POST /api/generate-invoice, whose bytes are not a tool result, nor the reverse.
   */
  readonly operation?: string;
}

/** What the generation answers: a plain value the route writes out. */
export type GenerationOutcome =
  /** The first answer under the key, byte for byte. */
  | { readonly kind: 'replay'; readonly response: KeptResponse }
  /** output "json": the computed invoice and what its meta needs (D22). */
  | {
    readonly kind: 'invoice';
    readonly invoice: Invoice;
    readonly admission: BurstAdmission;
    /** The month's usage after this document; undefined for an anonymous caller. */
    readonly monthly: MonthlyView | undefined;
    readonly warnings: readonly GenerationWarning[];
    /** This request's id, or the first request's when this one resumed its generation. */
    readonly requestId: string;
  }
  /** A document as a file; `hostedUrl` is the link's when the invoice has one (D24). */
  | { readonly kind: 'document'; readonly document: Uint8Array | string; readonly file: KindFile; readonly hostedUrl: string | undefined; readonly warnings: readonly GenerationWarning[] };

/**
 * POST /api/generate-invoice from start to finish, for every output: the anonymous rules (spec
 * Authentication rule 2), the Idempotency-Key (D23), then for an account the generation pipeline
 * as a batch of one that fails as a whole (run-generation.ts, one-invoice-policy.ts): computing and
 * the kind's checks, admission to the burst windows (D20), numbering and metering (D15, D21), the
 * hosted snapshot (D24), the document (its kind's maker, document-makers.ts), withdrawing on
 * failure, and the webhook event (D28).
 */
export async function generateInvoiceDocument(deps: GenerationDeps, request: GenerationRequest): Promise<GenerationOutcome> {
  const { body, caller, nowMs } = request;
  if (caller.kind === 'anonymous') refuseAnonymousExtras(body, caller);
  // Most requests carry no key: they skip the store without a wait.
  const start = request.idempotencyKey === undefined ? { tie: undefined } : await startKeyedGeneration(deps.idempotency, request, request.operation ?? 'generate-invoice', body);
  if (start.replay !== undefined) {
    // A replay is neither counted nor metered; its headers show the windows as they are.
    await peekGenerations(deps, caller, nowMs, request.onWindows);
    return { kind: 'replay', response: start.replay };
  }
  if (caller.kind === 'anonymous') {
    const { invoice } = computeCallerInvoice(body, caller, nowMs);
    const admission = await admitGenerations(deps, caller, 1, nowMs, request.onWindows);
    return { kind: 'invoice', invoice, admission, monthly: undefined, warnings: [], requestId: request.requestId };
  }

  const output = body.output ?? 'json';
  const ports = { pdfRenderer: deps.pdfRenderer, onFailure: (reason: string) => request.log.error({ reason }, `${output} build failed`) };
  const run = { caller, nowMs, log: request.log, onWindows: request.onWindows, catalog: deps.catalog ?? DOCUMENT_CATALOG, ports };
  const result = await runGeneration(deps, run, [{ request: body }], ONE_INVOICE, start.tie);
  // Failing as a whole, a generation that returns delivered its one invoice.
  const item = result.delivered[0]!;
  const { issued } = item;
  if (item.document === undefined || item.deliverable === undefined) {
    const monthly = monthlyView(item.metered.usage, deps.limits.plans[caller.tier], nowMs);
    return { kind: 'invoice', invoice: issued.invoice, admission: result.admission, monthly, warnings: issued.warnings, requestId: result.firstRequestId ?? request.requestId };
  }
  return { kind: 'document', document: item.document, file: item.deliverable.prepared.file, hostedUrl: issued.link?.url, warnings: issued.warnings };
}
