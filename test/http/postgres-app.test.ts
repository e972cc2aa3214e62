import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, validInvoice, type TestApp } from '../helpers/build-test-app.ts';

// The same app on PostgreSQL (DATABASE_URL with ?schema=, a fresh schema dropped at the end).
describe('the app on PostgreSQL', () => {
  let t: TestApp;
  before(async () => { t = await buildTestApp({}, { postgres: true }); });
  after(async () => { await t.close(); });

  it('reports postgres storage in health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    assert.equal(res.statusCode, 200);
    assert.equal((res.json() as { storage: { dialect: string } }).storage.dialect, 'postgres');
  });

  it('generates an invoice', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/generate-invoice', payload: validInvoice() });
    assert.equal(res.statusCode, 200);
    assert.equal((res.json() as { invoice: { grand_total: number } }).invoice.grand_total, 444);
  });
});
