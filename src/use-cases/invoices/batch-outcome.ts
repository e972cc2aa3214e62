import type { GenerationWarning } from '../../domain/limits/hosted-link-omitted.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Invoice } from '../../domain/invoice/invoice-schema.ts';
import type { GenerationState } from './generation-policy.ts';
import type { IssuedInvoice } from './generation-items.ts';

export type BatchItemResult =
  | { readonly index: number; readonly success: true; readonly invoice: Invoice; readonly warnings?: GenerationWarning[] }
  | { readonly index: number; readonly success: false; readonly error: AppError };

export interface BatchOutcome {
  /** One per item, in the order sent. */
  readonly results: readonly BatchItemResult[];
  readonly generated: number;
  /** A burst window or the monthly quota ran out part-way (D21). */
  readonly rateLimited: boolean;
}

/** Each item's result in the order sent: its error, else its invoice (and its warnings). */
export function batchOutcome(state: GenerationState, issued: readonly { readonly index: number; readonly issued: IssuedInvoice }[]): BatchOutcome {
  const byIndex = new Map(issued.map((item) => [item.index, item.issued]));
  const results = Array.from({ length: state.count }, (_item, index): BatchItemResult => {
    const error = state.failures.get(index);
    if (error !== undefined) return { index, success: false, error };
    const { invoice, warnings } = byIndex.get(index)!;
    return warnings.length === 0 ? { index, success: true, invoice } : { index, success: true, invoice, warnings: [...warnings] };
  });
  return { results, generated: state.count - state.failures.size, rateLimited: state.rateLimited };
}

/** batch.generated's data. */
export function batchEventData(outcome: BatchOutcome): object {
  return { count: outcome.results.length, generated: outcome.generated, rate_limited: outcome.rateLimited, results: batchResultsJson(outcome.results) };
}

/** A batch's results as JSON: the answer's `results`, and batch.generated's `data.results`. */
export function batchResultsJson(results: readonly BatchItemResult[]) {
  return results.map((result) => {
    if (result.success) return result;
    const { code, message, details } = result.error;
    return { index: result.index, success: false as const, error: { code, message, ...details } };
  });
}

/** An item whose PDF failed after its commit (it was withdrawn). */
export function batchPdfFailed(): AppError {
  return new AppError('pdf_error', 'The PDF could not be rendered. Retry this invoice; if it fails again, report the request id.');
}
