import type { AccountCaller } from '../caller.ts';
import { generateInvoiceBatch, type BatchDeps, type BatchItemInput, type BatchOutcome } from './generate-invoice-batch.ts';
import type { KeptResponse } from '../idempotency/idempotency-store.ts';
import { startKeyedGeneration } from '../idempotency/start-keyed-generation.ts';
import { peekGenerations } from '../limits/admit-generations.ts';
import { resumeInvoiceBatch } from './resume-invoice-batch.ts';
import type { GenerationContext } from './generation-context.ts';

/** One batch request as the route read it: each element checked on its own. */
export interface BatchRequest extends GenerationContext {
  /** The body as sent: what its Idempotency-Key's fingerprint is taken of (D23). */
  readonly body: unknown;
  readonly items: readonly BatchItemInput[];
  readonly caller: AccountCaller;
}

export type BatchGeneration = { readonly kind: 'replay'; readonly response: KeptResponse } | { readonly kind: 'batch'; readonly outcome: BatchOutcome };

/**
 * POST /api/batch from start to finish: the Idempotency-Key (D23), then each invoice through the
 * same pieces as one invoice's generation (generate-invoice-batch.ts). A batch its key's earlier
 * request committed and never answered is finished, not run again.
 */
export async function generateBatch(deps: BatchDeps, request: BatchRequest): Promise<BatchGeneration> {
  const { caller, nowMs, items } = request;
  const start = await startKeyedGeneration(deps.idempotency, request, 'batch', request.body);
  if (start.replay !== undefined) {
    // A replay is neither counted nor metered; its headers show the windows as they are.
    await peekGenerations(deps, caller, nowMs, request.onWindows);
    return { kind: 'replay', response: start.replay };
  }
  const run = { caller, nowMs, log: request.log, onWindows: request.onWindows };
  const { tie } = start;
  const resumes = tie?.resumes;
  const outcome = tie !== undefined && resumes?.kind === 'batch'
    ? await resumeInvoiceBatch(deps, run, items, { ...tie, resumes })
    : await generateInvoiceBatch(deps, run, items, tie);
  return { kind: 'batch', outcome };
}
