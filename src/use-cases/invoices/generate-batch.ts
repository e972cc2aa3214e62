import type { AccountCaller } from '../caller.ts';
import { DOCUMENT_CATALOG } from '../documents/document-makers.ts';
import type { KeptResponse } from '../idempotency/idempotency-store.ts';
import { startKeyedGeneration } from '../idempotency/start-keyed-generation.ts';
import { peekGenerations } from '../limits/admit-generations.ts';
import { batchOutcome, type BatchOutcome } from './batch-outcome.ts';
import { EACH_ITEM } from './batch-policy.ts';
import type { GenerationContext } from './generation-context.ts';
import type { GenerationDeps } from './generation-deps.ts';
import type { GenerationInput } from './generation-items.ts';
import { runGeneration } from './run-generation.ts';

/** The spec's Limits: 1 to 50 invoices per batch. */
export const MAX_BATCH_ITEMS = 50;

/** One batch request as the route read it: each element checked on its own. */
export interface BatchRequest extends GenerationContext {
  /** The body as sent: what its Idempotency-Key's fingerprint is taken of (D23). */
  readonly body: unknown;
  readonly items: readonly GenerationInput[];
  readonly caller: AccountCaller;
}

export type BatchGeneration = { readonly kind: 'replay'; readonly response: KeptResponse } | { readonly kind: 'batch'; readonly outcome: BatchOutcome };

/**
 * POST /api/batch from start to finish: the Idempotency-Key (D23), then the same generation
 * pipeline as one invoice's (run-generation.ts), each invoice failing alone with its index
 * (batch-policy.ts). A batch its key's earlier request committed and never answered is finished,
 * not run again.
 */
export async function generateBatch(deps: GenerationDeps, request: BatchRequest): Promise<BatchGeneration> {
  const { caller, nowMs, items, log } = request;
  const start = await startKeyedGeneration(deps.idempotency, request, 'batch', request.body);
  if (start.replay !== undefined) {
    // A replay is neither counted nor metered; its headers show the windows as they are.
    await peekGenerations(deps, caller, nowMs, request.onWindows);
    return { kind: 'replay', response: start.replay };
  }
  const ports = { pdfRenderer: deps.pdfRenderer, onFailure: (reason: string) => log.error({ reason }, 'hosted document build failed') };
  const run = { caller, nowMs, log, onWindows: request.onWindows, catalog: deps.catalog ?? DOCUMENT_CATALOG, ports };
  const result = await runGeneration(deps, run, items, EACH_ITEM, start.tie);
  return { kind: 'batch', outcome: batchOutcome(result, result.delivered) };
}
