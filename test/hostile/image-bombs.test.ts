import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { deflateSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE_PX } from '../../src/domain/images/image-limits.ts';
import { validInvoice } from '../helpers/build-test-app.ts';
import { bearer, signUpWithKey, startAccountsApp, type AccountsApp } from '../helpers/accounts-helpers.ts';
import { dataUri, JPEG_7X5, PNG_3X2, paddedTo, pngChunk, pngHeader } from '../helpers/image-bytes.ts';
import { startHttpsImageServer, type HttpsImageServer } from '../helpers/start-https-image-server.ts';

/**
 * Image bombs (D26): images whose header promises billions of pixels, and downloads that never end.
 * They must be refused from their header or their byte count, never decoded or buffered whole: a
 * 50,000 × 50,000 RGBA image is 10 GB once decoded.
 */
const BOMB_SIDE_PX = 50_000;
/** Generous for a 2-core machine shared with other work; a decode of 10 GB could not finish in it. */
const REFUSAL_MS = 2000;
/** Far below what decoding (10 GB) or buffering the 100 MB stream would need. */
const RSS_GROWTH_BYTES = 100 * 1024 * 1024;
const STREAM_BYTES = 100 * 1024 * 1024;
/** The cap plus what loopback socket buffers can hold before the reader must take more. */
const MOST_WRITTEN_BYTES = MAX_IMAGE_BYTES + 16 * 1024 * 1024;

/**
 * A real decompression bomb: IHDR says 50,000 × 50,000 RGBA, and its IDAT is 64 MB of zero
 * scanlines deflated to ~64 KB. Any decoder that believed the header would allocate 10 GB.
 */
function pngBomb(): Buffer {
  const header = pngHeader(BOMB_SIDE_PX, BOMB_SIDE_PX);
  const iend = header.subarray(header.length - 12);
  return Buffer.concat([header.subarray(0, header.length - 12), pngChunk('IDAT', deflateSync(Buffer.alloc(64 * 1024 * 1024))), iend]);
}

/** The real 7 × 5 JPEG with its start-of-frame rewritten to declare width × height. */
function jpegDeclaring(width: number, height: number): Buffer {
  const bytes = Buffer.from(JPEG_7X5);
  for (let at = 2; at + 4 < bytes.length;) {
    const marker = bytes[at + 1]!;
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      bytes.writeUInt16BE(height, at + 5);
      bytes.writeUInt16BE(width, at + 7);
      return bytes;
    }
    at += 2 + length;
  }
  throw new Error('no start-of-frame segment in the fixture');
}

const PNG_BOMB = pngBomb();
const JPEG_BOMB = jpegDeclaring(BOMB_SIDE_PX, BOMB_SIDE_PX);

/**
 * Streams a small valid PNG header and then up to STREAM_BYTES of padding, chunked (no
 * Content-Length), honouring backpressure; `written` is what the socket accepted before the
 * reader hung up. With `declare`, a Content-Length of the whole is sent first instead.
 */
