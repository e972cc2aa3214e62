import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { CLIENT_TIMEOUTS } from '../../src/app.ts';
import { buildTestApp, validInvoice, type TestApp } from '../helpers/build-test-app.ts';

/**
 * Slow and oversized clients against a really listening app, over raw sockets: a slow-loris client
 * is cut off at the headers or request deadline, a crowd of them does not starve a normal request,
 * and a body over the route's limit is refused without being read. The deadlines are shortened
 * here; their production values are checked first.
 */
const HEADERS_MS = 1500;
const REQUEST_MS = 3000;
const CHECK_INTERVAL_MS = 100;
/** Room for a loaded 2-core machine past a deadline; still far below Node's default of 5 minutes. */
const SLACK_MS = 2000;
const MB = 1024 * 1024;

/** What clientErrorReply (src/http/client-error-reply.ts) writes for a parser error: D16's shape, then the socket closes. */
function errorResponse(status: string, code: string, message: string): string {
  const body = JSON.stringify({ success: false, error: { code, message } });
  return `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

/**
 * The answer with its X-Request-Id header taken out, after checking it is there: every answer the
 * service writes carries one, also those written for Node's parser before a request exists.
 */
function withoutRequestId(raw: string): string {
  const header = /\r\nX-Request-Id: req_[A-Za-z0-9_-]{16}(?=\r\n)/;
  assert.match(raw, header, `no X-Request-Id in ${raw.slice(0, 300)}`);
  return raw.replace(header, '');
}

const TIMEOUT_RESPONSE = errorResponse('408 Request Timeout', 'request_timeout',
  'The request arrived too slowly: its headers must arrive within 1.5 s and the whole request within 3 s. Send it again in one go.');

interface RawClient {
  readonly socket: net.Socket;
  readonly connectedAt: number;
  /** Everything the server sent, as latin1 text. */
  received(): string;
  /** Bytes this client has written. */
  sent(): number;
  /** Resolves with the milliseconds from connect to close. */
  readonly closed: Promise<number>;
  isClosed(): boolean;
}

function connect(port: number): Promise<RawClient> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let closedFlag = false;
    let connectedAt = 0;
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A server that hangs up while we still write gives EPIPE or ECONNRESET: that is the point.
    socket.on('error', () => {});
    const closed = new Promise<number>((done) => socket.on('close', () => { closedFlag = true; done(performance.now() - connectedAt); }));
    socket.once('connect', () => {
      connectedAt = performance.now();
      resolve({
        socket, connectedAt, closed,
        received: () => Buffer.concat(chunks).toString('latin1'),
        sent: () => socket.bytesWritten,
        isClosed: () => closedFlag,
      });
    });
    socket.once('error', reject);
  });
}

/** Writes `text` one byte every `everyMs` until the socket closes (a slow-loris client). */
function trickle(client: RawClient, text: string, everyMs: number): void {
  let at = 0;
  const timer = setInterval(() => {
    if (client.socket.destroyed || client.isClosed()) return clearInterval(timer);
    client.socket.write(text[at % text.length]!);
    at += 1;
  }, everyMs);
  client.socket.on('close', () => clearInterval(timer));
}

function parse(raw: string): { status: number; headers: Record<string, string>; body: string } {
  const end = raw.indexOf('\r\n\r\n');
  const [statusLine, ...lines] = raw.slice(0, end).split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine!.split(' ')[1]), headers, body: raw.slice(end + 4) };
}

const post = (path: string, headers: string) => `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${headers}\r\n`;

describe('client deadlines in production (CLIENT_TIMEOUTS in src/app.ts)', () => {
  it('an app built without clientTimeouts has 15 s for the headers, 60 s for the request, checked every second', async () => {
    assert.deepEqual(CLIENT_TIMEOUTS, { headersMs: 15_000, requestMs: 60_000, checkIntervalMs: 1000 });
    const t = await buildTestApp({ LOG_LEVEL: 'silent' });
    try {
      assert.equal(t.app.server.headersTimeout, 15_000);
      assert.equal(t.app.server.requestTimeout, 60_000);
      assert.equal((t.app.server as unknown as { connectionsCheckingInterval: number }).connectionsCheckingInterval, 1000);
      // Not covered by CLIENT_TIMEOUTS: after a response, an idle keep-alive connection is kept for
      // Fastify's default 72 s (Node's own default is 5 s). docs/hostile-input.md says why.
      assert.equal(t.app.server.keepAliveTimeout, 72_000);
    } finally {
      await t.close();
    }
  });
});

describe(`slow and oversized clients on a listening app (headers ${HEADERS_MS} ms, request ${REQUEST_MS} ms)`, () => {
  let t: TestApp;
  let port: number;
  before(async () => {
    t = await buildTestApp({ LOG_LEVEL: 'warn' }, { clientTimeouts: { headersMs: HEADERS_MS, requestMs: REQUEST_MS, checkIntervalMs: CHECK_INTERVAL_MS } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  after(async () => { await t?.close(); });

  it('the shortened deadlines reach the server', () => {
    assert.equal(t.app.server.headersTimeout, HEADERS_MS);
    assert.equal(t.app.server.requestTimeout, REQUEST_MS);
  });

  it('a client trickling its headers a byte at a time gets 408 and is closed at the headers deadline', async () => {
    const client = await connect(port);
    trickle(client, post('/api/generate-invoice', 'X-Padding: '), 50);
    const ms = await client.closed;
    assert.ok(ms >= HEADERS_MS - CHECK_INTERVAL_MS && ms < HEADERS_MS + SLACK_MS, `closed after ${Math.round(ms)} ms`);
    assert.ok(ms < REQUEST_MS, 'the headers deadline, not the request deadline, cut it off');
    assert.ok(client.sent() > 10, `the client was still sending (${client.sent()} bytes)`);
    assert.equal(withoutRequestId(client.received()), TIMEOUT_RESPONSE);
  });

  it('a connection that sends nothing is closed at the headers deadline too', async () => {
    const client = await connect(port);
    const ms = await client.closed;
    assert.ok(ms >= HEADERS_MS - CHECK_INTERVAL_MS && ms < HEADERS_MS + SLACK_MS, `closed after ${Math.round(ms)} ms`);
    assert.equal(withoutRequestId(client.received()), TIMEOUT_RESPONSE);
  });

  it('a client trickling its body gets 408 and is closed at the request deadline', async () => {
    const client = await connect(port);
    client.socket.write(post('/api/generate-invoice', 'Content-Length: 100000\r\n'));
    trickle(client, JSON.stringify(validInvoice()), 50);
    const ms = await client.closed;
    assert.ok(ms >= REQUEST_MS - CHECK_INTERVAL_MS && ms < REQUEST_MS + SLACK_MS, `closed after ${Math.round(ms)} ms`);
    assert.equal(withoutRequestId(client.received()), TIMEOUT_RESPONSE);
  });

  it('while 50 slow-loris connections are open, a normal request is answered 200 promptly; then all 50 are cut off', async () => {
    const crowd = await Promise.all(Array.from({ length: 50 }, () => connect(port)));
    for (const client of crowd) trickle(client, post('/api/generate-invoice', 'X-Padding: '), 50);
    await new Promise((resolve) => setTimeout(resolve, 200));

    const started = performance.now();
    const normal = await connect(port);
    const payload = JSON.stringify(validInvoice());
    normal.socket.end(post('/api/generate-invoice', `Content-Length: ${Buffer.byteLength(payload)}\r\nConnection: close\r\n`) + payload);
    await normal.closed;
    const ms = performance.now() - started;
    const res = parse(normal.received());
    assert.equal(res.status, 200, normal.received().slice(0, 500));
    assert.equal(typeof (JSON.parse(res.body) as { invoice: { grand_total: unknown } }).invoice.grand_total, 'number');
    assert.ok(ms < 1000, `the normal request took ${Math.round(ms)} ms`);
    assert.equal(crowd.filter((client) => client.isClosed()).length, 0, 'the crowd was still connected when the normal request was answered');

    const times = await Promise.all(crowd.map((client) => client.closed));
    assert.ok(Math.max(...times) < HEADERS_MS + SLACK_MS, `the last slow client was closed after ${Math.round(Math.max(...times))} ms`);
    for (const client of crowd) assert.equal(withoutRequestId(client.received()), TIMEOUT_RESPONSE);
  });

  // The advice fits the route: only the invoice routes carry images.
  for (const [path, limit, label, advice] of [
    ['/api/generate-invoice', 8 * MB, '8 MB', /Send smaller images \(logo and signature: at most 2\.5 MB each\), or give them as https URLs\.$/],
    ['/api/batch', 32 * MB, '32 MB', /Send fewer invoices per batch, or smaller images/],
    ['/api/auth/login', 16 * 1024, '16 KB', / Send only the fields this endpoint documents \(see \/docs\)\.$/],
    ['/api/webhooks', 64 * 1024, '64 KB', / Send only the fields this endpoint documents \(see \/docs\)\.$/],
  ] as const) {
    it(`${path}: a declared Content-Length of 100 MB gets 413 payload_too_large naming ${label}, without the body being sent`, async () => {
      const client = await connect(port);
      client.socket.write(post(path, `Content-Length: ${100 * MB}\r\n`));
      const headerBytes = client.sent();
      const ms = await client.closed;
      const res = parse(client.received());
      assert.equal(res.status, 413, client.received().slice(0, 500));
      assert.match(res.headers['content-type'] ?? '', /^application\/json/);
      assert.equal(res.headers.connection, 'close');
      assert.match(res.headers['x-request-id'] ?? '', /^req_/);
      const json = JSON.parse(res.body) as { success: boolean; error: { code: string; message: string } };
      assert.deepEqual(Object.keys(json).sort(), ['error', 'success']);
      assert.equal(json.error.code, 'payload_too_large');
      assert.match(json.error.message, new RegExp(`the limit here is ${label}\\.`));
      assert.match(json.error.message, advice);
      if (!path.includes('invoice') && path !== '/api/batch') assert.doesNotMatch(json.error.message, /image/);
      assert.ok(limit < 100 * MB);
      assert.equal(client.sent(), headerBytes, 'no body byte was sent');
      assert.ok(ms < 1000, `answered and closed after ${Math.round(ms)} ms`);
    });
  }

  it('a chunked body streaming 50 MB is answered 413 and closed long before it is all sent, without buffering it', async (tc) => {
    const total = 50 * MB;
    const client = await connect(port);
    client.socket.write(post('/api/generate-invoice', 'Transfer-Encoding: chunked\r\n'));
    const piece = Buffer.alloc(64 * 1024, 0x20);
    let streamed = 0;
    const pump = () => {
      while (!client.socket.destroyed && streamed < total) {
        streamed += piece.length;
        client.socket.write(`${piece.length.toString(16)}\r\n`);
        client.socket.write(piece);
        if (!client.socket.write('\r\n')) return;
      }
      if (streamed >= total && !client.socket.destroyed) client.socket.write('0\r\n\r\n');
    };
    client.socket.on('drain', pump);
    const rssBefore = process.memoryUsage.rss();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => { rssPeak = Math.max(rssPeak, process.memoryUsage.rss()); }, 5);
    pump();
    const ms = await client.closed;
    clearInterval(sampler);
    tc.diagnostic(`${(streamed / MB).toFixed(1)} MB written before the close, RSS +${((rssPeak - rssBefore) / MB).toFixed(1)} MB, ${Math.round(ms)} ms`);

    const res = parse(client.received());
    assert.equal(res.status, 413, client.received().slice(0, 500));
    assert.equal(res.headers.connection, 'close');
    assert.equal((JSON.parse(res.body) as { error: { code: string } }).error.code, 'payload_too_large');
    // The server reads up to its 8 MB limit; the rest of what was written sat in socket buffers.
    assert.ok(streamed < 24 * MB, `${Math.round(streamed / MB)} MB of ${total / MB} MB were written before the server closed`);
    assert.ok(rssPeak - rssBefore < 40 * MB, `RSS grew by ${Math.round((rssPeak - rssBefore) / MB)} MB`);
    assert.ok(ms < 5000, `took ${Math.round(ms)} ms`);
  });

  it('headers over 16 KB get 431 headers_too_large and a closed socket', async () => {
    const client = await connect(port);
    client.socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    const ms = await client.closed;
    assert.equal(withoutRequestId(client.received()), errorResponse('431 Request Header Fields Too Large', 'headers_too_large',
      'The request headers are larger than 16 KB. Send fewer or smaller headers (cookies, long tokens).'));
    assert.ok(ms < 1000, `closed after ${Math.round(ms)} ms`);
  });

  it('bytes that are not HTTP get 400 bad_request and a closed socket', async () => {
    const client = await connect(port);
    client.socket.write('HELLO THERE\r\n\r\n');
    const ms = await client.closed;
    assert.equal(withoutRequestId(client.received()), errorResponse('400 Bad Request', 'bad_request',
      'The request is not well-formed HTTP/1.1. Check the request line, the headers and the body framing (Content-Length or chunked).'));
    assert.ok(ms < 1000, `closed after ${Math.round(ms)} ms`);
  });

  it('a path parameter over 200 characters on a raw socket gets 414 uri_too_long in D16 shape with an X-Request-Id, not the path', async () => {
    const id = `lnk_${'z'.repeat(300)}`;
    const client = await connect(port);
    client.socket.write(`GET /api/i/${id}?sig=secret HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    await client.closed;
    const res = parse(client.received());
    assert.equal(res.status, 414, client.received().slice(0, 500));
    assert.match(res.headers['x-request-id'] ?? '', /^req_[A-Za-z0-9_-]{16}$/);
    assert.match(res.headers['content-type'] ?? '', /^application\/json/);
    const json = JSON.parse(res.body) as { success: boolean; error: { code: string; message: string } };
    assert.deepEqual(Object.keys(json).sort(), ['error', 'success']);
    assert.equal(json.error.code, 'uri_too_long');
    assert.doesNotMatch(res.body, /zzzz|secret/);
  });

  it('after all that, the server still answers', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    assert.equal(res.status, 200);
  });
});
