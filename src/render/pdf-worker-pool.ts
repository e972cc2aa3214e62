import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { AppError } from '../errors/app-error.ts';
import type { InvoiceView, PdfFileOptions, RenderAsset } from '../domain/pdf/invoice-view.ts';
import type { PdfRenderer } from './pdf-renderer.ts';
import type { RenderJob, RenderReply } from './pdf-worker.ts';

export interface PdfWorkerPoolOptions {
  /** Worker threads; default: one per core. */
  readonly size?: number;
  /** A document that takes longer fails with pdf_error and its worker is replaced. */
  readonly timeoutMs?: number;
  /** Documents waiting for a worker beyond this many are refused at once. */
  readonly maxQueued?: number;
  /** Told why a render failed (the caller only ever sees a generic pdf_error). */
  readonly onFailure?: (reason: string) => void;
}

interface Pending {
  readonly job: RenderJob;
  readonly resolve: (pdf: Buffer) => void;
  readonly reject: (error: AppError) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  current: Pending | undefined;
  timer: NodeJS.Timeout | undefined;
}

// Source (.ts, run by type stripping) and build (.js) each load their own sibling.
const WORKER_URL = new URL(import.meta.url.endsWith('.ts') ? './pdf-worker.ts' : './pdf-worker.js', import.meta.url);

const renderFailed = () => new AppError('pdf_error', 'The PDF could not be rendered. Retry; if it fails again, send output "json" and report the request id.');

/**
 * Rendering runs off the event loop: a pool of worker threads, each with its own Typst compiler, so
 * JSON requests keep flowing while PDFs render. A render that fails or exceeds the time bound
 * rejects with pdf_error (no internals), and a worker that timed out or died is replaced.
 */
export function createPdfWorkerPool(options: PdfWorkerPoolOptions = {}): PdfRenderer {
  const size = options.size ?? availableParallelism();
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxQueued = options.maxQueued ?? 500;
  const queue: Pending[] = [];
  const slots: Slot[] = [];
  let nextId = 1;
  let closed = false;

  const fail = (pending: Pending, reason: string) => {
    options.onFailure?.(reason);
    pending.reject(renderFailed());
  };

  const dispatch = () => {
    for (const slot of slots) {
      if (queue.length === 0) return;
      if (!slot.ready || slot.current !== undefined) continue;
      const pending = queue.shift()!;
      slot.current = pending;
      slot.timer = setTimeout(() => {
        const timedOut = slot.current;
        slot.current = undefined;
        replace(slot);
        if (timedOut !== undefined) fail(timedOut, `render exceeded ${timeoutMs} ms`);
      }, timeoutMs);
      slot.worker.postMessage(pending.job);
    }
  };

  const start = (): Slot => {
    const slot: Slot = { worker: new Worker(WORKER_URL), ready: false, current: undefined, timer: undefined };
    slot.worker.on('message', (message: RenderReply | { ready: true }) => {
      if ('ready' in message) {
        slot.ready = true;
        dispatch();
        return;
      }
      const pending = slot.current;
      if (pending === undefined || pending.job.id !== message.id) return;
      clearTimeout(slot.timer);
      slot.current = undefined;
      if (message.ok) pending.resolve(Buffer.from(message.pdf.buffer, message.pdf.byteOffset, message.pdf.byteLength));
      else fail(pending, message.error);
      dispatch();
    });
    const onDeath = (reason: string) => {
      if (closed || !slots.includes(slot)) return;
      const pending = slot.current;
      slot.current = undefined;
      clearTimeout(slot.timer);
      replace(slot);
      if (pending !== undefined) fail(pending, reason);
    };
    slot.worker.on('error', (error) => onDeath(`worker error: ${error.message}`));
    slot.worker.on('exit', (code) => onDeath(`worker exited with ${code}`));
    return slot;
  };

  const replace = (slot: Slot) => {
    const index = slots.indexOf(slot);
    if (index === -1) return;
    slots[index] = start();
    void slot.worker.terminate();
  };

  for (let i = 0; i < size; i += 1) slots.push(start());

  return {
    render(view: InvoiceView, assets: readonly RenderAsset[], file: PdfFileOptions = {}): Promise<Buffer> {
      if (closed) return Promise.reject(renderFailed());
      if (queue.length >= maxQueued) {
        return Promise.reject(new AppError('pdf_error', `The PDF renderer has ${maxQueued} documents waiting. Retry in a few seconds.`, { variant: 'renderer_busy' }));
      }
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ job: { id: nextId++, view, assets, file }, resolve, reject });
        dispatch();
      });
    },
    async close(): Promise<void> {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(renderFailed());
      await Promise.all(slots.map(async (slot) => {
        clearTimeout(slot.timer);
        if (slot.current !== undefined) slot.current.reject(renderFailed());
        await slot.worker.terminate();
      }));
    },
  };
}
