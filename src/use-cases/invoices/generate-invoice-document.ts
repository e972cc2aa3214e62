import type { BurstAdmission } from '../../domain/limits/burst-limiter.ts';
import { documentCost, meteringChoices, monthlyView, type MonthlyView } from '../../domain/limits/document-cost.ts';
import type { GenerationWarning } from '../../domain/limits/hosted-link-omitted.ts';
import type { Invoice } from '../../domain/invoice/invoice-schema.ts';
import type { InvoiceRequest } from '../../domain/invoice/invoice-request-schema.ts';
import type { PdfRenderer } from '../../render/pdf-renderer.ts';
import { holdIdempotencyClaim, keepIdempotentGeneration } from '../../storage/repositories/idempotency-records-repository.ts';
import type { AccountCaller, Caller } from '../caller.ts';
import type { KindFile } from '../../domain/documents/document-kind.ts';
import { pdfKindOf } from '../../domain/documents/kind-for.ts';
import type { DocumentPorts, PreparedDocument } from '../documents/document-maker.ts';
import { DOCUMENT_CATALOG, prepareDocument, type DocumentCatalog } from '../documents/document-makers.ts';
import { deliverDocument, type DeliveryDeps } from '../documents/deliver-document.ts';
import type { GenerationContext } from './generation-context.ts';
import { idempotencyClaimLost } from '../idempotency/idempotency-claim-lost.ts';
import { computeCallerInvoice } from './compute-caller-invoice.ts';
import { planAccountInvoice, type HostedLinkSettings } from './plan-account-invoice.ts';
import { keptInvoiceOf, recordAccountInvoice, type RecordedInvoice } from './record-account-invoice.ts';
import { refuseAnonymousExtras } from './refuse-anonymous-extras.ts';
import type { IdempotencyStore, KeptResponse } from '../idempotency/idempotency-store.ts';
import { serializeKeptGeneration, type IdempotencyTie } from '../idempotency/kept-generation.ts';
import { startKeyedGeneration } from '../idempotency/start-keyed-generation.ts';
import { admitGenerations, peekGenerations, type AdmissionDeps } from '../limits/admit-generations.ts';
import { quotaRefusal } from '../limits/limit-refusals.ts';
import { loadPdfImages } from './load-pdf-images.ts';
import { resumeAccountInvoice } from './resume-account-invoice.ts';
import { recordWebhookEvent } from '../webhooks/record-webhook-event.ts';

/** What a generation uses, chosen at start-up. */
export interface GenerationDeps extends AdmissionDeps, DeliveryDeps {
  readonly idempotency: IdempotencyStore;
  /** The PDF worker pool, started on first use (a JSON-only server never starts its workers). */
  readonly pdfRenderer: () => PdfRenderer;
  /** OUTBOUND_ALLOW_HOSTS: hosts whose images may be fetched from non-public addresses. */
  readonly allowHosts: readonly string[];
  /** Signs the hosted links of account invoices. */
  readonly links: HostedLinkSettings;
  /** error.upgrade_url of a 402. */
  readonly upgradeUrl: string;
  /** The kinds of document and their makers; the service's own unless a test extends them. */
  readonly catalog?: DocumentCatalog;
}

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
 * Authentication rule 2), the Idempotency-Key (D23), computing, admission to the burst windows
 * (D20), numbering and metering (D15, D21), the hosted snapshot (D24), the document (its kind's
 * maker, document-makers.ts), withdrawing on failure, and the webhook event (D28). An invoice is
 * computed, and its kind's checks run, before the request is admitted, so a request refused for its
 * own content uses no window slot (docs/limits.md); images load and the number is drawn after
 * admission, so a refused request never uses up a number.
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

  const catalog = deps.catalog ?? DOCUMENT_CATALOG;
  const output = body.output ?? 'json';
  const ports: DocumentPorts = { pdfRenderer: deps.pdfRenderer, onFailure: (reason) => request.log.error({ reason }, `${output} build failed`) };
  const { tie } = start;
  const resumes = tie?.resumes;
  // When the key's earlier request committed its generation and died before answering, that
  // generation is answered: not numbered, metered or announced again, and not counted again (its
  // windows are shown as they stand, like a replay's).
  const { recorded, prepared, admission } = tie !== undefined && resumes?.kind === 'invoice'
    ? { ...(await resumeAccountInvoice(deps, catalog, body, ports, { ...tie, resumes })), admission: await peekGenerations(deps, caller, nowMs, request.onWindows) }
    : await recordNewInvoice(deps, catalog, request, caller, ports, tie);

  const { planned } = recorded;
  if (prepared === undefined) {
    const monthly = monthlyView(recorded.metered.usage, deps.limits.plans[caller.tier], nowMs);
    return { kind: 'invoice', invoice: planned.invoice, admission, monthly, warnings: planned.warnings, requestId: recorded.firstRequestId ?? request.requestId };
  }
  // The link serves the PDF of the invoice's profile: when that is the document made, it is kept.
  const servesLink = planned.kind.key === pdfKindOf(planned.invoice.profile, catalog.kinds).key;
  const document = await deliverDocument(deps, request.log, recorded, prepared.write, servesLink);
  return { kind: 'document', document, file: prepared.file, hostedUrl: planned.link?.url, warnings: planned.warnings };
}

