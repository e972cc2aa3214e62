import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../errors/app-error.ts';
import { anonymousInvoiceNumber } from '../domain/invoice/anonymous-invoice-number.ts';
import { computeInvoice } from '../domain/invoice/compute-invoice.ts';
import { newHostedLink, type HostedLink } from '../domain/hosted/hosted-link.ts';
import type { PdfImage, PdfImages } from '../domain/pdf/pdf-input.ts';
import type { InvoiceRequest } from '../schemas/invoice-request.ts';
import type { Invoice } from '../schemas/invoice-response.ts';
import { takeRandomBytes } from '../lib/random-bytes-pool.ts';
import { utcDate } from '../lib/utc-date.ts';
import type { Tables } from '../storage/tables.ts';
import { accountInvoiceNumber } from './account-invoice-number.ts';
import type { AccountCaller, Caller } from './caller.ts';
import { resolveInvoiceQr, type InvoiceQr } from '../domain/qr/resolve-invoice-qr.ts';
import { documentCost, quotaShortfall, usageCeilings, type DocumentCost, type MeteredOutput, type MonthlyUsage } from '../domain/limits/document-cost.ts';
import type { PlanLimits } from '../domain/limits/plans.ts';
import { utcWindows } from '../domain/limits/utc-windows.ts';
import { addMonthlyUsage, readMonthlyUsage, subtractMonthlyUsage } from '../storage/repositories/monthly-usage-repository.ts';
import { deleteHostedInvoice, insertHostedInvoice } from '../storage/repositories/hosted-invoices-repository.ts';
import { keepHostedImage } from '../storage/repositories/hosted-images-repository.ts';
import { quotaRefusal } from './limits/limit-refusals.ts';
import { loadPdfImages } from './load-pdf-images.ts';
import type { TransactionRunner } from '../storage/write-group.ts';
import { deleteWebhookEvent } from '../storage/repositories/webhook-outbox-repository.ts';
import { recordWebhookEvent, type RecordedEvent } from './webhooks/record-webhook-event.ts';

export interface GenerateInvoiceResult {
  readonly invoice: Invoice;
  /** D25: the QR the PDF carries, checked; undefined when features.qr is off or there is none. */
  qr: InvoiceQr | undefined;
}

/** Stands in for an account's number until the computation has succeeded (see below). */
const PENDING_NUMBER = 'INV-PENDING';

/**
 * One invoice for one caller: apply the caller-dependent defaults (D14), number it (D15) and
 * compute it (D1–D12). An anonymous caller must have passed refuseAnonymousExtras first (the
 * route runs it before counting the request, spec Authentication rule 2). Pure but for randomness;
 * `nowMs` is passed in so tests can fix the date. Anonymous numbers are random; an account's
 * number is drawn by recordAccountInvoice once this has succeeded. With a hosted link (accounts
 * only) the invoice carries it, and the QR encodes it unless payment.qr is given (D25).
 */
export function generateInvoice(request: InvoiceRequest, caller: Caller, nowMs: number, link?: HostedLink): GenerateInvoiceResult {
  const today = utcDate(nowMs);
  const number = request.invoice?.number
    ?? (caller.kind === 'anonymous' ? anonymousInvoiceNumber(issueDateOf(request, nowMs), takeRandomBytes(6)) : PENDING_NUMBER);
  const invoice = computeInvoice(request, { today, number });
  if (link !== undefined) {
    invoice.hosted_url = link.url;
    invoice.hosted_expires_at = link.expiresAt;
  }
  const qr = caller.kind === 'anonymous' ? undefined : invoiceQr(request, invoice);
  if (qr !== undefined) invoice.qr = { source: qr.source, type: qr.type };
  return { invoice, qr };
}

/** D25 with D14's default (features.qr is on for authenticated callers unless turned off). */
function invoiceQr(request: InvoiceRequest, invoice: Invoice): InvoiceQr | undefined {
  return resolveInvoiceQr({
    payment: request.payment,
    featuresQr: request.features?.qr ?? true,
    hostedUrl: invoice.hosted_url,
    balanceDue: invoice.balance_due,
    currency: invoice.currency,
    invoiceNumber: invoice.number,
  });
}

/** What signing hosted links needs (D24). */
export interface HostedLinkSettings {
  /** LINK_SIGNING_SECRET. */
  readonly secret: string;
  /** PUBLIC_URL: links point at it. */
  readonly publicUrl: string;
}

/**
 * An account's invoice computed and checked, not yet numbered or metered. `images` are set when a
 * PDF or a hosted snapshot will need them (loadPdfImages), before anything is recorded.
 */
