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

describe('createAccessLog', () => {
  it('writes one pino-format JSON line with the logger\'s bindings, escaping odd paths', () => {
    const { logger, lines } = capture('info');
    createAccessLog(logger)({ reqId: 'req_1', method: 'GET', path: '/a"b\\c\n', status: 404, durationMs: 1.25 });
    assert.equal(lines.length, 1);
    assert.ok(lines[0]!.endsWith('\n'));
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    assert.deepEqual({ ...entry, time: 0 }, { level: 30, time: 0, service: 'svc', reqId: 'req_1', method: 'GET', path: '/a"b\\c\n', status: 404, duration_ms: 1.25, msg: 'request' });
    assert.ok(Math.abs((entry.time as number) - Date.now()) < 5000);
  });

  it('writes nothing when info is off', () => {
    const { logger, lines } = capture('warn');
    createAccessLog(logger)({ reqId: 'req_1', method: 'GET', path: '/', status: 200, durationMs: 1 });
    assert.equal(lines.length, 0);
  });
});