class Stream {
  written = 0;
  finished = false;
  closed: Promise<void>;
  #close!: () => void;
  constructor() { this.closed = new Promise((resolve) => { this.#close = resolve; }); }
  serve(response: ServerResponse, declare: boolean): void {
    response.writeHead(200, { 'content-type': 'image/png', ...(declare ? { 'content-length': STREAM_BYTES } : {}) });
    const piece = Buffer.alloc(256 * 1024);
    const pump = () => {
      while (!response.destroyed && this.written < STREAM_BYTES) {
        const next = this.written === 0 ? paddedTo(pngHeader(100, 100), piece.length) : piece;
        this.written += next.length;
        if (!response.write(next)) return;
      }
      if (this.written >= STREAM_BYTES && !this.finished) { this.finished = true; response.end(); }
    };
    response.on('drain', pump);
    response.on('close', () => this.#close());
    pump();
  }
}

/** Runs `send` while sampling the process's RSS; the request's time and the most RSS grew. */
async function measured(send: () => Promise<LightMyRequestResponse>): Promise<{ res: LightMyRequestResponse; ms: number; rssGrowth: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 5);
  const started = performance.now();
  try {
    const res = await send();
    const ms = performance.now() - started;
    peak = Math.max(peak, process.memoryUsage.rss());
    return { res, ms, rssGrowth: peak - before };
  } finally {
    clearInterval(sampler);
  }
}

function assertRefused(res: LightMyRequestResponse, path: string, pattern: RegExp): void {
  assert.equal(res.statusCode, 400, res.body.slice(0, 500));
  assert.match(String(res.headers['content-type']), /^application\/json/);
  const json = res.json() as { success: boolean; error: { code: string; message: string } };
  assert.deepEqual(Object.keys(json).sort(), ['error', 'success']);
  assert.equal(json.success, false);
  assert.equal(json.error.code, 'validation_error');
  assert.ok(json.error.message.startsWith(`${path} `), json.error.message);
  assert.match(json.error.message, pattern);
}

describe('image bombs are refused from their header or byte count (D26)', () => {
  let images: HttpsImageServer;
  let ctx: AccountsApp;
  let key: Record<string, string>;
  const streams = new Map<string, Stream>();

  before(async () => {
    images = await startHttpsImageServer((request, response) => {
      const send = (bytes: Buffer, type: string) => {
        response.writeHead(200, { 'content-type': type, 'content-length': bytes.length });
        response.end(bytes);
      };
      const url = request.url ?? '';
      if (url.startsWith('/bomb.png')) return send(PNG_BOMB, 'image/png');
      if (url.startsWith('/bomb.jpg')) return send(JPEG_BOMB, 'image/jpeg');
      const endless = /^\/(chunked|declared)\/(\w+)$/.exec(url);
      if (endless !== null) {
        const stream = new Stream();
        streams.set(endless[2]!, stream);
        return stream.serve(response, endless[1] === 'declared');
      }
      response.writeHead(404).end();
    });
    // OUTBOUND_ALLOW_HOSTS lets the app fetch from the loopback test server; nothing else of D26 is relaxed.
    ctx = await startAccountsApp({ env: { OUTBOUND_ALLOW_HOSTS: 'localhost', LOG_LEVEL: 'warn' } });
    key = bearer((await signUpWithKey(ctx, 'bombs')).apiKey);
  });
  after(async () => {
    await ctx?.close();
    await images?.close();
  });

  /** A keyed request with the image in `field`; `mode` pdf renders one, hosted stores a snapshot. */
  function generate(field: 'logo' | 'signature', source: string, mode: 'pdf' | 'hosted'): Promise<LightMyRequestResponse> {
    const body = validInvoice() as Record<string, any>;
    if (field === 'logo') body.from.logo = source;
    else body.signature = source;
    if (mode === 'pdf') body.output = 'pdf';
    else body.features = { hosted_link: true };
    return ctx.app.inject({ method: 'POST', url: '/api/generate-invoice', headers: key, payload: body });
  }

  const bombs = [
    { name: 'a PNG of 50,000 × 50,000 (64 MB of pixels deflated into its IDAT)', bytes: PNG_BOMB, mime: 'image/png', path: '/bomb.png' },
    { name: 'a JPEG whose frame declares 50,000 × 50,000', bytes: JPEG_BOMB, mime: 'image/jpeg', path: '/bomb.jpg' },
  ];
  for (const bomb of bombs) {
    for (const field of ['logo', 'signature'] as const) {
      for (const mode of ['pdf', 'hosted'] as const) {
        for (const from of ['data: URI', 'https URL'] as const) {
          it(`${bomb.name} as ${field} by ${from}, output ${mode === 'pdf' ? 'pdf' : 'json with a hosted link'}: 400 naming the field and the limit`, async () => {
            const fetchedBefore = images.paths.filter((p) => p.startsWith(bomb.path)).length;
            const source = from === 'data: URI' ? dataUri(bomb.mime, bomb.bytes) : images.url(`${bomb.path}?${field}-${mode}`);
            const { res, ms, rssGrowth } = await measured(() => generate(field, source, mode));
            assertRefused(res, field === 'logo' ? 'from.logo' : 'signature',
              new RegExp(`is ${BOMB_SIDE_PX} × ${BOMB_SIDE_PX} pixels; each side must be 1 to ${MAX_IMAGE_SIDE_PX} pixels`));
            assert.ok(ms < REFUSAL_MS, `took ${Math.round(ms)} ms`);
            assert.ok(rssGrowth < RSS_GROWTH_BYTES, `RSS grew by ${Math.round(rssGrowth / 1024 / 1024)} MB`);
            if (from === 'https URL') assert.equal(images.paths.filter((p) => p.startsWith(bomb.path)).length, fetchedBefore + 1, 'the image was fetched');
          });
        }
      }
    }
  }

  it('a batch item with a bomb logo fails alone, naming the field; the other item is generated', async () => {
    const bombed = validInvoice() as Record<string, any>;
    bombed.from.logo = images.url('/bomb.png?batch');
    const plain = { ...validInvoice(), features: { hosted_link: false } };
    const { res, ms, rssGrowth } = await measured(() => ctx.app.inject({ method: 'POST', url: '/api/batch', headers: key, payload: { invoices: [bombed, plain] } }));
    assert.equal(res.statusCode, 200, res.body.slice(0, 500));
    const results = (res.json() as { results: Array<{ success: boolean; error?: { code: string; message: string } }> }).results;
    assert.equal(results[0]!.success, false);
    assert.equal(results[0]!.error!.code, 'validation_error');
    assert.match(results[0]!.error!.message, /^from\.logo is 50000 × 50000 pixels; each side must be 1 to 4000 pixels/);
    assert.equal(results[1]!.success, true);
    assert.ok(ms < REFUSAL_MS, `took ${Math.round(ms)} ms`);
    assert.ok(rssGrowth < RSS_GROWTH_BYTES, `RSS grew by ${Math.round(rssGrowth / 1024 / 1024)} MB`);
  });

  for (const field of ['logo', 'signature'] as const) {
    it(`${field}: a 100-pixel PNG streamed chunked without Content-Length past 2.5 MB is cut off, not buffered`, async () => {
      const id = `chunked${field}`;
      const { res, ms, rssGrowth } = await measured(() => generate(field, images.url(`/chunked/${id}`), 'pdf'));
      assertRefused(res, field === 'logo' ? 'from.logo' : 'signature', new RegExp(`is larger than 2\\.5 MB \\(${MAX_IMAGE_BYTES} bytes\\) at its URL; the download was stopped`));
      const stream = streams.get(id)!;
      await stream.closed;
      assert.equal(stream.finished, false, 'the server was able to send the whole 100 MB');
      assert.ok(stream.written < MOST_WRITTEN_BYTES, `${stream.written} bytes were written before the connection closed`);
      assert.ok(ms < REFUSAL_MS, `took ${Math.round(ms)} ms`);
      assert.ok(rssGrowth < RSS_GROWTH_BYTES, `RSS grew by ${Math.round(rssGrowth / 1024 / 1024)} MB`);
    });
  }

  it('a declared Content-Length of 100 MB is refused before the body is read', async () => {
    const { res, ms } = await measured(() => generate('logo', images.url('/declared/declaredlogo'), 'hosted'));
    assertRefused(res, 'from.logo', /is larger than 2\.5 MB/);
    const stream = streams.get('declaredlogo')!;
    await stream.closed;
    assert.equal(stream.finished, false);
    assert.ok(stream.written < MOST_WRITTEN_BYTES, `${stream.written} bytes were written before the connection closed`);
    assert.ok(ms < REFUSAL_MS, `took ${Math.round(ms)} ms`);
  });

  it('a data: URI of a small-sized PNG padded past 2.5 MB is refused before it is decoded', async () => {
    // 3 bytes over: the base64 is longer than 2.5 MB can be, yet within the schema's maxLength, so the decoder is what refuses it.
    const padded = paddedTo(pngHeader(100, 100), MAX_IMAGE_BYTES + 3);
    const { res, ms } = await measured(() => generate('signature', dataUri('image/png', padded), 'pdf'));
    assertRefused(res, 'signature', /is larger than 2\.5 MB \(2621440 bytes\) once decoded/);
    assert.ok(ms < REFUSAL_MS, `took ${Math.round(ms)} ms`);
  });

  it('after all that, a real 3 × 2 logo still renders', async () => {
    const res = await generate('logo', dataUri('image/png', PNG_3X2), 'pdf');
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
    assert.equal(res.rawPayload.subarray(0, 5).toString('latin1'), '%PDF-');
  });
});
