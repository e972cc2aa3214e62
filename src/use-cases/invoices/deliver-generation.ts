import { isAppError, type AppError } from '../../errors/app-error.ts';
import { forgetIdempotentGeneration } from '../../storage/repositories/idempotency-records-repository.ts';
import { deliverDocument } from './deliver-document.ts';
import { batchPdfFailed } from './batch-outcome.ts';
import type { GenerationDeps } from './generation-deps.ts';
import type { DeliveredItem } from './generation-items.ts';
import type { CommittedGeneration, GenerationPolicy, GenerationResult, GenerationRun } from './generation-policy.ts';
import { withdrawInvoice } from './withdraw-invoice.ts';

/**
 * A committed generation finished: the documents are made, in parallel (the PDFs on the worker
 * pool), then the generation is announced. An invoice whose document fails is withdrawn (count and
 * snapshot taken back); under a fail-whole policy that fails the request, with its event and its
 * Idempotency-Key's record. A generation in which every invoice was refused by the monthly quota is
 * refused as a whole (402), like one invoice, so that answer is not kept under its key. If the
 * announcement fails, nothing is answered and every invoice is withdrawn first.
 */
export async function deliverGeneration(deps: GenerationDeps, run: GenerationRun, policy: GenerationPolicy, committed: CommittedGeneration): Promise<GenerationResult> {
  const { log } = run;
  const { event, tie } = committed;
  const failures = new Map<number, AppError>(committed.failures);
  const along = policy.failWhole ? { event, tie } : {};
  const made = await Promise.all(committed.recorded.map(async (item): Promise<DeliveredItem | undefined> => {
    const { deliverable } = item;
    // A document made for the hosted link alone is not made once metering dropped the link.
    if (deliverable === undefined || (!deliverable.answers && item.issued.link === undefined)) return { ...item, document: undefined };
    try {
      return { ...item, document: await deliverDocument(deps, log, item, deliverable, along) };
    } catch (error) {
      if (policy.failWhole) throw error;
      // The item was withdrawn; whatever went wrong, the others stand (they are metered and kept).
      if (!isAppError(error)) log.error({ err: error }, 'batch item failed after numbering');
      failures.set(item.index, isAppError(error) ? error : batchPdfFailed());
      return undefined;
    }
  }));

  if (failures.size === committed.count && [...failures.values()].every((error) => error.code === 'monthly_limit_reached')) {
    throw failures.values().next().value!;
  }
  const delivered = made.filter((item) => item !== undefined);
  const result: GenerationResult = { nowMs: committed.nowMs, count: committed.count, failures, rateLimited: committed.rateLimited, admission: committed.admission, delivered, firstRequestId: committed.firstRequestId };
  try {
    await policy.announce(deps, run, result, event);
  } catch (error) {
    log.error({ invoice_numbers: delivered.map((item) => item.issued.invoice.number) }, 'event failed after numbering: the numbers are void and the documents were not metered');
    await withdrawAll(deps, policy, committed, delivered).catch((withdrawError: unknown) => log.error({ err: withdrawError }, 'invoices not withdrawn after their event failed'));
    throw error;
  }
  return result;
}

/** Every delivered invoice taken back, and the key's record, so a retry with the key runs afresh. */
async function withdrawAll(deps: GenerationDeps, policy: GenerationPolicy, committed: CommittedGeneration, delivered: readonly DeliveredItem[]): Promise<void> {
  const { tie, event } = committed;
  if (policy.failWhole) {
    await Promise.all(delivered.map((item) => withdrawInvoice(deps.db, item, { event, tie })));
    return;
  }
  if (tie !== undefined) await deps.inTransaction((tx) => forgetIdempotentGeneration(tx, tie.claim.scope, tie.claim.key));
  await Promise.all(delivered.map((item) => withdrawInvoice(deps.db, item)));
}
