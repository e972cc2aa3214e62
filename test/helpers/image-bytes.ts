import { readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'images');

/** A real 3 × 2 PNG (test/fixtures/images/make-test-images.sh). */
export const PNG_3X2 = readFileSync(path.join(FIXTURES, 'pixel-3x2.png'));
/** A real 7 × 5 baseline JPEG with APP0, APP2 and DQT segments before its SOF0. */
export const JPEG_7X5 = readFileSync(path.join(FIXTURES, 'pixel-7x5.jpg'));
/** A real 8 × 6 CMYK JPEG (four components), made with ImageMagick (make-test-images.sh). */
export const JPEG_8X6_CMYK = readFileSync(path.join(FIXTURES, 'pixel-8x6-cmyk.jpg'));
/** The 6-byte signature and logical screen size of a GIF: not an accepted type. */
export const GIF_BYTES = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1');

/**
 * A PNG signature and IHDR chunk (with a correct CRC) claiming the given size, then IEND:
 * enough for the header check, so sizes like 4001 px need no 4001-px image.
 */
export function pngHeader(width: number, height: number): Buffer {
  return pngFile(width, height, 6);
}

/**
 * A PNG of the given size: signature, IHDR (8 bits per sample of `colorType`, 2 RGB or 6 RGBA),
 * the IDAT chunks given (none for a header-only file), IEND.
 */
export function pngFile(width: number, height: number, colorType: 2 | 6, idat: Buffer[] = []): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, colorType, 0, 0, 0], 8); // 8-bit, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    ...idat.map((data) => pngChunk('IDAT', data)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** One PNG chunk: length, type, body and its CRC. */
export function pngChunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

/** `bytes` padded with zeros to exactly `size` bytes. */
export function paddedTo(bytes: Buffer, size: number): Buffer {
  return Buffer.concat([bytes, Buffer.alloc(size - bytes.length)]);
}

export function dataUri(mime: string, bytes: Buffer): string {
  return `data:${mime};base64,${bytes.toString('base64')}`;
}
