import { AppError } from '../errors/app-error.ts';
import { createWorkerPool, type WorkerPoolChoices } from '../lib/worker-pool.ts';
import type { CheckJob, CheckOutcome, ExamineOutcome } from './check-job.ts';
import type { EInvoiceChecker } from './einvoice-checker.ts';

/**
 * Default: one worker, which holds the compiled schemas and the rule sets it has run (about 170 MB
 * once warm); 20 s per document (then invalid_document and a new worker); 200 waiting.
 */
export type CheckWorkerPoolOptions = WorkerPoolChoices;

const WORKER_URL = new URL(import.meta.url.endsWith('.ts') ? './check-worker.ts' : './check-worker.js', import.meta.url);

/**
 * The official checks run off the event loop, in worker threads that each keep the compiled
 * schemas and rule sets: a large document never stalls other requests, and one that takes too
 * long is cut off.
 */
export function createCheckWorkerPool(options: CheckWorkerPoolOptions = {}): EInvoiceChecker {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const pool = createWorkerPool<CheckJob, CheckOutcome | ExamineOutcome>(WORKER_URL, {
    size: options.size ?? 1,
    timeoutMs,
    maxQueued: options.maxQueued ?? 200,
    // The old generation: 512 MB holds the compiled rule sets (about 75 MB live) and the largest
    // document checked within the time limit (a 2 MB UBL of 4,000 lines, 17 s); with 1536 MB V8
    // let garbage pile up to about 40 MB more under load. The young one: a rule-set run allocates
    // in bursts, and V8 left to itself grows it to about 120 MB and keeps those pages; 8 MB costs
    // no measurable speed (docs/performance.md, "Inspecting received e-invoices"). A PDF whose
    // streams would inflate past the old generation stops the worker: invalid_document.
    resourceLimits: { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 8 },
    ...(options.onFailure !== undefined ? { onFailure: options.onFailure } : {}),
  }, {
    failed: () => new AppError('check_error', 'The document could not be checked. Retry; if it fails again, report the request id.'),
    died: () => new AppError('invalid_document', 'Reading the document took more memory than any e-invoice needs, so it was stopped.'),
    timedOut: () => new AppError('invalid_document', `Checking the document took longer than ${timeoutMs / 1000} s, so it was stopped. Send documents of at most a few thousand lines.`),
    busy: (maxQueued) => new AppError('check_error', `The checker has ${maxQueued} documents waiting. Retry in a few seconds.`, { variant: 'checker_busy' }),
  });
  return {
    examine: async (xml, inPdf) => await pool.run({ kind: 'examine', xml, inPdf }) as ExamineOutcome,
    examinePdf: async (pdf) => await pool.run({ kind: 'examine-pdf', pdf }) as ExamineOutcome,
    check: async (xml, schema, ruleSets) => await pool.run({ kind: 'rules', xml, schema, ruleSets }) as CheckOutcome,
    close: () => pool.close(),
  };
}
