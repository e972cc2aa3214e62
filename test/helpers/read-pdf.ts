import { createRequire } from 'node:module';
import * as mupdf from 'mupdf';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfFont {
  readonly name: string;
  /** The font program is inside the PDF (FontFile, FontFile2 or FontFile3). */
  readonly embedded: boolean;
}

export interface ReadPdf {
  readonly pages: number;
  /** Text of each page as MuPDF extracts it, lines separated by \n. */
  readonly pageTexts: readonly string[];
  /** All pages' text. */
  readonly text: string;
  /** Every font the pages use. */
  readonly fonts: readonly PdfFont[];
  readonly pageSizePt: { readonly width: number; readonly height: number };
  /** Raster images (image XObjects) the pages draw, with their pixel sizes. */
  readonly images: ReadonlyArray<{ readonly width: number; readonly height: number }>;
  /** The document's title (Info dictionary), '' when none. */
  readonly title: string;
}

/**
 * Reads a PDF back with MuPDF (a real PDF reader, WASM from npm): it must parse, and its text and
 * fonts are returned for assertions. Throws when the bytes are not a PDF MuPDF can open.
 */
export function readPdf(bytes: Uint8Array): ReadPdf {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf') as mupdf.PDFDocument;
  const pages = doc.countPages();
  const pageTexts: string[] = [];
  const fonts = new Map<string, PdfFont>();
  const images = new Map<string, { width: number; height: number }>();
  let pageSizePt = { width: 0, height: 0 };
  for (let i = 0; i < pages; i += 1) {
    const page = doc.loadPage(i) as mupdf.PDFPage;
    if (i === 0) {
      const [x0, y0, x1, y1] = page.getBounds();
      pageSizePt = { width: x1 - x0, height: y1 - y0 };
    }
    pageTexts.push(page.toStructuredText('preserve-whitespace').asText());
    collectResources(page.getObject().get('Resources'), fonts, images, new Set());
  }
  const title = doc.getMetaData('info:Title') ?? '';
  return { pages, pageTexts, text: pageTexts.join('\n'), fonts: [...fonts.values()], pageSizePt, images: [...images.values()], title };
}

/** Fonts and images of a resource dictionary and of the form XObjects it uses, recursively. */
function collectResources(resources: mupdf.PDFObject, into: Map<string, PdfFont>, images: Map<string, { width: number; height: number }>, seen: Set<string>): void {
  if (!resources.isDictionary()) return;
  const fontDict = resources.get('Font');
  if (fontDict.isDictionary()) {
    fontDict.forEach((font: mupdf.PDFObject) => {
      const name = font.get('BaseFont').asName();
      const descendant = font.get('DescendantFonts');
      const descriptor = (descendant.isArray() ? descendant.get(0) : font).get('FontDescriptor');
      const embedded = ['FontFile', 'FontFile2', 'FontFile3'].some((key) => !descriptor.get(key).isNull());
      into.set(name, { name, embedded });
    });
  }
  const xobjects = resources.get('XObject');
  if (xobjects.isDictionary()) {
    xobjects.forEach((xobject: mupdf.PDFObject) => {
      const key = xobject.isIndirect() ? String(xobject.asIndirect()) : '';
      if (key !== '' && seen.has(key)) return;
      if (key !== '') seen.add(key);
      if (xobject.get('Subtype').asName() === 'Image') {
        images.set(key, { width: xobject.get('Width').asNumber(), height: xobject.get('Height').asNumber() });
        return;
      }
      collectResources(xobject.get('Resources'), into, images, seen);
    });
  }
}

// jsqr is CommonJS whose module.exports is the decoder; its types describe an ES default export,
// which TypeScript's CommonJS interop would not let us call.
const jsQR = createRequire(import.meta.url)('jsqr') as typeof import('jsqr').default;

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/;
const BIDI_MARKS = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g;

/**
 * Whitespace and invisible direction marks removed, for comparing extracted text.
 *
 * One known defect of the PDF text layer is undone here, and only this one: in bold Devanagari,
 * Typst 0.14's PDF writer maps the vowel sign U+0942 (ू) twice, and sometimes its consonant too
 * ("मूूल्य", "छूछूट" for "मूल्य", "छूट"; docs/pdf.md). The printed glyphs are right.
 */
export function compact(text: string): string {
  return text.replace(BIDI_MARKS, '').replace(/\s+/g, '').replace(/([\u0915-\u0939]\u0942)\1/g, '$1').replace(/\u0942\u0942/g, '\u0942');
}

/**
 * Right-to-left lines in logical order, for Arabic text. MuPDF returns the words of an RTL line
 * in visual order. pdf.js returns each shaped run with its characters in logical order and its
 * position, so a line is rebuilt by putting its runs right to left. (Latin runs inside an Arabic
 * line come out reversed this way; test those with `text`, which MuPDF gets right.)
 */
export async function rightToLeftLines(bytes: Uint8Array): Promise<string[]> {
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false });
  const doc = await task.promise;
  const lines: string[] = [];
  for (let p = 1; p <= doc.numPages; p += 1) {
    const page = await doc.getPage(p);
    const content = await page.getTextContent();
    const byLine = new Map<number, Array<{ x: number; str: string }>>();
    for (const item of content.items) {
      if (!('str' in item) || item.str === '') continue;
      const y = Math.round(item.transform[5] as number);
      const line = byLine.get(y) ?? [];
      line.push({ x: item.transform[4] as number, str: item.str });
      byLine.set(y, line);
    }
    for (const items of byLine.values()) {
      if (!items.some((item) => ARABIC.test(item.str))) continue;
      lines.push(items.sort((a, b) => b.x - a.x).map((item) => item.str).join(' '));
    }
    page.cleanup();
  }
  await task.destroy();
  return lines;
}

/** True when `phrase` is printed: Arabic phrases are looked up in logical RTL lines, others in MuPDF's text. */
export async function pdfShows(bytes: Uint8Array, read: ReadPdf, phrase: string): Promise<boolean> {
  const wanted = compact(phrase);
  if (!ARABIC.test(phrase)) return compact(read.text).includes(wanted);
  return (await rightToLeftLines(bytes)).some((line) => compact(line).includes(wanted));
}

/**
 * The QR code printed on a page, decoded as a phone would: the page is rasterised by MuPDF at
 * about 180 dpi and scanned by jsQR. Undefined when no code can be read.
 */
export function decodeQr(bytes: Uint8Array, pageIndex = 0): string | undefined {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  const page = doc.loadPage(pageIndex);
  const pixmap = page.toPixmap(mupdf.Matrix.scale(2.5, 2.5), mupdf.ColorSpace.DeviceRGB, true);
  const found = jsQR(new Uint8ClampedArray(pixmap.getPixels()), pixmap.getWidth(), pixmap.getHeight());
  return found?.data;
}
