import { parentPort } from 'node:worker_threads';
import type { InvoiceView, PdfFileOptions, RenderAsset } from '../domain/pdf/invoice-view.ts';
import { printableView, type FontCoverage } from '../domain/pdf/printable-view.ts';
import { addFacturXMetadata } from './add-factur-x-metadata.ts';
import { printableCoverage } from './font-coverage.ts';
import { TypstPdfCompiler } from './typst-pdf-compiler.ts';

/** Worker thread entry: one Typst compiler, one document at a time (pdf-worker-pool.ts). */
export interface RenderJob { readonly id: number; readonly view: InvoiceView; readonly assets: readonly RenderAsset[]; readonly file: PdfFileOptions }
export type RenderReply =
  | { readonly id: number; readonly ok: true; readonly pdf: Uint8Array }
  | { readonly id: number; readonly ok: false; readonly error: string };

const compiler = new TypstPdfCompiler();
/** Read on the first hybrid (~20 ms), so a worker that only renders plain PDFs never reads it. */
let fonts: FontCoverage | undefined;

/**
 * The finished PDF: Typst's, and for a hybrid its Factur-X XMP added, here off the event loop. A
 * hybrid prints U+FFFD for characters its fonts lack, which PDF/A cannot show.
 */
async function renderJob(job: RenderJob): Promise<Uint8Array> {
  if (job.file.hybrid === undefined) return compiler.render(job.view, job.assets, job.file);
  fonts ??= printableCoverage();
  const pdf = compiler.render(printableView(job.view, fonts), job.assets, job.file);
  return addFacturXMetadata(pdf, job.file.hybrid);
}

parentPort!.on('message', async (job: RenderJob) => {
  let reply: RenderReply;
  try {
    // Copied by structured clone (~100 KB): the compiler's buffer is native memory that cannot be
    // transferred.
    reply = { id: job.id, ok: true, pdf: await renderJob(job) };
  } catch (error) {
    reply = { id: job.id, ok: false, error: (error as Error).message.slice(0, 2000) };
  }
  parentPort!.postMessage(reply);
  // After the reply, so trimming the cache (0.1–3 ms) is not part of the document's latency; the
  // next job waits in the message queue until it is done (the pool sends one job at a time).
  compiler.trimCache();
});
parentPort!.postMessage({ ready: true });
