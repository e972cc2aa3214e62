import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { MAX_IMAGE_BYTES } from '../../src/domain/images/image-limits.ts';
import { loadImage } from '../../src/images/load-image.ts';
import { GIF_BYTES, JPEG_7X5, PNG_3X2, paddedTo, pngHeader } from '../helpers/image-bytes.ts';
import { startHttpsImageServer, type HttpsImageServer } from '../helpers/start-https-image-server.ts';
import { refused } from './refused.ts';

const allowLocalhost = { allowHosts: ['localhost'] };
const REDIRECT_CODES = [301, 302, 303, 307, 308];


function send(response: ServerResponse, bytes: Buffer, type = 'image/png'): void {
  response.writeHead(200, { 'content-type': type, 'content-length': bytes.length });
  response.end(bytes);
}

/** Writes 64 KB chunks until the client goes away; resolves how many bytes were written. */
function streamForever(response: ServerResponse): Promise<number> {
  return new Promise((resolve) => {
    let written = 0;
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    response.writeHead(200, { 'content-type': 'image/png' });
    response.write(pngHeader(10, 10));
    const pump = () => {
      while (!response.destroyed) {
        written += chunk.length;
        if (!response.write(chunk)) return;
      }
    };
    response.on('drain', pump);
    response.on('close', () => resolve(written));
    pump();
  });
}

let server: HttpsImageServer;
let untrusted: HttpsImageServer;
let foreverWritten: Promise<number> | undefined;

before(async () => {
  server = await startHttpsImageServer((request, response) => {
    const url = new URL(request.url ?? '/', 'https://localhost');
    const hop = /^\/hop\/(\d+)$/.exec(url.pathname);
    if (hop !== null) {
      const left = Number(hop[1]);
      if (left === 0) return send(response, PNG_3X2);
      // Odd hops answer a relative Location, even ones an absolute one: both must resolve.
      const next = left % 2 === 1 ? `./${left - 1}` : server.url(`/hop/${left - 1}`);
      response.writeHead(REDIRECT_CODES[left % REDIRECT_CODES.length] as number, { location: next });
      return response.end();
    }
    switch (url.pathname) {
      case '/logo.png': return send(response, PNG_3X2);
      case '/sig.jpg': return send(response, JPEG_7X5, 'image/jpeg');
      case '/png-as-html': return send(response, PNG_3X2, 'text/html');
      case '/gif-as-png': return send(response, GIF_BYTES, 'image/png');
      case '/html-as-png': return send(response, Buffer.from('<!doctype html><p>Not found</p>'), 'image/png');
      case '/wide.png': return send(response, pngHeader(4001, 20));
      case '/exactly-max.png': return send(response, paddedTo(pngHeader(50, 50), MAX_IMAGE_BYTES));
      case '/declared-too-large': {
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': MAX_IMAGE_BYTES + 1 });
        return response.write(pngHeader(10, 10));
      }
      case '/forever': foreverWritten = streamForever(response); return undefined;
      case '/to-http': response.writeHead(302, { location: `http://localhost:${server.port}/logo.png` }); return response.end();
      case '/to-ftp': response.writeHead(302, { location: 'ftp://localhost/logo.png' }); return response.end();
      case '/no-location': response.writeHead(302); return response.end();
      default: response.writeHead(404, { 'content-type': 'text/plain' }); return response.end('not found');
    }
  });
  untrusted = await startHttpsImageServer((_request, response) => send(response, PNG_3X2), { untrusted: true });
});
after(() => Promise.all([server.close(), untrusted.close()]));

