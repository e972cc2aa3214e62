import * as mupdf from 'mupdf';

/** One line of text as MuPDF places it on a page, in PDF points from the page's top left. */
export interface TextLine {
  readonly page: number;
  readonly text: string;
  readonly x0: number;
  readonly x1: number;
  /** The glyphs' body: from the baseline up by 0.7 of the font size (about the cap height). */
  readonly top: number;
  readonly baseline: number;
}

interface StructuredLine {
  readonly bbox: { readonly x: number; readonly w: number };
  readonly font: { readonly size: number };
  readonly y: number;
  readonly text: string;
}

/** Every text line of every page, read by MuPDF (a reader that did not write the file). */
export function textLines(bytes: Uint8Array): TextLine[] {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  const lines: TextLine[] = [];
  for (let page = 0; page < doc.countPages(); page += 1) {
    const structured = JSON.parse(doc.loadPage(page).toStructuredText('preserve-whitespace').asJSON()) as { blocks: Array<{ lines?: StructuredLine[] }> };
    for (const block of structured.blocks) {
      for (const line of block.lines ?? []) {
        if (line.text.trim() === '') continue;
        lines.push({ page, text: line.text, x0: line.bbox.x, x1: line.bbox.x + line.bbox.w, top: line.y - 0.7 * line.font.size, baseline: line.y });
      }
    }
  }
  return lines;
}

const MM = 72 / 25.4;
/** The template's side margin is 16 mm; MuPDF rounds boxes to whole points, hence the slack. */
const SIDE_MARGIN_PT = 16 * MM - 1.5;
/** Text may start 10 mm from the top (the header band's inset) and end 5 mm above the bottom edge (the footer). */
const TOP_PT = 10 * MM;
const BOTTOM_PT = 5 * MM;
/** Overlaps smaller than this (rounding of MuPDF's whole-point boxes, touching glyphs) are not counted. */
const SLACK_PT = 1;

/**
 * What a reader would see wrong on the pages: a text line outside the printable area (past a side
 * margin, off the top or bottom), or two lines whose glyphs lie over each other. Empty when none.
 */
export function layoutProblems(bytes: Uint8Array): string[] {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  const [, , width, height] = doc.loadPage(0).getBounds();
  const lines = textLines(bytes);
  const problems: string[] = [];
  const name = (line: TextLine) => `page ${line.page + 1} "${line.text.slice(0, 40)}"`;
  for (const line of lines) {
    if (line.x0 < SIDE_MARGIN_PT || line.x1 > width - SIDE_MARGIN_PT || line.top < TOP_PT || line.baseline > height - BOTTOM_PT) {
      problems.push(`${name(line)} lies outside the printable area (x ${line.x0.toFixed(0)}–${line.x1.toFixed(0)}, baseline ${line.baseline.toFixed(0)} of ${width.toFixed(0)} × ${height.toFixed(0)})`);
    }
  }
  for (let i = 0; i < lines.length; i += 1) {
    for (let j = i + 1; j < lines.length; j += 1) {
      const a = lines[i]!;
      const b = lines[j]!;
      if (a.page !== b.page) continue;
      const across = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      const down = Math.min(a.baseline, b.baseline) - Math.max(a.top, b.top);
      if (across > SLACK_PT && down > SLACK_PT) problems.push(`${name(a)} and ${name(b)} overlap`);
    }
  }
  return problems;
}
