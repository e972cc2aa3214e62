import type { InvoiceView, PdfFileOptions, RenderAsset } from '../domain/pdf/invoice-view.ts';

/** Turns a worded invoice into PDF bytes. Chosen at start-up; the worker pool is the real one. */
export interface PdfRenderer {
  /** `file` sets the document's date and makes a hybrid (D40); left out, a plain PDF dated now. */
  render(view: InvoiceView, assets: readonly RenderAsset[], file?: PdfFileOptions): Promise<Buffer>;
  close(): Promise<void>;
}
