import { parentPort } from 'node:worker_threads';
import type { InvoiceView, RenderAsset } from '../domain/pdf/invoice-view.ts';
import { TypstPdfCompiler } from './typst-pdf-compiler.ts';

/** Worker thread entry: one Typst compiler, one document at a time (pdf-worker-pool.ts). */
export interface RenderJob { readonly id: number; readonly view: InvoiceView; readonly assets: readonly RenderAsset[] }
export type RenderReply =
  | { readonly id: number; readonly ok: true; readonly pdf: Uint8Array }
  | { readonly id: number; readonly ok: false; readonly error: string };

const compiler = new TypstPdfCompiler();
parentPort!.on('message', (job: RenderJob) => {
  let reply: RenderReply;
  try {
    const pdf = compiler.render(job.view, job.assets);
    // Copied by structured clone (~100 KB): the compiler's buffer is native memory that cannot be
    // transferred.
    reply = { id: job.id, ok: true, pdf };
  } catch (error) {
    reply = { id: job.id, ok: false, error: (error as Error).message.slice(0, 2000) };
  }
  parentPort!.postMessage(reply);
  // After the reply, so trimming the cache (0.1–3 ms) is not part of the document's latency; the
  // next job waits in the message queue until it is done.
  compiler.trimCache();
});
parentPort!.postMessage({ ready: true });
