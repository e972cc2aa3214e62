import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, validInvoice, type TestApp } from '../helpers/build-test-app.ts';

/**
 * D44: there is no unmetered totals endpoint. POST /api/preview-invoice, removed, gave anyone 600
 * full computations per 10 minutes per address, past the anonymous 20 an hour; the web app now
 * computes its live totals in the browser (test/web/live-totals-parity.test.ts). The path is
 * unknown like any other: 404 not_found in D16's shape, with the request id.
 */
describe('POST /api/preview-invoice is gone (D44)', () => {
  let t: TestApp;
  before(async () => { t = await buildTestApp({ LOG_LEVEL: 'error' }); });
  after(async () => { await t.close(); });

  for (const method of ['POST', 'GET'] as const) {
    it(`${method} answers 404 not_found in the error shape, computing nothing`, async () => {
      const res = await t.app.inject({
        method,
        url: '/api/preview-invoice',
        remoteAddress: '192.0.2.30',
        ...(method === 'POST' ? { payload: validInvoice() } : {}),
      });
      assert.equal(res.statusCode, 404, res.body);
      assert.match(String(res.headers['content-type']), /^application\/json/);
      assert.match(String(res.headers['x-request-id']), /^req_/);
      assert.deepEqual(res.json(), {
        success: false,
        error: { code: 'not_found', message: `There is nothing at ${method} /api/preview-invoice: see /docs for the endpoints.` },
      });
      assert.deepEqual(Object.keys(res.headers).filter((h) => h.startsWith('x-ratelimit')), []);
    });
  }
});
