import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Language } from '../../src/domain/invoice/catalog.ts';
import { TAX_WORD } from '../../src/domain/invoice/language-words.ts';
import { formatMoney, formatPercent } from '../../src/domain/wording/format-money.ts';
import { LABELS } from '../../src/domain/wording/labels.ts';
import { compact, readPdf } from '../helpers/read-pdf.ts';
import { taxInclusiveRequest } from './pdf-fixtures.ts';
import { textLines } from './pdf-text-boxes.ts';
import { renderRequest } from './render-request.ts';

/** The text runs MuPDF finds on each baseline of the first page. */
function rowsByBaseline(bytes: Uint8Array): Map<number, string[]> {
  const rows = new Map<number, string[]>();
  for (const line of textLines(bytes)) {
    if (line.page !== 0) continue;
    const key = Math.round(line.baseline);
    rows.set(key, [...rows.get(key) ?? [], line.text]);
  }
  return rows;
}

/** [rate, taxable amount, tax] of each tax line, as the JSON's tax_lines have them. */
type TaxRow = readonly [number, number, number];
const CASES: ReadonlyArray<{ name: string; inclusive: boolean; rows: readonly TaxRow[] }> = [
  // Gross 1,000.00 at 19 % and 107.00 at 7 %.
  { name: 'tax-inclusive, two rates', inclusive: true, rows: [[19, 840.34, 159.66], [7, 100, 7]] },
  // The same prices net: 190.00 on 1,000.00 and 7.49 on 107.00.
  { name: 'two rates', inclusive: false, rows: [[19, 1000, 190], [7, 107, 7.49]] },
];
const TEMPLATE_OF: ReadonlyArray<readonly [Language, string]> = [['en', 'classic'], ['de', 'modern'], ['ar', 'navy'], ['hi', 'bold'], ['ja', 'minimal']];

describe('output pdf: the taxable amount of each rate, read back from the PDF', () => {
  for (const { name, inclusive, rows } of CASES) {
    for (const [language, template] of TEMPLATE_OF) {
      it(`${language}/${template}, ${name}: each rate with its taxable amount and its tax${inclusive ? ', said to be included' : ''}`, () => {
        const request = taxInclusiveRequest(language, template) as { invoice: Record<string, unknown> };
        const { invoice, pdf: bytes } = renderRequest({ ...request, invoice: { ...request.invoice, tax_inclusive: inclusive } });
        // The figures printed are the JSON's.
        assert.deepEqual(invoice.tax_lines.map((line) => [line.rate, line.taxable_amount, line.amount]), rows);
        const text = compact(readPdf(bytes).text);
        const l = LABELS[language];
        const money = (amount: number) => formatMoney(amount, 'EUR', language);
        for (const [rate, base, tax] of rows) {
          if (language === 'ar') {
            // MuPDF gives an Arabic line's words in visual order and its runs as separate lines: the
            // row is the set of runs on one baseline that holds the Arabic word and the taxable amount.
            const word = inclusive ? 'شامل' : 'على';
            const row = [...rowsByBaseline(bytes).values()].map((runs) => runs.map(compact).join(''))
              .find((joined) => joined.includes(word) && joined.includes(compact(money(base))));
            assert.ok(row !== undefined, `${language}: a row with "${word}" and ${money(base)}`);
            for (const part of [TAX_WORD.ar.split(' ')[0]!, formatPercent(rate, language), money(tax)]) assert.ok(row.includes(compact(part)), `${language}: ${part} in ${row}`);
            continue;
          }
          // MuPDF reads a totals row as its label, then its value.
          const label = (inclusive ? l.tax_included_on_base : l.tax_on_base)
            .replace('{tax}', TAX_WORD[language]).replace('{rate}', formatPercent(rate, language)).replace('{base}', money(base));
          assert.ok(text.includes(compact(`${label} ${money(tax)}`)), `${language}: "${label} ${money(tax)}" in ${text}`);
        }
        if (inclusive && language === 'en') assert.ok(text.includes(compact('incl. 19% VAT on €840.34 €159.66')));
        if (inclusive && language === 'de') assert.ok(text.includes(compact('inkl. 19 % MwSt. auf 840,34 € 159,66 €')));
      });
    }
  }
});
