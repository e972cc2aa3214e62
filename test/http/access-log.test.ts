import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import pino from 'pino';
import { createAccessLog } from '../../src/http/access-log.ts';

function capture(level: string) {
  const lines: string[] = [];
  const sink = new Writable({ write(chunk: Buffer, _e, cb) { lines.push(chunk.toString()); cb(); } });
  return { logger: pino({ level, base: { service: 'svc' } }, sink), lines };
}

const endOfTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('createAccessLog', () => {
  it('writes one pino-format JSON line with the logger\'s bindings, escaping odd paths', async () => {
    const { logger, lines } = capture('info');
    createAccessLog(logger)({ reqId: 'req_1', method: 'GET', path: '/a"b\\c\n', status: 404, durationMs: 1.25 });
    await endOfTurn();
    assert.equal(lines.length, 1);
    assert.ok(lines[0]!.endsWith('\n'));
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    assert.deepEqual({ ...entry, time: 0 }, { level: 30, time: 0, service: 'svc', reqId: 'req_1', method: 'GET', path: '/a"b\\c\n', status: 404, duration_ms: 1.25, msg: 'request' });
    assert.ok(Math.abs((entry.time as number) - Date.now()) < 5000);
  });

  it('joins the lines of one event-loop turn into one write, and writes them by the end of that turn', async () => {
    const { logger, lines } = capture('info');
    const log = createAccessLog(logger);
    for (let i = 0; i < 3; i += 1) log({ reqId: `req_${i}`, method: 'POST', path: '/api/generate-invoice', status: 200, durationMs: 1 });
    assert.equal(lines.length, 0, 'nothing is written in the middle of the turn');
    await endOfTurn();
    assert.equal(lines.length, 1, 'one write for the turn');
    assert.deepEqual(lines[0]!.trimEnd().split('\n').map((line) => (JSON.parse(line) as { reqId: string }).reqId), ['req_0', 'req_1', 'req_2']);
    log({ reqId: 'req_3', method: 'GET', path: '/', status: 200, durationMs: 1 });
    await endOfTurn();
    assert.equal(lines.length, 2, 'the next turn\'s line is written in its own turn');
  });

  it('writes at once when a turn gathers more than 64 KB of lines', () => {
    const { logger, lines } = capture('info');
    const log = createAccessLog(logger);
    const longPath = `/${'x'.repeat(199)}`;
    for (let i = 0; i < 300; i += 1) log({ reqId: `req_${i}`, method: 'GET', path: longPath, status: 404, durationMs: 1 });
    assert.equal(lines.length, 1, 'flushed synchronously once past the limit');
    assert.ok(lines[0]!.length >= 64 * 1024);
  });

  it('writes nothing when info is off', async () => {
    const { logger, lines } = capture('warn');
    createAccessLog(logger)({ reqId: 'req_1', method: 'GET', path: '/', status: 200, durationMs: 1 });
    await endOfTurn();
    assert.equal(lines.length, 0);
  });
});