describe('loadImage over https (D26)', () => {
  describe('happy', () => {
    it('loads a PNG from an allow-listed host with its size', async () => {
      const image = await loadImage(server.url('/logo.png'), 'logo', allowLocalhost);
      assert.deepEqual({ format: image.format, width: image.width, height: image.height }, { format: 'png', width: 3, height: 2 });
      assert.ok(image.bytes.equals(PNG_3X2));
    });

    it('loads a JPEG', async () => {
      const image = await loadImage(server.url('/sig.jpg'), 'signature', allowLocalhost);
      assert.deepEqual({ format: image.format, width: image.width, height: image.height }, { format: 'jpeg', width: 7, height: 5 });
    });

    it('ignores Content-Type: a PNG served as text/html is a PNG', async () => {
      assert.equal((await loadImage(server.url('/png-as-html'), 'logo', allowLocalhost)).format, 'png');
    });

    it('matches allow-listed hosts without regard to case', async () => {
      await loadImage(server.url('/logo.png').replace('localhost', 'LocalHost'), 'logo', { allowHosts: ['LOCALHOST'] });
    });

    it('checks the certificate of an IP-literal URL against its IP address', async () => {
      const image = await loadImage(`https://127.0.0.1:${server.port}/logo.png`, 'logo', { allowHosts: ['127.0.0.1'] });
      assert.equal(image.width, 3);
    });

    it('follows a chain of 3 redirects (301…308, relative and absolute Location)', async () => {
      const image = await loadImage(server.url('/hop/3'), 'logo', allowLocalhost);
      assert.equal(image.format, 'png');
    });

    it('accepts a body of exactly 2.5 MB', async () => {
      const image = await loadImage(server.url('/exactly-max.png'), 'logo', allowLocalhost);
      assert.equal(image.bytes.length, MAX_IMAGE_BYTES);
    });
  });

  describe('errors', () => {
    it('refuses a 4th redirect', async () => {
      const before = server.paths.length;
      await refused(loadImage(server.url('/hop/4'), 'logo', allowLocalhost), /was redirected more than 3 times: use the image's final URL/);
      assert.deepEqual(server.paths.slice(before), ['/hop/4', '/hop/3', '/hop/2', '/hop/1']);
    });

    it('refuses an http URL, saying to use https', () =>
      refused(loadImage(`http://localhost:${server.port}/logo.png`, 'logo', allowLocalhost), /must use https:\/\/, not http:\/\//));

    it('refuses other schemes and unparsable URLs', async () => {
      await refused(loadImage('ftp://localhost/logo.png', 'logo', allowLocalhost), /must be an https:\/\/ URL or a data:image/);
      await refused(loadImage('https://', 'logo', allowLocalhost), /is not a valid URL/);
    });

    it('refuses a redirect to http', () =>
      refused(loadImage(server.url('/to-http'), 'logo', allowLocalhost), /was redirected to a URL that is not https:\/\//));

    it('refuses a redirect to another scheme and one without Location', async () => {
      await refused(loadImage(server.url('/to-ftp'), 'logo', allowLocalhost), /not https:\/\//);
      await refused(loadImage(server.url('/no-location'), 'logo', allowLocalhost), /without a target/);
    });

    it('refuses a 404, naming the status', () =>
      refused(loadImage(server.url('/missing.png'), 'signature', allowLocalhost), /could not be downloaded: its server answered HTTP 404/, 'signature'));

    it('refuses GIF bytes served as image/png, and an HTML page', async () => {
      await refused(loadImage(server.url('/gif-as-png'), 'logo', allowLocalhost), /is not a PNG or JPEG image/);
      await refused(loadImage(server.url('/html-as-png'), 'logo', allowLocalhost), /is not a PNG or JPEG image/);
    });

    it('refuses an image 4001 pixels wide', () =>
      refused(loadImage(server.url('/wide.png'), 'logo', allowLocalhost), /is 4001 × 20 pixels/));

    it('cuts off a body past 2.5 MB and closes the connection', async () => {
      await refused(loadImage(server.url('/forever'), 'logo', allowLocalhost), /is larger than 2\.5 MB \(2621440 bytes\) at its URL; the download was stopped/);
      assert.ok(foreverWritten !== undefined);
      const written = await foreverWritten; // resolves only once the server sees the connection close
      assert.ok(written >= MAX_IMAGE_BYTES - 64 * 1024, `server wrote ${written} bytes`);
    });

    it('refuses a declared Content-Length over 2.5 MB before reading the body', () =>
      refused(loadImage(server.url('/declared-too-large'), 'logo', allowLocalhost), /is larger than 2\.5 MB/));

    it('refuses a certificate no trusted CA signed (checks stay on)', () =>
      refused(loadImage(untrusted.url('/logo.png'), 'logo', allowLocalhost), /TLS certificate is not valid for that host name or not trusted/));

    it('refuses credentials in the URL', () =>
      refused(loadImage(`https://user:secret@localhost:${server.port}/logo.png`, 'logo', allowLocalhost), /must not contain a user name or password/));

    it('refuses a host name that does not resolve (.invalid never does)', () =>
      refused(loadImage('https://no-such-host.invalid/logo.png', 'logo', { allowHosts: [] }), /its host name does not resolve/));

    it('refuses a port nobody listens on', () =>
      refused(loadImage('https://localhost:1/logo.png', 'logo', allowLocalhost), /the connection to its server failed/));
  });
});
