import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler';
import type { InvoiceView, PdfFileOptions, RenderAsset } from '../domain/pdf/invoice-view.ts';
import { FONT_FAMILIES } from './font-files.ts';

/**
 * The compiler's root: the project's templates folder, which holds nothing but trusted .typ files.
 * Two levels up from both src/render/ and dist/render/.
 */
export const TEMPLATES_DIR = fileURLToPath(new URL('../../templates/', import.meta.url));
const MAIN_FILE = path.join(TEMPLATES_DIR, 'invoice.typ');

/**
 * Typst's memoization cache grows with every distinct document unless evicted (to ~870 MB in a
 * measured run without eviction). After each document (trimCache), entries unused for this many
 * evictions are dropped: the template, fonts and layout of recurring parts stay warm, one-off
 * content goes.
 */
const CACHE_MAX_AGE = 5;

/**
 * A lone surrogate (a JSON "\ud800" escape in any text field) becomes U+FFFD, as in the UBL output
 * (build-ubl-invoice.ts): JSON.stringify writes it as the escape again, which Typst's JSON reader
 * refuses, so every such invoice would be a 500 pdf_error with its number voided.
 */
function wellFormed(_key: string, value: unknown): unknown {
  return typeof value === 'string' ? value.toWellFormed() : value;
}

/** Typst's creation timestamp (seconds) of a YYYY-MM-DD date: 00:00 UTC that day. */
function creationTimestamp(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / 1000;
}

/** One Typst compiler, its fonts indexed once and each read on first use; not thread-safe — one per worker thread. */
export class TypstPdfCompiler {
  readonly #compiler: NodeCompiler;
  #mapped: string[] = [];

  constructor() {
    // By path, not as bytes, to keep a worker's memory small: Typst indexes the files and reads a
    // font when a document first uses it, so a worker that renders only Latin invoices never holds
    // the 11 MB of Noto Sans JP, and no font is copied from a JS buffer into Typst's memory
    // (freeing those buffers also raised glibc's mmap threshold to the font's size, see
    // allocator-settings.ts). The PDFs are byte-identical to those from fonts given as bytes,
    // creation date aside.
    const fontPaths = FONT_FAMILIES.flatMap((family) => [family.regular, family.bold]);
    // Typst skips a path it cannot read and would print with fallback fonts; fail here instead.
    for (const file of fontPaths) statSync(file);
    this.#compiler = NodeCompiler.create({ workspace: TEMPLATES_DIR, fontArgs: [{ fontPaths }] });
  }

  /**
   * The PDF of `view`; `assets` are the files the view names (images, a hybrid's XML). With
   * `file.hybrid` the PDF is PDF/A-3b as Typst writes it (output intent, embedded fonts, XMP with
   * its pdfaid), still without the Factur-X XMP properties (add-factur-x-metadata.ts adds them).
   * Throws on a compile error.
   */
  render(view: InvoiceView, assets: readonly RenderAsset[], file: PdfFileOptions = {}): Buffer {
    try {
      this.#map('data.json', Buffer.from(JSON.stringify(view, wellFormed)));
      for (const asset of assets) this.#map(asset.name, Buffer.from(asset.bytes.buffer, asset.bytes.byteOffset, asset.bytes.byteLength));
      const result = this.#compiler.compile({ mainFilePath: MAIN_FILE });
      const error = result.takeError();
      if (error !== null) throw new Error(`typst: ${JSON.stringify(error.shortDiagnostics).slice(0, 2000)}`);
      // Untagged: with Typst 0.14's tags the text read back by MuPDF and pdf.js was no better
      // (docs/pdf.md); a tagged, accessible PDF is separate work.
      // PDF/A-3b asks nothing of tags (only level A does), so hybrids stay untagged like plain PDFs.
      return this.#compiler.pdf(result.result!, {
        pdfTags: false,
        ...(file.hybrid === undefined ? {} : { pdfStandard: 'a-3b' }),
        ...(file.date === undefined ? {} : { creationTimestamp: creationTimestamp(file.date) }),
      });
    } finally {
      for (const file of this.#mapped) this.#compiler.unmapShadow(file);
      this.#mapped = [];
    }
  }

  /**
   * Drops cache entries unused for CACHE_MAX_AGE documents; call after every render. Separate
   * from render() so a worker can send the PDF first and trim while the caller reads it.
   */
  trimCache(): void {
    this.#compiler.evictCache(CACHE_MAX_AGE);
  }

  #map(name: string, bytes: Buffer): void {
    // Names come from the view builder (fixed names such as logo.png), never from the caller.
    const file = path.join(TEMPLATES_DIR, name);
    this.#compiler.mapShadow(file, bytes);
    this.#mapped.push(file);
  }
}
