import { closeSync, openSync, readSync } from 'node:fs';
import type { FontCoverage } from '../domain/pdf/printable-view.ts';
import { FONT_FAMILIES } from './font-files.ts';

/** `length` bytes of a file from `offset`, without reading the rest (Noto Sans JP is 11 MB). */
function readAt(fd: number, offset: number, length: number): Buffer {
  const bytes = Buffer.alloc(length);
  const read = readSync(fd, bytes, 0, length, offset);
  if (read !== length) throw new Error(`font file ends at ${offset + read}, before ${offset + length}`);
  return bytes;
}

/** The code points of a format 12 subtable (segmented coverage, all planes). */
function format12(table: Buffer, into: Set<number>): void {
  const groups = table.readUInt32BE(12);
  for (let i = 0; i < groups; i += 1) {
    const at = 16 + i * 12;
    const end = table.readUInt32BE(at + 4);
    for (let code = table.readUInt32BE(at); code <= end; code += 1) into.add(code);
  }
}

/** The code points of a format 4 subtable (BMP) that map to a real glyph (not glyph 0). */
function format4(table: Buffer, into: Set<number>): void {
  const segments = table.readUInt16BE(6) / 2;
  const ends = 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let s = 0; s < segments; s += 1) {
    const start = table.readUInt16BE(starts + s * 2);
    const end = table.readUInt16BE(ends + s * 2);
    const delta = table.readUInt16BE(deltas + s * 2);
    const rangeOffset = table.readUInt16BE(rangeOffsets + s * 2);
    for (let code = start; code <= end && code !== 0xffff; code += 1) {
      const glyph = rangeOffset === 0
        ? (code + delta) & 0xffff
        : table.readUInt16BE(rangeOffsets + s * 2 + rangeOffset + (code - start) * 2);
      if (glyph !== 0) into.add(code);
    }
  }
}

/** The code points a TrueType/OpenType font file maps to glyphs, from its Unicode cmap subtable. */
export function fontCodePoints(file: string): Set<number> {
  const fd = openSync(file, 'r');
  try {
    const tables = readAt(fd, 4, 2).readUInt16BE(0);
    const directory = readAt(fd, 12, tables * 16);
    let cmap: Buffer | undefined;
    for (let i = 0; i < tables; i += 1) {
      if (directory.toString('latin1', i * 16, i * 16 + 4) === 'cmap') cmap = readAt(fd, directory.readUInt32BE(i * 16 + 8), directory.readUInt32BE(i * 16 + 12));
    }
    if (cmap === undefined) throw new Error(`${file} has no cmap table`);
    const subtables = Array.from({ length: cmap.readUInt16BE(2) }, (_, i) => ({
      platform: cmap.readUInt16BE(4 + i * 8), encoding: cmap.readUInt16BE(6 + i * 8), table: cmap.subarray(cmap.readUInt32BE(8 + i * 8)),
    }));
    // Windows full Unicode (3,10) or Unicode full (0,4) first, then the BMP ones (3,1), (0,3).
    const code = new Set<number>();
    const full = subtables.find((s) => s.table.readUInt16BE(0) === 12 && ((s.platform === 3 && s.encoding === 10) || (s.platform === 0 && s.encoding === 4)));
    const bmp = subtables.find((s) => s.table.readUInt16BE(0) === 4 && ((s.platform === 3 && s.encoding === 1) || (s.platform === 0 && s.encoding === 3)));
    if (full !== undefined) format12(full.table, code);
    else if (bmp !== undefined) format4(bmp.table, code);
    else throw new Error(`${file} has no Unicode cmap subtable of format 4 or 12`);
    return code;
  } finally {
    closeSync(fd);
  }
}

/**
 * The code points the PDFs' fonts can print in regular and in bold: what one family has in both
 * weights, any family (Typst falls back from one to the next). A PDF/A file may not show a
 * character without a glyph (ISO 19005-3, 6.2.11.4.1 and 6.2.11.8), so the worker replaces the
 * others in a hybrid (printable-view.ts). Read once per worker, from the cmap tables only.
 */
export function printableCodePoints(): ReadonlySet<number> {
  const all = new Set<number>();
  for (const family of FONT_FAMILIES) {
    const bold = fontCodePoints(family.bold);
    for (const code of fontCodePoints(family.regular)) if (bold.has(code)) all.add(code);
  }
  return all;
}

/** Up to here, the covered code points make the fast check of `common` (Latin and its extensions). */
const COMMON_END = 0x24f;
/** C1 controls: covered by some cmaps, shown by Typst in PDF/A as nothing it can print. */
const isC1 = (code: number) => code >= 0x7f && code <= 0x9f;

/**
 * The fonts' coverage as printableView takes it: the set, and a regular expression of the covered
 * characters from space to U+024F (with tab, LF and CR), its ranges taken from the set itself.
 */
export function printableCoverage(codes: ReadonlySet<number> = printableCodePoints()): FontCoverage {
  const hex = (code: number) => `\\u{${code.toString(16)}}`;
  let ranges = '\\t\\n\\r';
  for (let code = 0x20; code <= COMMON_END; code += 1) {
    if (!codes.has(code) || isC1(code)) continue;
    let end = code;
    while (end < COMMON_END && codes.has(end + 1) && !isC1(end + 1)) end += 1;
    ranges += end === code ? hex(code) : `${hex(code)}-${hex(end)}`;
    code = end;
  }
  return { has: (code) => codes.has(code), common: new RegExp(`^[${ranges}]*$`, 'u') };
}
