import { availableParallelism } from 'node:os';
import { AppError } from '../errors/app-error.ts';
import type { InvoiceView, PdfFileOptions, RenderAsset } from '../domain/pdf/invoice-view.ts';
import { createWorkerPool, type WorkerPoolChoices } from '../lib/worker-pool.ts';
import type { PdfRenderer } from './pdf-renderer.ts';
import type { RenderJob } from './pdf-worker.ts';

/** Default: one worker per core, 15 s per document (then pdf_error and a new worker), 500 waiting. */
export type PdfWorkerPoolOptions = WorkerPoolChoices;

// Source (.ts, run by type stripping) and build (.js) each load their own sibling.
const WORKER_URL = new URL(import.meta.url.endsWith('.ts') ? './pdf-worker.ts' : './pdf-worker.js', import.meta.url);

const renderFailed = () => new AppError('pdf_error', 'The PDF could not be rendered. Retry; if it fails again, send output "json" and report the request id.');

/**
 * Rendering runs off the event loop: a pool of worker threads, each with its own Typst compiler, so
 * JSON requests keep flowing while PDFs render. A render that fails or exceeds the time bound
 * rejects with pdf_error (no internals), and a worker that timed out or died is replaced.
 */
export function createPdfWorkerPool(options: PdfWorkerPoolOptions = {}): PdfRenderer {
  const pool = createWorkerPool<Omit<RenderJob, 'id'>, { pdf: Uint8Array }>(WORKER_URL, {
    size: options.size ?? availableParallelism(),
    timeoutMs: options.timeoutMs ?? 15_000,
    maxQueued: options.maxQueued ?? 500,
    ...(options.onFailure !== undefined ? { onFailure: options.onFailure } : {}),
  }, {
    failed: renderFailed,
    busy: (maxQueued) => new AppError('pdf_error', `The PDF renderer has ${maxQueued} documents waiting. Retry in a few seconds.`, { variant: 'renderer_busy' }),
  });
  return {
    async render(view: InvoiceView, assets: readonly RenderAsset[], file: PdfFileOptions = {}): Promise<Buffer> {
      const { pdf } = await pool.run({ view, assets, file });
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    },
    close: () => pool.close(),
  };
}
