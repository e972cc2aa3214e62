import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Language } from '../../src/domain/invoice/catalog.ts';
import { LABELS } from '../../src/domain/wording/labels.ts';
import { compact, readPdf } from '../helpers/read-pdf.ts';
import { LONG_NAME, LONG_NUMBER, LONG_URL, longWordsRequest } from './pdf-fixtures.ts';
import { layoutProblems, textLines, type TextLine } from './pdf-text-boxes.ts';
import { renderRequest } from './render-request.ts';

const MM = 72 / 25.4;
/** The template's geometry: 16 mm side margins, three party columns 6 mm apart. */
const MARGIN = 16 * MM;
const GUTTER = 6 * MM;
const SLACK = 1.5;

const CASES: ReadonlyArray<readonly [Language, string]> = [['en', 'classic'], ['de', 'modern'], ['ar', 'navy'], ['hi', 'bold'], ['ja', 'minimal']];

/** The first line whose text is exactly `label`, as a heading prints it. */
function lineOf(lines: readonly TextLine[], label: string): TextLine {
  const found = lines.find((line) => compact(line.text) === compact(label));
  assert.ok(found, `"${label}" is printed as a line of its own`);
  return found;
}

/** The lines' text top to bottom, each trimmed: what a reader copying the block would get. */
const joined = (lines: readonly TextLine[]) => [...lines].sort((a, b) => a.baseline - b.baseline).map((line) => line.text.trim()).join('');
const digits = (text: string) => text.replace(/\D/g, '');

describe('output pdf: long words, URLs and numbers wrap inside their column, read back with their positions', () => {
  for (const [language, template] of CASES) {
    it(`${language}/${template}: nothing runs off the page or over other text; the buyer's name, the URL and the numbers read back whole`, () => {
      const { pdf } = renderRequest(longWordsRequest(language, template));
      assert.deepEqual(layoutProblems(pdf), [], `${language}/${template}`);

      const l = LABELS[language];
      const lines = textLines(pdf).filter((line) => line.page === 0);
      assert.ok(!lines.some((line) => /[\u200B\u00AD]/.test(line.text)), 'no zero-width space or soft hyphen in the text layer');
      const width = readPdf(pdf).pageSizePt.width;

      // The parties: three columns between the headings and the item table; every line stays in one.
      const partiesTop = lineOf(lines, l.from).baseline;
      const tableTop = lineOf(lines, l.description).baseline;
      const columnWidth = (width - 2 * MARGIN - 2 * GUTTER) / 3;
      const columnOf = (line: TextLine) => [0, 1, 2].find((k) => {
        const start = MARGIN + k * (columnWidth + GUTTER);
        return line.x0 >= start - SLACK && line.x1 <= start + columnWidth + SLACK;
      });
      const partyLines = lines.filter((line) => line.baseline >= partiesTop && line.baseline < tableTop);
      for (const line of partyLines) assert.notEqual(columnOf(line), undefined, `"${line.text}" (x ${line.x0.toFixed(0)}–${line.x1.toFixed(0)}) stays in its party's column`);
      // The buyer is the middle column in both directions.
      const buyer = partyLines.filter((line) => columnOf(line) === 1);
      assert.ok(joined(buyer).includes(`Buyer${LONG_NAME}`), `the buyer's whole name, in order: ${joined(buyer)}`);
      assert.equal(digits(joined(buyer)), LONG_NUMBER, 'the buyer\'s 60-digit tax id, in order');
      const seller = partyLines.filter((line) => columnOf(line) === (language === 'ar' ? 2 : 0));
      assert.ok(joined(seller).includes(`Seller${LONG_NAME}`), 'the seller\'s whole name, in its own column');

      // The description column, left of the quantity column (right of it in Arabic).
      const quantity = lineOf(lines, l.quantity);
      // Word by word: MuPDF gives an Arabic line's words in visual order.
      const subtotal = lines.find((line) => line.baseline > tableTop && l.subtotal.split(' ').every((word) => line.text.includes(word)));
      assert.ok(subtotal, 'the subtotal row');
      const description = lines.filter((line) => line.baseline > tableTop && line.baseline < subtotal.baseline
        && (language === 'ar' ? line.x0 >= quantity.x1 : line.x1 <= quantity.x0));
      // Trimmed lines joined without anything between them: nothing was added inside the URL.
      assert.ok(joined(description).includes(LONG_URL), `the URL whole, in order: ${joined(description)}`);
      assert.ok(compact(joined(description)).includes(`Serial${LONG_NUMBER}`), 'the 60-digit number in a line, whole');
      assert.ok(description.length >= 4, 'the URL and the number took several lines of their column');
    });
  }
});
