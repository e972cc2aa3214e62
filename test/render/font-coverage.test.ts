import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fontCodePoints, printableCodePoints, printableCoverage } from '../../src/render/font-coverage.ts';
import { FONT_FAMILIES } from '../../src/render/font-files.ts';

describe('the fonts\' coverage, read from their cmap tables (what a hybrid can print)', () => {
  const codes = printableCodePoints();
  const fonts = printableCoverage(codes);

  it('each script of the 11 languages in both weights, U+FFFD for the rest; no emoji', () => {
    for (const text of ['Müller Straße', 'Счёт', 'बीजक', 'فاتورة', '請求書', '€₹₽₩', '\ufffd']) {
      for (const char of text) assert.ok(codes.has(char.codePointAt(0)!), `${char} (U+${char.codePointAt(0)!.toString(16)})`);
    }
    for (const char of ['😀', '𝄞', '\u{F8FF}']) assert.equal(codes.has(char.codePointAt(0)!), false, char);
  });

  it('a font\'s own table: Noto Sans has Latin and no kanji, Noto Sans JP has it', () => {
    const noto = fontCodePoints(FONT_FAMILIES[0]!.regular);
    assert.ok(noto.has(0x41) && noto.has(0xe9));
    assert.equal(noto.has(0x8acb), false);
    assert.ok(fontCodePoints(FONT_FAMILIES[3]!.regular).has(0x8acb));
  });

  it('the fast check takes Latin text as it is and every character it takes is covered; controls and the rest go the slow way', () => {
    assert.ok(fonts.common.test('Schön & Söhne KG, Łódź, Ærø, 1 234,56'));
    assert.ok(fonts.common.test('two\nlines\ttab\r\n'));
    for (const text of ['\u0001', '\u0085', '😀', 'Счёт', '€']) assert.equal(fonts.common.test(text), false, JSON.stringify(text));
    for (let code = 0; code <= 0x24f; code += 1) {
      if (fonts.common.test(String.fromCodePoint(code)) && !'\t\n\r'.includes(String.fromCodePoint(code))) assert.ok(codes.has(code), `U+${code.toString(16)} taken as printable`);
    }
  });
});
