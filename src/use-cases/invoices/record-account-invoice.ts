import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { HostedLink } from '../../domain/hosted/hosted-link.ts';
import type { InvoiceRequest } from '../../domain/invoice/invoice-request-schema.ts';
import type { PdfImage, PdfImages } from '../../domain/pdf/pdf-input.ts';
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
import type { KeptInvoice } from '../idempotency/kept-generation.ts';
import { invoiceQr } from './compute-caller-invoice.ts';
import type { PlannedInvoice } from './plan-account-invoice.ts';
import type { IssuedInvoice, ReadyItem, RecordedItem } from './generation-items.ts';

export type RecordOutcome =
  | { readonly kind: 'refused'; readonly shortfall: 'documents' | 'pdfs' }
  | { readonly kind: 'recorded'; readonly issued: IssuedInvoice; readonly metered: Metered };

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
  item: Pick<ReadyItem, 'planned' | 'images'>,
  choices: readonly MeteringChoice[],
  caller: AccountCaller,
  nowMs: number,
  plan: PlanLimits,
  keptImages: Set<string> = new Set(),
): Promise<RecordOutcome> {
  const { planned } = item;
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
  const kept: IssuedInvoice = !metered.keepsLink && planned.link !== undefined
    ? withoutHostedLink(planned, hostedLinkOmitted(refused ?? 'pdfs', caller.tier, plan))
    : { request: planned.request, invoice: planned.invoice, link: planned.link, qr: planned.qr, warnings: planned.warnings };
  const issued = kept.request.invoice?.number === undefined ? numbered(kept, await accountInvoiceNumber(tx, caller.accountId, kept.invoice.document_type, kept.invoice.date)) : kept;
  if (issued.link !== undefined) await storeSnapshot(tx, issued, item.images, issued.link, caller.accountId, nowMs, keptImages);
  return { kind: 'recorded', issued, metered: { accountId: caller.accountId, monthStart, cost, usage } };
}

/** The invoice under its drawn number; a SEPA QR built from the payment block carries the number as its reference. */
function numbered(issued: IssuedInvoice, number: string): IssuedInvoice {
  // Spread keeps each key where it was, so the answer's JSON keeps its field order.
  const invoice = { ...issued.invoice, number };
  return { ...issued, invoice, qr: issued.qr === undefined ? undefined : invoiceQr(issued.request, invoice) };
}

/**
 * D42: the invoice goes without its defaulted link, and without a QR of it (a payment QR stays),
 * and the answer says why.
 */
function withoutHostedLink(planned: PlannedInvoice, warning: GenerationWarning): IssuedInvoice {
  const invoice = { ...planned.invoice };
  delete invoice.hosted_url;
  delete invoice.hosted_expires_at;
  const qr = invoiceQr(planned.request, invoice);
  if (qr === undefined) delete invoice.qr;
  else invoice.qr = { source: qr.source, type: qr.type };
  return { request: planned.request, invoice, link: undefined, qr, warnings: [...planned.warnings, warning] };
}

/** Everything needed to render the invoice again, images as bytes. */
async function storeSnapshot(tx: Transaction<Tables>, issued: IssuedInvoice, images: PdfImages | undefined, link: HostedLink, accountId: string, nowMs: number, keptImages: Set<string>): Promise<void> {
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
  const logo = await keep(images?.logo);
  const signature = await keep(images?.signature);
  await insertHostedInvoice(tx, {
    id: link.id,
    account_id: accountId,
    invoice: JSON.stringify(issued.invoice),
    request: JSON.stringify(withoutImages(issued.request)),
    qr_payload: issued.qr?.payload ?? null,
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

/** What an Idempotency-Key's record keeps of one recorded invoice, for a retry to resume it. */
export function keptInvoiceOf(item: Pick<RecordedItem, 'issued' | 'metered'>): KeptInvoice {
  const { invoice, link, warnings } = item.issued;
  return { invoice, link: link ?? null, metered: item.metered, warnings };
}
