import { validate } from 'virtual:invoice-request-validator';
import { computeInvoice } from '../../../src/domain/invoice/compute-invoice.ts';
import { normalizeInvoiceRequest } from '../../../src/requests/normalize-invoice-request.ts';
import { isAppError } from '../../../src/errors/app-error.ts';
import type { ErrorCode } from '../../../src/errors/error-codes.ts';
import { mapValidationError, pickSchemaIssue } from '../../../src/requests/map-validation-error.ts';
import { utcDate } from '../../../src/lib/utc-date.ts';
import type { InvoiceRequest } from '../../../src/domain/invoice/invoice-request-schema.ts';
import type { Invoice } from '../../../src/domain/invoice/invoice-schema.ts';

/** What the number of a previewed invoice without its own number reads: no number is drawn. */
export const PREVIEW_NUMBER = 'PREVIEW';

/** The invoice, or the refusal generate-invoice would answer for the same body (its code and message). */
export type LiveTotals =
  | { readonly ok: true; readonly invoice: Invoice }
  | { readonly ok: false; readonly error: { readonly code: ErrorCode; readonly message: string } };

/**
 * The generator's live totals, computed in the browser (D44): the body goes through the server's
 * own steps for POST /api/generate-invoice — the aliases folded (D13), the schema checked (the same
 * Ajv, built into the bundle), the engine run — so typing costs no request and no endpoint computes
 * totals for free. What the server adds around this is left out on purpose: no invoice number is
 * drawn (the one sent, else "PREVIEW"), nothing is counted or metered, and output, features and
 * images are checked but not acted on. `nowMs` gives today's UTC date, the default issue date, as
 * the server's clock would.
 *
 * This module is also an entry of the web build (web/vite.config.ts), so test/web/live-totals-
 * parity.test.ts loads the very file the browser runs and compares it with the server.
 */
export function computeLiveTotals(body: unknown, nowMs: number): LiveTotals {
  try {
    const request = normalizeInvoiceRequest(body);
    if (!validate(request)) throw mapValidationError(pickSchemaIssue(validate.errors!), request);
    const valid = request as InvoiceRequest;
    return { ok: true, invoice: computeInvoice(valid, { today: utcDate(nowMs), number: valid.invoice?.number ?? PREVIEW_NUMBER }) };
  } catch (error) {
    if (isAppError(error)) return { ok: false, error: { code: error.code, message: error.message } };
    throw error;
  }
}
