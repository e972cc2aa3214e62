import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { HostedLink } from '../../domain/hosted/hosted-link.ts';
import type { InvoiceRequest } from '../../domain/invoice/invoice-request-schema.ts';
import type { PdfImage } from '../../domain/pdf/pdf-input.ts';
import type { Tables } from '../../storage/tables.ts';
import { accountInvoiceNumber } from './account-invoice-number.ts';
import type { AccountCaller } from '../caller.ts';
import { quotaShortfall, usageCeilings, type DocumentCost, type MeteringChoice, type MonthlyUsage } from '../../domain/limits/document-cost.ts';
import { hostedLinkOmitted, type GenerationWarning } from '../../domain/limits/hosted-link-omitted.ts';
import type { PlanLimits } from '../../domain/limits/plans.ts';
import { utcWindows } from '../../domain/limits/utc-windows.ts';
import type { Metered } from '../../domain/limits/metered.ts';
import { addMonthlyUsage, readMonthlyUsage } from '../../storage/repositories/monthly-usage-repository.ts';
import { insertHostedInvoice } from '../../storage/repositories/hosted-invoices-repository.ts';
import { keepHostedImage } from '../../storage/repositories/hosted-images-repository.ts';
import type { RecordedEvent } from '../webhooks/record-webhook-event.ts';
import type { IdempotencyTie, KeptInvoice } from '../idempotency/kept-generation.ts';
import { invoiceQr } from './compute-caller-invoice.ts';
import type { PlannedInvoice } from './plan-account-invoice.ts';

export type RecordOutcome =
  | { readonly kind: 'refused'; readonly shortfall: 'documents' | 'pdfs' }
  | { readonly kind: 'recorded'; readonly metered: Metered };

/**
 * Records a planned invoice in the caller's transaction: meters it (D21), draws its number when
 * none was sent (D15; a credit note's from its own sequence) and stores its hosted snapshot. The
 * quota check and the count are one conditional statement, so concurrent requests can never pass
 * the quota, and no numbered invoice or snapshot exists without its count, nor a count without
 * them. A refusal is returned, not thrown: on SQLite the transaction is shared with other requests'
 * writes (write-group.ts), and a refused quota check has written nothing. `keptImages` lets the
 * items of one transaction store a shared image once.
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
    invoice.number = await accountInvoiceNumber(tx, caller.accountId, invoice.document_type, invoice.date);
    // A SEPA QR built from the payment block carries the number as its reference.
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

/** Everything needed to render the invoice again, images as bytes. */
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
    request: JSON.stringify(withoutImages(planned.request)),
    qr_payload: planned.qr?.payload ?? null,
    logo_hash: logo.hash,
    logo_format: logo.format,
    signature_hash: signature.hash,
    signature_format: signature.format,
    created_at: nowMs,
    expires_at: expiresAtMs,
  });
}

/**
 * The request a snapshot keeps, to compute its documents again: without its logo and signature,
 * whose bytes the snapshot keeps by hash (a data: URI may be megabytes) and which no amount
 * depends on.
 */
function withoutImages(request: InvoiceRequest): InvoiceRequest {
  const { logo: _logo, ...from } = request.from;
  const { signature: _signature, ...rest } = request;
  return { ...rest, from };
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
  /** Its invoice.generated event, when a webhook subscribes; held until the document is made. */
  readonly event?: RecordedEvent | undefined;
  /** The Idempotency-Key its generation is tied to: withdrawing the invoice unties it. */
  readonly tie?: IdempotencyTie | undefined;
  /** Set when a retry resumed it: the id of the request that generated it (its meta.request_id). */
  readonly firstRequestId?: string | undefined;
}

/** What an Idempotency-Key's record keeps of one recorded invoice, for a retry to resume it. */
export function keptInvoiceOf(planned: PlannedInvoice, metered: Metered): KeptInvoice {
  return { invoice: planned.invoice, link: planned.link ?? null, metered, warnings: planned.warnings };
}
