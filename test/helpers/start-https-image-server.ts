import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import tls from 'node:tls';

const TLS_DIR = path.join(import.meta.dirname, '..', 'fixtures', 'tls');

export interface HttpsImageServer {
  readonly port: number;
  /** https://localhost:<port><path>: the name the test certificate is for. */
  url(pathname: string): string;
  /** TCP connections accepted so far: 0 proves a refused URL was never connected to. */
  readonly connections: () => number;
  /** Request paths received so far, in order. */
  readonly paths: string[];
  /** Stops listening and destroys every open connection. */
  close(): Promise<void>;
}

/**
 * A real https server on 127.0.0.1 and a random port. Its certificate is for localhost and
 * 127.0.0.1, issued by the test CA that `npm test` trusts through NODE_EXTRA_CA_CERTS
 * (test/fixtures/tls/make-test-certs.sh); `untrusted: true` serves a self-signed one instead.
 * Certificate checks are never turned off.
 */
export async function startHttpsImageServer(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
  options: { untrusted?: boolean } = {},
): Promise<HttpsImageServer> {
  const testCa = readFileSync(path.join(TLS_DIR, 'test-ca.pem'), 'utf8').trim();
  if (!tls.getCACertificates('extra').some((pem) => pem.trim() === testCa)) {
    // Node reads NODE_EXTRA_CA_CERTS only at process start, so it cannot be set from here.
    throw new Error('The test CA is not trusted: run the tests through npm test, or with NODE_EXTRA_CA_CERTS=test/fixtures/tls/test-ca.pem');
  }
  const name = options.untrusted === true ? 'untrusted' : 'localhost';
  const paths: string[] = [];
  const server = https.createServer({
    key: readFileSync(path.join(TLS_DIR, `${name}-key.pem`)),
    cert: readFileSync(path.join(TLS_DIR, `${name}-cert.pem`)),
  }, (request, response) => {
    paths.push(request.url ?? '');
    handler(request, response);
  });
  const sockets = new Set<Socket>();
  let connections = 0;
  server.on('connection', (socket: Socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('tlsClientError', () => {}); // refused handshakes are what some tests expect
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (pathname) => `https://localhost:${port}${pathname}`,
    connections: () => connections,
    paths,
    close: () => new Promise((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    }),
  };
}
