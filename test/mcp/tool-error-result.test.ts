import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../src/errors/app-error.ts';
import { toolErrorResult } from '../../src/mcp/tool-error-result.ts';

/** A log that keeps what it is told. */
function recordingLog() {
  const lines: Array<{ fields: object; message: string }> = [];
  return { lines, error: (fields: object, message: string) => lines.push({ fields, message }), warn: (fields: object, message: string) => lines.push({ fields, message }) };
}

describe('toolErrorResult: a failure as an MCP tool error (docs/mcp.md)', () => {
  it('an AppError keeps its code, message and details; retry_after_s is added when known', () => {
    const log = recordingLog();
    const error = new AppError('monthly_limit_reached', 'The free plan includes 50 PDFs a month.', { details: { upgrade_url: 'https://x.example/pricing', reset_at: 1 } });
    assert.deepEqual(toolErrorResult(error, { log, requestId: 'req_1' }, 30), {
      isError: true,
      content: [{ type: 'text', text: 'monthly_limit_reached: The free plan includes 50 PDFs a month.' }],
      structuredContent: { error: { code: 'monthly_limit_reached', message: 'The free plan includes 50 PDFs a month.', upgrade_url: 'https://x.example/pricing', reset_at: 1, retry_after_s: 30 } },
    });
    assert.equal(log.lines.length, 0, 'an expected failure is not logged as an error');
  });

  it('anything else is internal_error with the request id and no internals, logged in full', () => {
    const log = recordingLog();
    const cause = new Error('connect ECONNREFUSED postgres://admin:hunter2@db');
    const result = toolErrorResult(cause, { log, requestId: 'req_abc' });
    assert.equal(result.isError, true);
    const text = (result.content[0] as { text: string }).text;
    assert.equal(text, 'internal_error: An internal error occurred. It has been logged; quote request id req_abc when reporting it.');
    assert.doesNotMatch(JSON.stringify(result), /hunter2|ECONNREFUSED/);
    assert.deepEqual(log.lines, [{ fields: { err: cause }, message: 'mcp tool failed' }]);
  });
});
