import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../errors/app-error.ts';
import { anonymousInvoiceNumber } from '../../domain/invoice/anonymous-invoice-number.ts';
import { computeInvoice } from '../../domain/invoice/compute-invoice.ts';
import { newHostedLink, type HostedLink } from '../../domain/hosted/hosted-link.ts';
import type { PdfImage, PdfImages } from '../../domain/pdf/pdf-input.ts';
import type { InvoiceRequest } from '../../domain/invoice/invoice-request-schema.ts';
import type { Invoice } from '../../domain/invoice/invoice-schema.ts';
import { takeRandomBytes } from '../../lib/random-bytes-pool.ts';
import { utcDate } from '../../lib/utc-date.ts';
import type { Tables } from '../../storage/tables.ts';
import { accountInvoiceNumber } from './account-invoice-number.ts';
import type { AccountCaller, AnonymousCaller, Caller } from '../caller.ts';
import { unverifiedAccountError } from '../accounts/unverified-account-error.ts';
import { resolveInvoiceQr, type InvoiceQr } from '../../domain/qr/resolve-invoice-qr.ts';
import { quotaShortfall, usageCeilings, type DocumentCost, type HostedLinkAsk, type MeteringChoice, type MonthlyUsage } from '../../domain/limits/document-cost.ts';
import { hostedLinkOmitted, type GenerationWarning } from '../../domain/limits/hosted-link-omitted.ts';
import type { PlanLimits } from '../../domain/limits/plans.ts';
import { utcWindows } from '../../domain/limits/utc-windows.ts';
import type { Metered } from '../../domain/limits/metered.ts';
import { addMonthlyUsage, readMonthlyUsage, subtractMonthlyUsage } from '../../storage/repositories/monthly-usage-repository.ts';
import { deleteHostedInvoice, insertHostedInvoice } from '../../storage/repositories/hosted-invoices-repository.ts';
import { keepHostedImage } from '../../storage/repositories/hosted-images-repository.ts';
import { deleteWebhookEvent } from '../../storage/repositories/webhook-outbox-repository.ts';
import type { RecordedEvent } from '../webhooks/record-webhook-event.ts';
import { forgetIdempotentGeneration } from '../../storage/repositories/idempotency-records-repository.ts';
import type { IdempotencyTie, KeptInvoice } from '../idempotency/kept-generation.ts';

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
export function invoiceQr(request: InvoiceRequest, invoice: Invoice): InvoiceQr | undefined {
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
  /** D24, D14: on unless features.hosted_link is false; dropped at metering when only defaulted (D42). */
  link: HostedLink | undefined;
  /** How the request asked for the link: what metering may do when its cost does not fit (D42). */
  readonly linkAsk: HostedLinkAsk;
  images: PdfImages | undefined;
  /** meta.warnings of the answer (D42: a defaulted link left out). */
  readonly warnings: GenerationWarning[];
}

/** Computes an account's invoice with its hosted link; throws the request's AppError if it fails. */
export function planAccountInvoice(request: InvoiceRequest, caller: AccountCaller, nowMs: number, links: HostedLinkSettings): PlannedInvoice {
  const asked = request.features?.hosted_link;
  const linkAsk: HostedLinkAsk = asked === undefined ? 'default' : asked ? 'explicit' : 'off';
  const link = linkAsk === 'off' ? undefined : newHostedLink(links.secret, links.publicUrl, nowMs);
  return { ...generateInvoice(request, caller, nowMs, link), request, link, linkAsk, images: undefined, warnings: [] };
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
 * `choices` are tried in order (meteringChoices, D42): a defaulted hosted link whose cost does not
 * fit is dropped, with a warning, when the cost without it does. Each try is one conditional
 * statement; a refused try still locks the month's row on PostgreSQL (ON CONFLICT DO UPDATE locks
 * the row it did not update) and SQLite has one writer, so nothing can change between the tries.
 */
export async function recordAccountInvoice(
  tx: Transaction<Tables>,
  planned: PlannedInvoice,
  choices: readonly MeteringChoice[],
  caller: AccountCaller,
  nowMs: number,
  plan: PlanLimits,
  keptImages: Set<string> = new Set(),
): Promise<RecordOutcome> {
  const monthStart = utcWindows(nowMs).monthStart;
  let refused: 'documents' | 'pdfs' | undefined;
  let metered: { cost: DocumentCost; usage: MonthlyUsage; keepsLink: boolean } | undefined;
  for (const { cost, keepsLink } of choices) {
    // A cost that could not fit even an empty month is refused without touching the database.
    const alone = quotaShortfall({ documentTenths: 0, pdfs: 0 }, cost, plan);
    const usage = alone === undefined ? await addMonthlyUsage(tx, caller.accountId, monthStart, cost, usageCeilings(plan)) : undefined;
    if (usage !== undefined) {
      metered = { cost, usage, keepsLink };
      break;
    }
    refused = alone ?? quotaShortfall(await readMonthlyUsage(tx, caller.accountId, monthStart), cost, plan) ?? 'documents';
  }
  if (metered === undefined) return { kind: 'refused', shortfall: refused ?? 'documents' };
  const { cost, usage } = metered;
  if (!metered.keepsLink && planned.link !== undefined) dropHostedLink(planned, hostedLinkOmitted(refused ?? 'pdfs', caller.tier, plan));
  const { request, invoice, link } = planned;
  if (request.invoice?.number === undefined) {
    invoice.number = await accountInvoiceNumber(tx, caller.accountId, invoice.date);
    // A SEPA QR built from the payment block carries the number as its reference (D25).
    if (planned.qr !== undefined) planned.qr = invoiceQr(request, invoice);
  }
  if (link !== undefined) await storeSnapshot(tx, planned, link, caller.accountId, nowMs, keptImages);
  return { kind: 'recorded', metered: { accountId: caller.accountId, monthStart, cost, usage } };
}

