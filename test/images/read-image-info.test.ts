import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readImageInfo } from '../../src/images/read-image-info.ts';
import { isCmykJpeg, readJpegFrame, readJpegSize } from '../../src/images/read-jpeg-size.ts';
import { GIF_BYTES, JPEG_7X5, JPEG_8X6_CMYK, PNG_3X2, pngHeader } from '../helpers/image-bytes.ts';

/** A JPEG made of SOI and the given segments: [marker, body] or raw bytes. */
function jpeg(...parts: Array<[number, number[]] | number[]>): Buffer {
  const bytes = [0xff, 0xd8];
  for (const part of parts) {
    if (typeof part[0] === 'number' && Array.isArray(part[1])) {
      const [marker, body] = part as [number, number[]];
      const length = body.length + 2;
      bytes.push(0xff, marker, length >> 8, length & 0xff, ...body);
    } else {
      bytes.push(...(part as number[]));
    }
  }
  return Buffer.from(bytes);
}
/** A frame header body: precision 8, height, width, one component. */
const frame = (height: number, width: number) => [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0];
const app0 = [0xe0, [0x4a, 0x46, 0x49, 0x46, 0]] as [number, number[]];

describe('readImageInfo', () => {
  it('reads the real fixtures', () => {
    assert.deepEqual(readImageInfo(PNG_3X2), { kind: 'image', format: 'png', width: 3, height: 2 });
    assert.deepEqual(readImageInfo(JPEG_7X5), { kind: 'image', format: 'jpeg', width: 7, height: 5 });
  });

  it('reads a PNG IHDR of any size (the bounds are checked by loadImage)', () => {
    assert.deepEqual(readImageInfo(pngHeader(4001, 1)), { kind: 'image', format: 'png', width: 4001, height: 1 });
  });

  it('calls GIF, text and empty input unsupported', () => {
    for (const bytes of [GIF_BYTES, Buffer.from('<html>'), Buffer.alloc(0), Buffer.from([0xff, 0xd8])]) {
      assert.deepEqual(readImageInfo(bytes), { kind: 'unsupported' });
    }
  });

  it('calls a PNG signature without a proper IHDR unreadable', () => {
    assert.deepEqual(readImageInfo(pngHeader(1, 1).subarray(0, 20)), { kind: 'unreadable', format: 'png' });
    const wrongChunk = Buffer.from(pngHeader(1, 1));
    wrongChunk.write('IDAT', 12, 'latin1');
    assert.deepEqual(readImageInfo(wrongChunk), { kind: 'unreadable', format: 'png' });
  });
});

describe('readJpegSize', () => {
  const cases: Array<{ name: string; bytes: Buffer; expected: { width: number; height: number } | undefined }> = [
    { name: 'baseline SOF0 after APP0', bytes: jpeg(app0, [0xc0, frame(20, 30)]), expected: { width: 30, height: 20 } },
    { name: 'progressive SOF2', bytes: jpeg(app0, [0xc2, frame(4000, 1)]), expected: { width: 1, height: 4000 } },
    { name: 'SOF15 (lossless arithmetic)', bytes: jpeg([0xcf, frame(2, 3)]), expected: { width: 3, height: 2 } },
    { name: 'DHT (C4), JPG (C8) and DAC (CC) are skipped, not read as frames', bytes: jpeg([0xc4, [0, 0, 0]], [0xc8, [1]], [0xcc, [2, 3]], [0xc1, frame(5, 6)]), expected: { width: 6, height: 5 } },
    { name: 'fill bytes before a marker', bytes: jpeg([0xff, 0xff, 0xff], app0, [0xff, 0xff], [0xc0, frame(7, 8)]), expected: { width: 8, height: 7 } },
    { name: 'standalone RST and TEM markers', bytes: jpeg([0xff, 0xd0, 0xff, 0x01], [0xc0, frame(9, 10)]), expected: { width: 10, height: 9 } },
    { name: 'a large APP1 (EXIF) before the frame', bytes: jpeg([0xe1, Array<number>(60000).fill(0xff)], [0xc0, frame(11, 12)]), expected: { width: 12, height: 11 } },
    { name: 'SOS before any frame', bytes: jpeg(app0, [0xda, [0, 0]], [0xc0, frame(1, 1)]), expected: undefined },
    { name: 'EOI before any frame', bytes: jpeg(app0, [0xff, 0xd9]), expected: undefined },
    { name: 'only SOI and a marker byte', bytes: Buffer.from([0xff, 0xd8, 0xff]), expected: undefined },
    { name: 'cut inside a segment length', bytes: jpeg(app0, [0xff, 0xe1, 0x00]), expected: undefined },
    { name: 'segment length past the end', bytes: jpeg([0xff, 0xe1, 0x40, 0x00, 1, 2, 3]), expected: undefined },
    { name: 'segment length below 2', bytes: jpeg([0xff, 0xe1, 0x00, 0x01]), expected: undefined },
    { name: 'frame header cut short', bytes: jpeg([0xff, 0xc0, 0x00, 0x05, 8, 0, 1]), expected: undefined },
    { name: 'a stray byte where a marker belongs', bytes: jpeg(app0, [0x12, 0xff, 0xc0]), expected: undefined },
    { name: 'FF 00 where a marker belongs', bytes: jpeg([0xff, 0x00, 0x00, 0x10]), expected: undefined },
    { name: 'fill bytes up to the end', bytes: jpeg([0xff, 0xff, 0xff]), expected: undefined },
    { name: 'the real fixture cut before its frame', bytes: JPEG_7X5.subarray(0, 100), expected: undefined },
  ];
  for (const { name, bytes, expected } of cases) {
    it(name, () => assert.deepEqual(readJpegSize(bytes), expected));
  }

  it('never throws on any prefix of a real JPEG: undefined until its frame header is whole, 7 × 5 from there on', () => {
    // The fixture's SOF0 segment (FF C0, then its length), found here without the reader.
    const frameAt = JPEG_7X5.indexOf(Buffer.from([0xff, 0xc0]));
    const frameEnd = frameAt + 2 + JPEG_7X5.readUInt16BE(frameAt + 2);
    for (let end = 0; end <= JPEG_7X5.length; end += 1) {
      assert.deepEqual(readJpegSize(JPEG_7X5.subarray(0, end)), end < frameEnd ? undefined : { width: 7, height: 5 }, `the first ${end} bytes`);
    }
  });
});

describe('readJpegFrame: the colour components (a hybrid PDF refuses CMYK, D40)', () => {
  it('one for grey, three for the RGB fixture, four for the CMYK one', () => {
    assert.deepEqual(readJpegFrame(jpeg(app0, [0xc0, frame(2, 3)])), { width: 3, height: 2, components: 1 });
    assert.equal(readJpegFrame(JPEG_7X5)?.components, 3);
    assert.deepEqual(readJpegFrame(JPEG_8X6_CMYK), { width: 8, height: 6, components: 4 });
    assert.equal(isCmykJpeg(JPEG_8X6_CMYK), true);
    assert.equal(isCmykJpeg(JPEG_7X5), false);
    assert.equal(isCmykJpeg(Buffer.from('not a jpeg')), false);
  });
});
