import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AppError } from '../../src/errors/app-error.ts';
import { loadImage } from '../../src/images/load-image.ts';
import { NonPublicAddressError } from '../../src/outbound/non-public-address-error.ts';
import { openPinnedRequest } from '../../src/outbound/open-pinned-request.ts';
import { PNG_3X2 } from '../helpers/image-bytes.ts';
import { startHttpsImageServer, type HttpsImageServer } from '../helpers/start-https-image-server.ts';

const NOT_PUBLIC = /points to a host that is not on the public internet .* host the image on a public https server or send it as a data: URI$/;

async function refusedAsNotPublic(promise: Promise<unknown>): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof AppError, `expected an AppError, got ${String(error)}`);
    assert.equal(error.code, 'validation_error');
    assert.match(error.message, /^from\.logo /);
    assert.match(error.message, NOT_PUBLIC);
    assert.doesNotMatch(error.message, /127\.0\.0\.1|::1|localhost/, 'the message must not reveal the address');
    return true;
  });
}

let server: HttpsImageServer;

before(async () => {
  server = await startHttpsImageServer((request, response) => {
    const redirects: Record<string, string> = {
      '/to-loopback-ip': `https://127.0.0.1:${server.port}/logo.png`,
      '/to-localhost': `https://localhost:${server.port}/logo.png`,
      '/to-metadata': 'https://169.254.169.254/latest/meta-data/',
      '/to-mapped': `https://[::ffff:127.0.0.1]:${server.port}/logo.png`,
    };
    const target = redirects[request.url ?? ''];
    if (target !== undefined) {
      response.writeHead(302, { location: target });
      return response.end();
    }
    response.writeHead(200, { 'content-type': 'image/png' });
    return response.end(PNG_3X2);
  });
});
after(() => server.close());

describe('loadImage refuses non-public addresses (D26)', () => {
  it('refuses localhost without an allow-list, before connecting', async () => {
    const connections = server.connections();
    await refusedAsNotPublic(loadImage(server.url('/logo.png'), 'logo', { allowHosts: [] }));
    assert.equal(server.connections(), connections);
  });

  it('refuses IP literals of every private kind without connecting, even when another host is allowed', async () => {
    const connections = server.connections();
    for (const host of ['127.0.0.1', '127.0.0.2', '[::1]', '10.0.0.1', '192.168.0.1', '169.254.169.254', '100.64.0.1', '[::ffff:127.0.0.1]', '[::ffff:10.0.0.1]', '[fe80::1]', '[fd00::1]', '0.0.0.0']) {
      await refusedAsNotPublic(loadImage(`https://${host}:${server.port}/logo.png`, 'logo', { allowHosts: ['localhost'] }));
    }
    assert.equal(server.connections(), connections);
  });

  it('refuses a redirect from an allowed host to a loopback IP that is not allowed', async () => {
    const requests = server.paths.length;
    await refusedAsNotPublic(loadImage(server.url('/to-loopback-ip'), 'logo', { allowHosts: ['localhost'] }));
    assert.deepEqual(server.paths.slice(requests), ['/to-loopback-ip']);
    // The same redirect passes once 127.0.0.1 is allowed too: the address guard alone refused it.
    await loadImage(server.url('/to-loopback-ip'), 'logo', { allowHosts: ['localhost', '127.0.0.1'] });
  });

  it('refuses a redirect to a name that resolves to loopback when only the first host is allowed', async () => {
    const requests = server.paths.length;
    await refusedAsNotPublic(loadImage(`https://127.0.0.1:${server.port}/to-localhost`, 'logo', { allowHosts: ['127.0.0.1'] }));
    assert.deepEqual(server.paths.slice(requests), ['/to-localhost']);
  });

  it('refuses a redirect to the cloud metadata address and to an IPv4-mapped loopback', async () => {
    await refusedAsNotPublic(loadImage(server.url('/to-metadata'), 'logo', { allowHosts: ['localhost'] }));
    await refusedAsNotPublic(loadImage(server.url('/to-mapped'), 'logo', { allowHosts: ['localhost'] }));
  });
});

describe('openPinnedRequest (D26: the address checked is the address connected to)', () => {
  it('connects to the pinned address without asking DNS, and checks the certificate against the URL\'s name', async () => {
    const connections = server.connections();
    // pinned.invalid does not resolve; the request still reaches the server because the pinned
    // lookup answers 127.0.0.1, and TLS then refuses because the certificate is not for that name.
    await assert.rejects(
      openPinnedRequest(new URL(`https://pinned.invalid:${server.port}/logo.png`), {
        addresses: [{ address: '127.0.0.1', family: 4 }],
        acceptConnected: () => true,
        headers: {},
        signal: AbortSignal.timeout(5000),
      }),
      { code: 'ERR_TLS_CERT_ALTNAME_INVALID' },
    );
    assert.equal(server.connections(), connections + 1);
  });

  it('drops a connection whose remote address the guard refuses', async () => {
    await assert.rejects(
      openPinnedRequest(new URL(server.url('/logo.png')), {
        addresses: [{ address: '127.0.0.1', family: 4 }],
        acceptConnected: (address) => address !== '127.0.0.1',
        headers: {},
        signal: AbortSignal.timeout(5000),
      }),
      (error: unknown) => error instanceof NonPublicAddressError && !/127\.0\.0\.1/.test(error.message),
    );
  });
});
