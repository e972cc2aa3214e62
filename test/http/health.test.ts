import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, validInvoice, type TestApp } from '../helpers/build-test-app.ts';

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
