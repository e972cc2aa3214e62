import assert from 'node:assert/strict';
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { AppError } from '../../src/errors/app-error.ts';
import { IMAGE_FETCH_TIMEOUT_MS } from '../../src/domain/images/image-limits.ts';
import { loadImage } from '../../src/images/load-image.ts';
import { pngHeader } from '../helpers/image-bytes.ts';
import { startHttpsImageServer, type HttpsImageServer } from '../helpers/start-https-image-server.ts';

const SHORT_MS = 300;

/** Runs `work`, expects a validation_error about the deadline, and returns the time it took. */
async function timedOut(work: Promise<unknown>, seconds: string): Promise<number> {
  const started = performance.now();
  await assert.rejects(work, (error: unknown) => {
    assert.ok(error instanceof AppError, `expected an AppError, got ${String(error)}`);
    assert.equal(error.code, 'validation_error');
    assert.match(error.message, new RegExp(`^from\\.logo could not be downloaded within ${seconds.replace('.', '\\.')} s: `));
    return true;
  });
  return performance.now() - started;
}

let server: HttpsImageServer;
const silentSockets = new Set<Socket>();
/** Accepts TCP connections and never says a word: the TLS handshake never completes. */
const silent = createServer((socket) => {
  silentSockets.add(socket);
  socket.on('close', () => silentSockets.delete(socket));
});

before(async () => {
  server = await startHttpsImageServer((request, response) => {
    if (request.url === '/hang') return; // never answers
    if (request.url === '/redirect-then-hang') {
      response.writeHead(302, { location: '/hang' });
      return response.end();
    }
    // /drip: a valid start, then one byte every 50 ms, forever
    response.writeHead(200, { 'content-type': 'image/png' });
    response.write(pngHeader(10, 10));
    const timer = setInterval(() => response.write('x'), 50);
    response.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
});
after(async () => {
  for (const socket of silentSockets) socket.destroy();
  silent.close();
  await server.close();
});

describe('loadImage deadline (D26: 5 s for the whole fetch)', () => {
  const allow = { allowHosts: ['localhost'], timeoutMs: SHORT_MS };

  it('gives up on a server that never completes the TLS handshake', async () => {
    const { port } = silent.address() as AddressInfo;
    const elapsed = await timedOut(loadImage(`https://localhost:${port}/logo.png`, 'logo', allow), '0.3');
    assert.ok(elapsed < 2000, `took ${elapsed} ms`);
  });

  it('gives up on a server that never answers the request', async () => {
    const elapsed = await timedOut(loadImage(server.url('/hang'), 'logo', allow), '0.3');
    assert.ok(elapsed < 2000, `took ${elapsed} ms`);
  });

  it('gives up on a body that drips forever (the deadline covers the body)', async () => {
    const elapsed = await timedOut(loadImage(server.url('/drip'), 'logo', allow), '0.3');
    assert.ok(elapsed < 2000, `took ${elapsed} ms`);
  });

  it('counts redirects against the same deadline', async () => {
    const elapsed = await timedOut(loadImage(server.url('/redirect-then-hang'), 'logo', allow), '0.3');
    assert.ok(elapsed < 2000, `took ${elapsed} ms`);
  });

  it('defaults to 5 s', async () => {
    assert.equal(IMAGE_FETCH_TIMEOUT_MS, 5000);
    const elapsed = await timedOut(loadImage(server.url('/hang'), 'logo', { allowHosts: ['localhost'] }), '5');
    assert.ok(elapsed >= 4900 && elapsed < 7000, `took ${elapsed} ms`);
  });
});
