import { AppError } from '../../errors/app-error.ts';
import { quotaShortfall, usageCeilings, type DocumentCost } from '../../domain/limits/document-cost.ts';
import { utcWindows } from '../../domain/limits/utc-windows.ts';
import type { EInvoiceChecker } from '../../einvoice-check/einvoice-checker.ts';
import { utcDate } from '../../lib/utc-date.ts';
import { addMonthlyUsage, readMonthlyUsage } from '../../storage/repositories/monthly-usage-repository.ts';
import { unverifiedAccountError } from '../accounts/unverified-account-error.ts';
import type { Caller } from '../caller.ts';
import type { DeliveryDeps } from '../invoices/deliver-document.ts';
import { admitGenerations, type AdmissionDeps, type WindowsListener } from '../limits/admit-generations.ts';
import { quotaRefusal } from '../limits/limit-refusals.ts';
import { inspectReceivedDocument, type ReceivedBody } from './inspect-received-document.ts';
import type { Inspection } from './inspection.ts';
import { renderReadableCopy } from './readable-copy.ts';
import type { Language, Template } from '../../domain/invoice/catalog.ts';
import type { PdfRenderer } from '../../render/pdf-renderer.ts';

/** What an inspection uses, chosen at start-up. */
export interface InspectionDeps extends AdmissionDeps, Pick<DeliveryDeps, 'inTransaction'> {
  /** The check workers, started on first use (a service that never inspects never starts them). */
  readonly checker: () => EInvoiceChecker;
  /** The PDF workers, for the readable copy. */
  readonly pdfRenderer: () => PdfRenderer;
  readonly upgradeUrl: string;
}

export interface InspectionInput {
  readonly received: ReceivedBody;
  readonly caller: Caller;
  readonly nowMs: number;
  readonly onWindows: WindowsListener;
  /** Asked for a readable PDF copy instead of the JSON answer; its language defaults to the document's. */
  readonly copy?: { readonly language?: Language; readonly template: Template };
}

export interface InspectionOutcome {
  readonly inspection: Inspection;
  /** The readable copy, when one was asked for. */
  readonly pdf?: Buffer;
}

/** An inspection is metered as one document (D51), like an e-invoice made; its readable copy is a PDF besides. */
const INSPECTION_COST: DocumentCost = { documentTenths: 10, pdfs: 0 };
const COPY_COST: DocumentCost = { documentTenths: 10, pdfs: 1 };

/**
 * POST /api/inspect-invoice and the MCP tool: a verified account's request, counted in its hourly
 * and weekly windows and metered as one document once the document was read. A month already used
 * up is refused before any work; the count itself is one conditional statement after it, so
 * concurrent inspections cannot pass the quota either.
 */
export async function inspectInvoice(deps: InspectionDeps, input: InspectionInput): Promise<InspectionOutcome> {
  const { caller, nowMs } = input;
  if (caller.kind === 'anonymous') {
    if (caller.unverified === true) throw unverifiedAccountError('Inspecting an e-invoice');
    throw new AppError('auth_required', 'Inspecting an e-invoice needs an API key or a signed-in session. Send Authorization: Bearer <API key>.', { variant: 'anonymous_generation' });
  }
  if (!caller.verified) throw unverifiedAccountError('Inspecting an e-invoice');
  const plan = deps.limits.plans[caller.tier];
  const monthStart = utcWindows(nowMs).monthStart;
  await admitGenerations(deps, caller, 1, nowMs, input.onWindows);
  const before = await deps.inTransaction((tx) => readMonthlyUsage(tx, caller.accountId, monthStart));
  const cost = input.copy === undefined ? INSPECTION_COST : COPY_COST;
  const shortfall = quotaShortfall(before, cost, plan);
  if (shortfall !== undefined) throw quotaRefusal(shortfall, caller.tier, plan, nowMs, deps.upgradeUrl);
  const today = utcDate(nowMs);
  const inspection = await inspectReceivedDocument(deps.checker(), input.received, today);
  let pdf: Buffer | undefined;
  if (input.copy !== undefined) {
    const language = input.copy.language ?? inspection.invoice?.invoice?.language ?? 'en';
    pdf = await renderReadableCopy(deps.pdfRenderer(), inspection, { language, template: input.copy.template }, today);
    if (pdf === undefined) {
      throw new AppError('invalid_document', 'The document could not be read into an invoice whose totals compute, so no copy can be printed; ask for the JSON answer (Accept: application/json) to see why.');
    }
  }
  const counted = await deps.inTransaction((tx) => addMonthlyUsage(tx, caller.accountId, monthStart, cost, usageCeilings(plan)));
  if (counted === undefined) throw quotaRefusal(quotaShortfall(before, cost, plan) ?? 'documents', caller.tier, plan, nowMs, deps.upgradeUrl);
  return pdf === undefined ? { inspection } : { inspection, pdf };
}