/**
 * D42: the invoice goes without its defaulted link, and without a QR of it (a payment QR stays),
 * and the answer says why.
 */
function dropHostedLink(planned: PlannedInvoice, warning: GenerationWarning): void {
  planned.link = undefined;
  delete planned.invoice.hosted_url;
  delete planned.invoice.hosted_expires_at;
  planned.qr = invoiceQr(planned.request, planned.invoice);
  if (planned.qr === undefined) delete planned.invoice.qr;
  else planned.invoice.qr = { source: planned.qr.source, type: planned.qr.type };
  planned.warnings.push(warning);
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

/** An account's invoice as recorded: numbered, metered, its snapshot stored. */
export interface RecordedInvoice {
  readonly planned: PlannedInvoice;
  readonly metered: Metered;
  /** Its invoice.generated event (D28), when a webhook subscribes; held until the document is made. */
  readonly event?: RecordedEvent | undefined;
  /** The Idempotency-Key its generation is tied to: withdrawing the invoice unties it. */
  readonly tie?: IdempotencyTie | undefined;
  /** Set when a retry resumed it: the id of the request that generated it (its meta.request_id). */
  readonly firstRequestId?: string | undefined;
}

/** A claim lost between the key's claim and the commit: its lease ran out and a repeat took it over. */
export function idempotencyClaimLost(): AppError {
  return new AppError('idempotency_key_conflict', 'This request took so long that its hold on the Idempotency-Key ran out and a repeat of it took the key over; nothing was generated here. Repeat the request with the same key to receive that one\'s answer.');
}

/** What an Idempotency-Key's record keeps of one recorded invoice (issue 20 point 6). */
export function keptInvoiceOf(planned: PlannedInvoice, metered: Metered): KeptInvoice {
  return { invoice: planned.invoice, link: planned.link ?? null, metered, warnings: planned.warnings };
}

/**
 * Takes a recorded invoice back when its document could not be delivered after the transaction
 * committed (the PDF failed to render): only successful generations are metered (D21), and its
 * snapshot and held event go too, so no link or webhook points at an invoice nobody received. The invoice number stays
 * used; the caller logs it as void.
 */
export async function withdrawInvoice(db: Kysely<Tables>, recorded: RecordedInvoice): Promise<void> {
  const { metered, planned, event, tie } = recorded;
  // One transaction, so a crash in the middle cannot leave the key resuming an invoice that is
  // half taken back (issue 20 point 6).
  await db.transaction().execute(async (tx) => {
    // A retry with its Idempotency-Key runs afresh: a withdrawn invoice is never answered.
    if (tie !== undefined) await forgetIdempotentGeneration(tx, tie.claim.scope, tie.claim.key);
    await subtractMonthlyUsage(tx, metered.accountId, metered.monthStart, metered.cost);
    if (planned.link !== undefined) await deleteHostedInvoice(tx, planned.link.id);
    // Its event was held and is dropped: a failed generation is never announced (D28).
    if (event !== undefined) await deleteWebhookEvent(tx, event.id);
  });
}

/** The issue date the invoice will carry: invoice.date, else today in UTC (D14). */
export function issueDateOf(request: InvoiceRequest, nowMs: number): string {
  return request.invoice?.date ?? utcDate(nowMs);
}

/**
 * Spec Authentication rule 2: anonymous callers get JSON totals only (403 auth_required). An
 * unconfirmed account generating as anonymous (D43) is told to confirm its address instead
 * (403 unverified_account): signing in, which the auth_required message suggests, it has done.
 */
export function refuseAnonymousExtras(request: InvoiceRequest, caller: AnonymousCaller): void {
  const refuse = (what: string, fix: string): AppError => (caller.unverified === true
    ? unverifiedAccountError(what)
    : new AppError('auth_required', `${what} needs an API key or a signed-in session; anonymous callers get JSON totals only. Send Authorization: Bearer <API key>, or ${fix}.`, { variant: 'anonymous_generation' }));
  const output = request.output ?? 'json';
  if (output !== 'json') throw refuse(`output "${output}"`, 'use output "json"');
  for (const feature of ['hosted_link', 'qr'] as const) {
    if (request.features?.[feature] === true) throw refuse(`features.${feature}`, `set features.${feature} to false`);
  }
}