export interface PlannedInvoice extends GenerateInvoiceResult {
  readonly request: InvoiceRequest;
  /** D24, D14: on unless features.hosted_link is false. */
  readonly link: HostedLink | undefined;
  images: PdfImages | undefined;
}

/** Computes an account's invoice with its hosted link; throws the request's AppError if it fails. */
export function planAccountInvoice(request: InvoiceRequest, caller: AccountCaller, nowMs: number, links: HostedLinkSettings): PlannedInvoice {
  const link = (request.features?.hosted_link ?? true) ? newHostedLink(links.secret, links.publicUrl, nowMs) : undefined;
  return { ...generateInvoice(request, caller, nowMs, link), request, link, images: undefined };
}

/** A cost recorded against an account's month, so it can be taken back (refundDocument). */
export interface Metered {
  readonly accountId: string;
  readonly monthStart: number;
  readonly cost: DocumentCost;
  /** The month's usage including this document. */
  readonly usage: MonthlyUsage;
}

export type RecordOutcome =
  | { readonly kind: 'refused'; readonly shortfall: 'documents' | 'pdfs' }
  | { readonly kind: 'recorded'; readonly metered: Metered };

/**
 * Records a planned invoice in the caller's transaction: meters it (D21), draws its number when
 * none was sent (D15) and stores its hosted snapshot (D24). The quota check and the count are one
 * conditional statement, so concurrent requests can never pass the quota, and no numbered invoice
 * or snapshot exists without its count, nor a count without them. A refusal is returned, not
 * thrown: on SQLite the transaction is shared with other requests' writes (write-group.ts), and
 * a refused quota check has written nothing. `keptImages` lets the items of one transaction store
 * a shared image once.
 */
export async function recordAccountInvoice(
  tx: Transaction<Tables>,
  planned: PlannedInvoice,
  cost: DocumentCost,
  caller: AccountCaller,
  nowMs: number,
  plan: PlanLimits,
  keptImages: Set<string> = new Set(),
): Promise<RecordOutcome> {
  const monthStart = utcWindows(nowMs).monthStart;
  // A cost that could not fit even an empty month is refused without touching the database.
  const alone = quotaShortfall({ documentTenths: 0, pdfs: 0 }, cost, plan);
  if (alone !== undefined) return { kind: 'refused', shortfall: alone };
  const usage = await addMonthlyUsage(tx, caller.accountId, monthStart, cost, usageCeilings(plan));
  if (usage === undefined) {
    const now = await readMonthlyUsage(tx, caller.accountId, monthStart);
    return { kind: 'refused', shortfall: quotaShortfall(now, cost, plan) ?? 'documents' };
  }
  const { request, invoice, link } = planned;
  if (request.invoice?.number === undefined) {
    invoice.number = await accountInvoiceNumber(tx, caller.accountId, invoice.date);
    // A SEPA QR built from the payment block carries the number as its reference (D25).
    if (planned.qr !== undefined) planned.qr = invoiceQr(request, invoice);
  }
  if (link !== undefined) await storeSnapshot(tx, planned, link, caller.accountId, nowMs, keptImages);
  return { kind: 'recorded', metered: { accountId: caller.accountId, monthStart, cost, usage } };
}

/** D24: everything needed to render the invoice again, images as bytes. */
async function storeSnapshot(tx: Transaction<Tables>, planned: PlannedInvoice, link: HostedLink, accountId: string, nowMs: number, keptImages: Set<string>): Promise<void> {
  const expiresAtMs = link.expiresAt * 1000;
  const keep = async (image: PdfImage | undefined) => {
    if (image === undefined) return { hash: null, format: null };
    const hash = imageHash(image.bytes);
    if (!keptImages.has(hash)) {
      await keepHostedImage(tx, hash, image.bytes, expiresAtMs);
      keptImages.add(hash);
    }
    return { hash, format: image.format };
  };
  const logo = await keep(planned.images?.logo);
  const signature = await keep(planned.images?.signature);
  await insertHostedInvoice(tx, {
    id: link.id,
    account_id: accountId,
    invoice: JSON.stringify(planned.invoice),
    qr_payload: planned.qr?.payload ?? null,
    logo_hash: logo.hash,
    logo_format: logo.format,
    signature_hash: signature.hash,
    signature_format: signature.format,
    created_at: nowMs,
    expires_at: expiresAtMs,
  });
}

/** SHA-256 per image object: the items of a batch share one loaded logo, hashed once. */
const imageHashes = new WeakMap<Uint8Array, string>();
function imageHash(bytes: Uint8Array): string {
  let hash = imageHashes.get(bytes);
  if (hash === undefined) {
    hash = createHash('sha256').update(bytes).digest('hex');
    imageHashes.set(bytes, hash);
  }
  return hash;
}

