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

export interface GenerateInvoiceResult {
  readonly invoice: Invoice;
  /** D25: the QR the PDF carries, checked; undefined when features.qr is off or there is none. */
  qr: InvoiceQr | undefined;
}

/** Stands in for an account's number until the computation has succeeded (see below). */
const PENDING_NUMBER = 'INV-PENDING';

/**
 * One invoice for one caller: apply the caller-dependent defaults and refusals (D14, spec
 * Authentication rule 2), number it (D15) and compute it (D1–D12). Pure but for randomness;
 * `nowMs` is passed in so tests can fix the date. Anonymous numbers are random; an account's
 * number is drawn by generateAccountInvoice once this has succeeded.
 */
export function generateInvoice(request: InvoiceRequest, caller: Caller, nowMs: number): GenerateInvoiceResult {
  if (caller.kind === 'anonymous') refuseAnonymousExtras(request);
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

/**
 * An account's invoice. The number is drawn from the account's sequence only after validation and
 * computation have succeeded, so a refused request never uses up a number (D15 gap-free).
 */
export async function generateAccountInvoice(
  db: Kysely<Tables>,
  request: InvoiceRequest,
  caller: AccountCaller,
  nowMs: number,
  /** Further checks that may still refuse the request (the PDF's images), run before numbering. */
  beforeNumbering?: (result: GenerateInvoiceResult) => Promise<void>,
): Promise<GenerateInvoiceResult> {
  const result = generateInvoice(request, caller, nowMs);
  await beforeNumbering?.(result);
  if (request.invoice?.number === undefined) {
    result.invoice.number = await accountInvoiceNumber(db, caller.accountId, result.invoice.date);
    // A SEPA QR built from the payment block carries the number as its reference (D25).
    if (result.qr !== undefined) result.qr = invoiceQr(request, result.invoice);
  }
  return result;
}

/** The issue date the invoice will carry: invoice.date, else today in UTC (D14). */
export function issueDateOf(request: InvoiceRequest, nowMs: number): string {
  return request.invoice?.date ?? utcDate(nowMs);
}

function refuseAnonymousExtras(request: InvoiceRequest): void {
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
