import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import QRCode from 'qrcode';
import { QR_QUIET_ZONE_MODULES, qrSvg } from '../../../src/domain/qr/qr-svg.ts';
import { sepa } from './qr-fixtures.ts';

const SHAPE = /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 (\d+) \1" shape-rendering="crispEdges"><rect width="\1" height="\1" fill="#fff"\/><path fill="#000" d="([^"]*)"\/><\/svg>$/;
const RUN = /M(\d+) (\d+)h(\d+)v1h-\3z/g;

/** Paints the path's runs onto a grid of the symbol's size, undoing the quiet-zone offset. */
function paint(d: string, size: number): boolean[][] {
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  assert.equal(d.replace(RUN, ''), '', 'the path is only unit-high runs');
  for (const [, x, y, length] of d.matchAll(RUN)) {
    const row = Number(y) - QR_QUIET_ZONE_MODULES;
    const col = Number(x) - QR_QUIET_ZONE_MODULES;
    for (let k = 0; k < Number(length); k += 1) {
      assert.equal(grid[row]![col + k], false, 'runs do not overlap');
      grid[row]![col + k] = true;
    }
  }
  return grid;
}

describe('qrSvg', () => {
  const payloads: Array<[string, string]> = [
    ['short text (version 1)', 'hello'],
    ['hosted link', 'https://invoices.example.com/i/eyJpZCI6IjEyMyJ9.c2lnbmF0dXJl'],
    ['SEPA payload', sepa()],
    ['UTF-8 text', 'お支払いありがとうございます'],
    ['1000-byte text', 't'.repeat(1000)],
    ['the longest accepted URL (2048 characters)', `https://example.com/${'a'.repeat(2048 - 20)}`],
  ];
  for (const [label, payload] of payloads) {
    it(`${label}: one path whose modules equal the QR matrix, inside a 4-module quiet zone`, () => {
      const symbol = QRCode.create(payload, { errorCorrectionLevel: 'M' });
      const size = symbol.modules.size;
      assert.equal(size, 17 + 4 * symbol.version);
      const svg = qrSvg(payload);
      const match = SHAPE.exec(svg);
      assert.ok(match, svg.slice(0, 200));
      assert.equal(Number(match[1]), size + 2 * QR_QUIET_ZONE_MODULES);
      const grid = paint(match[2]!, size);
      for (let row = 0; row < size; row += 1) {
        for (let col = 0; col < size; col += 1) {
          assert.equal(grid[row]![col], symbol.modules.get(row, col) === 1, `module ${row},${col}`);
        }
      }
    });
  }

  it('version 1 has a 29-module viewBox (21 + 2 × 4)', () => {
    assert.match(qrSvg('hello'), /viewBox="0 0 29 29"/);
  });

  it('carries no script, font, link or external reference', () => {
    const svg = qrSvg('https://example.com/<script>"&');
    assert.doesNotMatch(svg, /script|font|href|<text|<style|url\(/i);
    assert.equal(svg.match(/<path/g)?.length, 1);
  });

  it('is the same for the same payload', () => assert.equal(qrSvg(sepa()), qrSvg(sepa())));
});