/** What metering needs to know about an account's generation (D21). */
export interface MeterInput {
  readonly plan: PlanLimits;
  readonly output: MeteredOutput;
  /** error.upgrade_url of the 402. */
  readonly upgradeUrl: string;
}

export interface AccountInvoiceDeps {
  /** Runs the metering, numbering and snapshot transaction (shared commits on SQLite). */
  readonly inTransaction: TransactionRunner;
  readonly links: HostedLinkSettings;
  /** OUTBOUND_ALLOW_HOSTS (D26). */
  readonly allowHosts: readonly string[];
  /** Called when an event became due in this instance, so the webhook worker sends it now. */
  readonly onWebhookEvent: () => void;
}

/** An account's invoice as recorded: numbered, metered, its snapshot stored. */
export interface RecordedInvoice {
  readonly planned: PlannedInvoice;
  readonly metered: Metered;
  /** Its invoice.generated event (D28), when a webhook subscribes; held until the document is made. */
  readonly event?: RecordedEvent | undefined;
}

/**
 * One account invoice from request to record. The images are loaded when a PDF or a snapshot
 * needs them, and `beforeNumbering` may refuse the request (the UBL amounts), all before the
 * number is drawn, so a refused request never uses up a number (D15 gap-free).
 */
export async function generateAccountInvoice(
  deps: AccountInvoiceDeps,
  request: InvoiceRequest,
  caller: AccountCaller,
  nowMs: number,
  meter: MeterInput,
  beforeNumbering?: (planned: PlannedInvoice) => void,
): Promise<RecordedInvoice> {
  const planned = planAccountInvoice(request, caller, nowMs, deps.links);
  if (meter.output === 'pdf' || planned.link !== undefined) planned.images = await loadPdfImages(request, { allowHosts: deps.allowHosts });
  beforeNumbering?.(planned);
  // D28: the event is written with the count, number and snapshot, so it exists exactly when they
  // do. A PDF or UBL document is made after the commit; its event is held until that succeeded.
  const held = meter.output !== 'json';
  const { outcome, event } = await deps.inTransaction(async (tx) => {
    const recorded = await recordAccountInvoice(tx, planned, documentCost(meter.output), caller, nowMs, meter.plan);
    if (recorded.kind === 'refused') return { outcome: recorded, event: undefined };
    const data = { invoice: planned.invoice };
    return { outcome: recorded, event: await recordWebhookEvent(tx, { accountId: caller.accountId, type: 'invoice.generated', nowMs, data, held }) };
  });
  if (outcome.kind === 'refused') throw quotaRefusal(outcome.shortfall, caller.tier, meter.plan, nowMs, meter.upgradeUrl);
  if (event !== undefined && !held) deps.onWebhookEvent();
  return { planned, metered: outcome.metered, event };
}

/**
 * Takes a recorded invoice back when its document could not be delivered after the transaction
 * committed (the PDF failed to render): only successful generations are metered (D21), and its
 * snapshot and held event go too, so no link or webhook points at an invoice nobody received. The invoice number stays
 * used; the caller logs it as void.
 */
export async function withdrawInvoice(db: Kysely<Tables>, recorded: RecordedInvoice): Promise<void> {
  const { metered, planned, event } = recorded;
  await subtractMonthlyUsage(db, metered.accountId, metered.monthStart, metered.cost);
  if (planned.link !== undefined) await deleteHostedInvoice(db, planned.link.id);
  // Its event was held and is dropped: a failed generation is never announced (D28).
  if (event !== undefined) await deleteWebhookEvent(db, event.id);
}

/** The issue date the invoice will carry: invoice.date, else today in UTC (D14). */
export function issueDateOf(request: InvoiceRequest, nowMs: number): string {
  return request.invoice?.date ?? utcDate(nowMs);
}

export function refuseAnonymousExtras(request: InvoiceRequest): void {
  const output = request.output ?? 'json';
  if (output !== 'json') {
    throw new AppError('auth_required', `output "${output}" needs an API key or a signed-in session; anonymous callers get JSON totals only. Send Authorization: Bearer <API key>, or use output "json".`, { status: 403 });
  }
  for (const feature of ['hosted_link', 'qr'] as const) {
    if (request.features?.[feature] === true) {
      throw new AppError('auth_required', `features.${feature} needs an API key or a signed-in session; anonymous callers get JSON totals only. Send Authorization: Bearer <API key>, or set features.${feature} to false.`, { status: 403 });
    }
  }
}