/**
 * A new account invoice from request to record: computed and prepared as its kind, admitted, its
 * images loaded when its document or its snapshot prints them, then numbered, metered, its snapshot
 * stored and its event written in one transaction.
 */
async function recordNewInvoice(
  deps: GenerationDeps,
  catalog: DocumentCatalog,
  request: GenerationRequest,
  caller: AccountCaller,
  ports: DocumentPorts,
  tie: IdempotencyTie | undefined,
): Promise<{ recorded: RecordedInvoice; prepared: PreparedDocument | undefined; admission: BurstAdmission }> {
  const { body, nowMs } = request;
  const plan = deps.limits.plans[caller.tier];
  const planned = planAccountInvoice(body, caller, nowMs, deps.links, catalog.kinds);
  const prepared = prepareDocument(catalog, planned.kind, planned, ports);
  const admission = await admitGenerations(deps, caller, 1, nowMs, request.onWindows);
  if (planned.kind.images !== 'none' || planned.link !== undefined) planned.images = await loadPdfImages(body, { allowHosts: deps.allowHosts, kinds: catalog.kinds });
  // The event is written with the count, number and snapshot, so it exists exactly when they do. A
  // document is made after the commit; its event is held until that succeeded.
  const held = prepared !== undefined;
  // The generation is written into its Idempotency-Key's record in the same transaction, so a retry
  // after this instance died between the commit and the answer resumes it
  // (resume-account-invoice.ts) rather than making a second invoice. The claim is checked first,
  // before anything is recorded: a refusal written nothing, which a shared SQLite transaction needs
  // (write-group.ts).
  const { outcome, event } = await deps.inTransaction(async (tx) => {
    if (tie !== undefined && !(await holdIdempotencyClaim(tx, tie.claim))) return { outcome: { kind: 'claim_lost' as const }, event: undefined };
    const choices = meteringChoices((withLink) => documentCost(planned.kind.meteredAs, withLink), planned.linkAsk);
    const recorded = await recordAccountInvoice(tx, planned, choices, caller, nowMs, plan);
    if (recorded.kind === 'refused') return { outcome: recorded, event: undefined };
    const data = { invoice: planned.invoice };
    const recordedEvent = await recordWebhookEvent(tx, { accountId: caller.accountId, type: 'invoice.generated', nowMs, data, held });
    if (tie !== undefined) {
      const kept = { kind: 'invoice' as const, requestId: tie.requestId, item: keptInvoiceOf(planned, recorded.metered), event: recordedEvent ?? null };
      await keepIdempotentGeneration(tx, tie.claim, serializeKeptGeneration(kept));
    }
    return { outcome: recorded, event: recordedEvent };
  });
  if (outcome.kind === 'claim_lost') throw idempotencyClaimLost();
  if (outcome.kind === 'refused') throw quotaRefusal(outcome.shortfall, caller.tier, plan, nowMs, deps.upgradeUrl);
  if (event !== undefined && !held) deps.onWebhookEvent();
  return { recorded: { planned, metered: outcome.metered, event, tie }, prepared, admission };
}
