import { AppError } from '../errors/app-error.ts';
import { anonymousInvoiceNumber } from '../domain/invoice/anonymous-invoice-number.ts';
import { computeInvoice } from '../domain/invoice/compute-invoice.ts';
import type { InvoiceRequest } from '../schemas/invoice-request.ts';
import type { Invoice } from '../schemas/invoice-response.ts';
import { takeRandomBytes } from '../lib/random-bytes-pool.ts';
import { utcDate } from '../lib/utc-date.ts';
import type { Caller } from './caller.ts';

export interface GenerateInvoiceResult {
  readonly invoice: Invoice;
}

/**
 * One invoice for one caller: apply the caller-dependent defaults and refusals (D14, spec
 * Authentication rule 2), number it (D15) and compute it (D1–D12). `nowMs` is passed in so tests
 * can fix the date.
 */
export function generateInvoice(request: InvoiceRequest, caller: Caller, nowMs: number): GenerateInvoiceResult {
  if (caller.kind === 'anonymous') refuseAnonymousExtras(request);
  const today = utcDate(nowMs);
  const number = request.invoice?.number ?? anonymousInvoiceNumber(request.invoice?.date ?? today, takeRandomBytes(6));
  return { invoice: computeInvoice(request, { today, number }) };
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
