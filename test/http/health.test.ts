import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { buildTestApp, validInvoice, type TestApp } from '../helpers/build-test-app.ts';
import { dropRedisPrefix, testRedisPrefix } from '../helpers/test-redis.ts';

describe('GET /api/health and the request log', () => {
  let t: TestApp;
  before(async () => { t = await buildTestApp(); });
  after(async () => { await t.close(); });

  it('answers 200 with the service and storage status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    assert.equal(res.statusCode, 200);
    const json = res.json() as Record<string, any>;
    assert.equal(json.success, true);
    assert.equal(json.status, 'ok');
    assert.equal(json.storage.dialect, 'sqlite');
    assert.equal(json.storage.ok, true);
    assert.deepEqual({ store: json.counters.store, ok: json.counters.ok }, { store: 'database', ok: true });
    assert.match(json.version, /^\d+\.\d+\.\d+$/);
  });

  it('logs one line per request with request id, status and duration, and no invoice content', async () => {
    // Access lines are written at the end of the event-loop turn that produced them (access-log.ts).
    const endOfTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
    await endOfTurn();
    const before = t.logs.length;
    const body = validInvoice();
    (body.from as Record<string, unknown>).name = 'Secret Customer Name';
    const res = await t.app.inject({
      method: 'POST', url: '/api/generate-invoice?debug=token-in-query',
      headers: { authorization: 'Bearer inv_SECRETKEYSECRETKEYSECRETKEYSECRETKEYSECR' }, payload: body,
    });
    assert.equal(res.statusCode, 401);
    const ok = await t.app.inject({ method: 'POST', url: '/api/generate-invoice', payload: body });
    assert.equal(ok.statusCode, 200);
    await endOfTurn();
    const lines = t.logs.slice(before);
    const requestLines = lines.filter((l) => l.msg === 'request');
    assert.equal(requestLines.length, 2, JSON.stringify(lines));
    assert.equal(requestLines[0]!.reqId, res.headers['x-request-id']);
    assert.equal(requestLines[0]!.level, 30, 'an info line in pino\'s format');
    assert.equal(typeof requestLines[0]!.time, 'number');
    assert.equal(requestLines[0]!.method, 'POST');
    assert.equal(requestLines[0]!.path, '/api/generate-invoice', 'the query string is left out');
    assert.equal(requestLines[0]!.status, 401);
    assert.equal(requestLines[1]!.status, 200);
    assert.equal(requestLines[1]!.path, '/api/generate-invoice');
    assert.equal(typeof requestLines[1]!.duration_ms, 'number');
    const text = JSON.stringify(lines);
    assert.doesNotMatch(text, /Secret Customer Name/);
    assert.doesNotMatch(text, /SECRETKEY/);
    assert.doesNotMatch(text, /token-in-query/);
  });
});

/** A TCP relay to the machine's Redis that the test can cut, as a network failure would. */
async function startRedisRelay(): Promise<{ url: string; cut(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = createConnection(6379, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}`,
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

describe('GET /api/health with Redis counters', () => {
  it('reports Redis, and answers 503 not_provisioned within the command timeout once Redis is unreachable', async () => {
    const relay = await startRedisRelay();
    const prefix = testRedisPrefix('health');
    const t = await buildTestApp({ REDIS_URL: relay.url, REDIS_KEY_PREFIX: prefix, LOG_LEVEL: 'error' });
    try {
      const up = await t.app.inject({ method: 'GET', url: '/api/health' });
      assert.equal(up.statusCode, 200);
      assert.equal((up.json() as Record<string, any>).counters.store, 'redis');
      await relay.cut();
      const started = Date.now();
      const down = await t.app.inject({ method: 'GET', url: '/api/health' });
      assert.ok(Date.now() - started < 3_000, 'no hang: the client fails fast');
      assert.equal(down.statusCode, 503);
      assert.deepEqual(down.json(), {
        success: false,
        error: { code: 'not_provisioned', message: 'Redis (REDIS_URL) is not reachable; requests that count against a limit cannot be taken until it is.' },
      });
    } finally {
      await t.close();
      await dropRedisPrefix(prefix);
    }
  });
});
