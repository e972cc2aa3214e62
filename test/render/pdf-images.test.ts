import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { bearer, body, generateInvoice, signUpWithKey, startAccountsApp, type AccountsApp } from '../helpers/accounts-helpers.ts';
import { readPdf } from '../helpers/read-pdf.ts';
import { JPEG_7X5, PNG_3X2 } from '../helpers/image-bytes.ts';
import { startHttpsImageServer, type HttpsImageServer } from '../helpers/start-https-image-server.ts';
import { richInvoice } from './pdf-fixtures.ts';

const send = (response: ServerResponse, bytes: Buffer, type: string) => {
  response.writeHead(200, { 'content-type': type, 'content-length': bytes.length });
  response.end(bytes);
};

describe('output pdf: logo and signature over https through the API (D26)', () => {
  let images: HttpsImageServer;
  let allowed: AccountsApp;
  let guarded: AccountsApp;
  let allowedKey: Record<string, string>;
  let guardedKey: Record<string, string>;
  before(async () => {
    images = await startHttpsImageServer((request, response) => {
      if (request.url === '/logo.png') return send(response, PNG_3X2, 'image/png');
      if (request.url === '/signature.jpg') return send(response, JPEG_7X5, 'image/jpeg');
      response.writeHead(404).end();
    });
    // OUTBOUND_ALLOW_HOSTS names the test server's host; the other app runs with the default (none).
    allowed = await startAccountsApp({ env: { OUTBOUND_ALLOW_HOSTS: 'localhost' } });
    guarded = await startAccountsApp();
    allowedKey = bearer((await signUpWithKey(allowed, 'img')).apiKey);
    guardedKey = bearer((await signUpWithKey(guarded, 'img')).apiKey);
  });
  after(async () => {
    await allowed.close();
    await guarded.close();
    await images.close();
  });

  const withRemoteImages = () => {
    const request = richInvoice('en', 'classic', 'IMG-1') as Record<string, any>;
    request.from.logo = images.url('/logo.png');
    request.signature = images.url('/signature.jpg');
    return request;
  };

  it('fetches both images and embeds them at their own size', async () => {
    const res = await generateInvoice(allowed.app, withRemoteImages(), allowedKey);
    assert.equal(res.statusCode, 200, res.body.slice(0, 500));
    const pdf = readPdf(res.rawPayload);
    const sizes = pdf.images.map((image) => `${image.width}x${image.height}`).sort();
    assert.deepEqual(sizes, ['3x2', '7x5']);
    assert.deepEqual(images.paths.slice(-2).sort(), ['/logo.png', '/signature.jpg']);
  });

  it('without OUTBOUND_ALLOW_HOSTS the same loopback URL is refused before any connection, naming the field', async () => {
    const before = images.connections();
    const res = await generateInvoice(guarded.app, withRemoteImages(), guardedKey);
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(body(res).error.code, 'validation_error');
    assert.match(body(res).error.message as string, /^(from\.logo|signature) /);
    assert.equal(images.connections(), before, 'the guard refused before connecting');
  });

  it('a missing remote image is a 400 naming the field', async () => {
    const request = withRemoteImages();
    request.signature = images.url('/nothing.png');
    const res = await generateInvoice(allowed.app, request, allowedKey);
    assert.equal(res.statusCode, 400, res.body);
    assert.match(body(res).error.message as string, /^signature /);
  });
});
