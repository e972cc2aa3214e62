import type { InvoiceView, RenderAsset } from '../domain/pdf/invoice-view.ts';

/** Turns a worded invoice into PDF bytes. Chosen at start-up; the worker pool is the real one. */
export interface PdfRenderer {
  render(view: InvoiceView, assets: readonly RenderAsset[]): Promise<Buffer>;
  close(): Promise<void>;
}
