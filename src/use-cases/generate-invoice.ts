import { AppError } from '../errors/app-error.ts';
import { anonymousInvoiceNumber } from '../domain/invoice/anonymous-invoice-number.ts';
import { computeInvoice } from '../domain/invoice/compute-invoice.ts';
import type { InvoiceRequest } from '../schemas/invoice-request.ts';
import type { Invoice } from '../schemas/invoice-response.ts';
import { takeRandomBytes } from '../lib/random-bytes-pool.ts';
import { utcDate } from '../lib/utc-date.ts';
import type { Kysely } from 'kysely';
import type { Tables } from '../storage/tables.ts';
import { accountInvoiceNumber } from './account-invoice-number.ts';
import type { AccountCaller, Caller } from './caller.ts';
import { resolveInvoiceQr, type InvoiceQr } from '../domain/qr/resolve-invoice-qr.ts';
import { documentCost, quotaShortfall, usageCeilings, type DocumentCost, type MeteredOutput, type MonthlyUsage } from '../domain/limits/document-cost.ts';
import type { PlanLimits } from '../domain/limits/plans.ts';
import { utcWindows } from '../domain/limits/utc-windows.ts';
import { addMonthlyUsage, readMonthlyUsage, subtractMonthlyUsage } from '../storage/repositories/monthly-usage-repository.ts';
import { quotaRefusal } from './limits/limit-refusals.ts';
import type { TransactionRunner } from '../storage/write-group.ts';

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
 * number is drawn by generateAccountInvoice once this has succeeded.
 */
export function generateInvoice(request: InvoiceRequest, caller: Caller, nowMs: number): GenerateInvoiceResult {
  const today = utcDate(nowMs);
  const number = request.invoice?.number
    ?? (caller.kind === 'anonymous' ? anonymousInvoiceNumber(issueDateOf(request, nowMs), takeRandomBytes(6)) : PENDING_NUMBER);
  const invoice = computeInvoice(request, { today, number });
  const qr = caller.kind === 'anonymous' ? undefined : invoiceQr(request, invoice);
  if (qr !== undefined) invoice.qr = { source: qr.source, type: qr.type };
  return { invoice, qr };
}

/** D25 with D14's default (features.qr is on for authenticated callers unless turned off). */
function invoiceQr(request: InvoiceRequest, invoice: Invoice): InvoiceQr | undefined {
  return resolveInvoiceQr({
    payment: request.payment,
    featuresQr: request.features?.qr ?? true,
    hostedUrl: undefined,
    balanceDue: invoice.balance_due,
    currency: invoice.currency,
    invoiceNumber: invoice.number,
  });
}

/** What metering needs to know about an account's generation (D21). */
export interface MeterInput {
  readonly plan: PlanLimits;
  readonly output: MeteredOutput;
  /** error.upgrade_url of the 402. */
  readonly upgradeUrl: string;
}

/** A cost recorded against an account's month, so it can be taken back (refundDocument). */
export interface Metered {
  readonly accountId: string;
  readonly monthStart: number;
  readonly cost: DocumentCost;
  /** The month's usage including this document. */
  readonly usage: MonthlyUsage;
}

export interface AccountInvoiceResult extends GenerateInvoiceResult {
  readonly metered: Metered;
}

/**
 * An account's invoice, metered. The number is drawn from the account's sequence only after
 * validation and computation have succeeded, so a refused request never uses up a number (D15
 * gap-free). The month's usage is counted in the same transaction that draws the number (D21):
 * the quota check and the count are one conditional statement, so concurrent requests can never
 * pass the quota, and no numbered invoice exists without its count, nor a count without it.
 */
export async function generateAccountInvoice(
  inTransaction: TransactionRunner,
  request: InvoiceRequest,
  caller: AccountCaller,
  nowMs: number,
  meter: MeterInput,
  /** Further checks that may still refuse the request (the PDF's images), run before numbering. */
  beforeNumbering?: (result: GenerateInvoiceResult) => Promise<void>,
): Promise<AccountInvoiceResult> {
  const result = generateInvoice(request, caller, nowMs);
  await beforeNumbering?.(result);
  const cost = documentCost(meter.output);
  const monthStart = utcWindows(nowMs).monthStart;
  const refuse = (shortfall: 'documents' | 'pdfs') => quotaRefusal(shortfall, caller.tier, meter.plan, nowMs, meter.upgradeUrl);
  // A cost that could not fit even an empty month is refused without touching the database.
  const alone = quotaShortfall({ documentTenths: 0, pdfs: 0 }, cost, meter.plan);
  if (alone !== undefined) throw refuse(alone);
  // The refusal is returned, not thrown, inside the transaction: on SQLite it is shared with
  // other requests' writes (write-group.ts), and a refused quota check has written nothing.
  const outcome = await inTransaction(async (tx) => {
    const after = await addMonthlyUsage(tx, caller.accountId, monthStart, cost, usageCeilings(meter.plan));
    if (after === undefined) return { kind: 'refused' as const, usage: await readMonthlyUsage(tx, caller.accountId, monthStart) };
    const number = request.invoice?.number === undefined ? await accountInvoiceNumber(tx, caller.accountId, result.invoice.date) : undefined;
    return { kind: 'metered' as const, usage: after, number };
  });
  if (outcome.kind === 'refused') throw refuse(quotaShortfall(outcome.usage, cost, meter.plan) ?? 'documents');
  const usage = outcome.usage;
  if (outcome.number !== undefined) result.invoice.number = outcome.number;
  // A SEPA QR built from the payment block carries the number as its reference (D25).
  if (request.invoice?.number === undefined && result.qr !== undefined) result.qr = invoiceQr(request, result.invoice);
  return { ...result, metered: { accountId: caller.accountId, monthStart, cost, usage } };
}

/**
 * Takes a metered document back when it could not be delivered after its transaction committed
 * (the PDF failed to render): only successful generations are metered (D21). The invoice number
 * stays used; the caller logs it as void.
 */
export async function refundDocument(db: Kysely<Tables>, metered: Metered): Promise<void> {
  await subtractMonthlyUsage(db, metered.accountId, metered.monthStart, metered.cost);
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
