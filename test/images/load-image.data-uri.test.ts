import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_IMAGE_BYTES } from '../../src/domain/images/image-limits.ts';
import { loadImage } from '../../src/images/load-image.ts';
import { dataUri, GIF_BYTES, JPEG_7X5, PNG_3X2, paddedTo, pngHeader } from '../helpers/image-bytes.ts';
import { refused } from './refused.ts';

const options = { allowHosts: [] };


describe('loadImage with a data: URI (D26)', () => {
  describe('happy', () => {
    it('loads a PNG with its size', async () => {
      const image = await loadImage(dataUri('image/png', PNG_3X2), 'logo', options);
      assert.deepEqual({ ...image, bytes: image.bytes.equals(PNG_3X2) }, { bytes: true, format: 'png', width: 3, height: 2 });
    });

    it('loads a JPEG under image/jpeg and image/jpg', async () => {
      for (const mime of ['image/jpeg', 'image/jpg']) {
        const image = await loadImage(dataUri(mime, JPEG_7X5), 'signature', options);
        assert.deepEqual({ format: image.format, width: image.width, height: image.height }, { format: 'jpeg', width: 7, height: 5 });
        assert.ok(image.bytes.equals(JPEG_7X5));
      }
    });

    it('goes by the bytes, not the label: a JPEG sent as image/png is a JPEG', async () => {
      const image = await loadImage(dataUri('image/png', JPEG_7X5), 'logo', options);
      assert.equal(image.format, 'jpeg');
    });

    it('accepts exactly 2.5 MB (2,621,440 bytes) and 4000 × 4000 pixels', async () => {
      const image = await loadImage(dataUri('image/png', paddedTo(pngHeader(4000, 4000), MAX_IMAGE_BYTES)), 'logo', options);
      assert.equal(image.bytes.length, 2_621_440);
      assert.equal(image.width, 4000);
    });
  });

  describe('errors', () => {
    const cases: Array<{ name: string; source: string; pattern: RegExp }> = [
      { name: 'bad base64 characters', source: 'data:image/png;base64,iVBO*w0K', pattern: /not valid base64/ },
      { name: 'base64 with whitespace', source: `data:image/png;base64,${PNG_3X2.toString('base64').slice(0, 8)} ${PNG_3X2.toString('base64').slice(8)}`, pattern: /not valid base64/ },
      { name: 'URL-safe base64', source: `data:image/png;base64,${Buffer.concat([PNG_3X2, Buffer.from([0xfb, 0xff, 0xfe])]).toString('base64url')}`, pattern: /not valid base64/ },
      { name: 'base64 without padding', source: `data:image/jpeg;base64,${JPEG_7X5.toString('base64').replace(/=+$/, '')}`, pattern: /not valid base64/ },
      { name: 'base64 with non-canonical padding bits', source: 'data:image/png;base64,iVBORx==', pattern: /padding is wrong/ },
      { name: 'empty payload', source: 'data:image/png;base64,', pattern: /not valid base64/ },
      { name: 'a GIF mime type', source: dataUri('image/gif', GIF_BYTES), pattern: /convert the image to PNG or JPEG/ },
      { name: 'an SVG mime type', source: 'data:image/svg+xml;base64,PHN2Zy8+', pattern: /PNG or JPEG/ },
      { name: 'not base64-encoded', source: 'data:image/png,rawbytes', pattern: /data:image\/png;base64,/ },
      { name: 'GIF bytes labelled image/png', source: dataUri('image/png', GIF_BYTES), pattern: /is not a PNG or JPEG image \(judged by its content/ },
      { name: 'text labelled image/jpeg', source: dataUri('image/jpeg', Buffer.from('hello, world')), pattern: /is not a PNG or JPEG image/ },
      { name: 'a PNG 4001 pixels wide', source: dataUri('image/png', pngHeader(4001, 10)), pattern: /is 4001 × 10 pixels; each side must be 1 to 4000 pixels: scale the image down/ },
      { name: 'a PNG 4001 pixels high', source: dataUri('image/png', pngHeader(10, 4001)), pattern: /4000/ },
      { name: 'a PNG 0 pixels wide', source: dataUri('image/png', pngHeader(0, 10)), pattern: /is 0 × 10 pixels/ },
      { name: 'a PNG cut inside its header', source: dataUri('image/png', PNG_3X2.subarray(0, 20)), pattern: /looks like a PNG but its header is damaged/ },
      { name: 'a JPEG cut before its frame header', source: dataUri('image/jpeg', JPEG_7X5.subarray(0, 60)), pattern: /looks like a JPEG but its header is damaged/ },
      { name: 'one byte over 2.5 MB', source: dataUri('image/png', paddedTo(PNG_3X2, MAX_IMAGE_BYTES + 1)), pattern: /is larger than 2\.5 MB \(2621440 bytes\)/ },
      { name: 'far over 2.5 MB (refused before decoding)', source: `data:image/png;base64,${'A'.repeat(8 * 1024 * 1024)}`, pattern: /is larger than 2\.5 MB/ },
    ];
    for (const { name, source, pattern } of cases) {
      it(`refuses ${name}`, () => refused(loadImage(source, 'logo', options), pattern));
    }

    it('names the signature field as signature', () =>
      refused(loadImage('data:image/png;base64,@@@@', 'signature', options), /not valid base64/, 'signature'));
  });
});
