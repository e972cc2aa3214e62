import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp, validInvoice } from '../helpers/build-test-app.ts';
import { signUpWithKey, startAccountsApp } from './accounts-helpers.ts';
import { at, credits, generate, type Json } from './limits-helpers.ts';

const NO_BURST = '{"free":{"hourly":null,"weekly":null}}';
const pdf = () => ({ ...validInvoice(), output: 'pdf' });
const ubl = () => ({ ...validInvoice(), output: 'ubl' });

for (const postgres of [false, true]) {
  describe(`monthly metering (D21) on ${postgres ? 'PostgreSQL' : 'SQLite'}`, () => {
    it('ten JSON answers make one document; credits.used rounds up; meta.monthly has one decimal', async () => {
      const t = await startAccountsApp({ env: { PLAN_LIMITS: NO_BURST }, postgres, clock: () => at('2027-01-13T10:00:00Z') });
      try {
        const { apiKey } = await signUpWithKey(t);
        assert.deepEqual(await credits(t.app, apiKey), { total: 100, used: 0 });
        let last: Json = {};
        for (let i = 1; i <= 10; i++) {
          last = (await generate(t.app, validInvoice(), { apiKey })).json() as Json;
          if (i === 1) assert.deepEqual(await credits(t.app, apiKey), { total: 100, used: 1 }, 'one JSON answer is 0.1, rounded up');
        }
        assert.equal(last.meta.monthly.documents_used, 1);
        assert.deepEqual(await credits(t.app, apiKey), { total: 100, used: 1 });
        const eleventh = (await generate(t.app, validInvoice(), { apiKey })).json() as Json;
        assert.equal(eleventh.meta.monthly.documents_used, 1.1);
        assert.deepEqual(await credits(t.app, apiKey), { total: 100, used: 2 });
      } finally {
        await t.close();
      }
    });
  });
}

describe('monthly quota of the free plan', () => {
  it('the 51st PDF is refused with 402 and upgrade_url while JSON and UBL still work; errors and replays cost nothing', async () => {
    const t = await startAccountsApp({ env: { PLAN_LIMITS: NO_BURST }, clock: () => at('2027-01-13T10:00:00Z') });
    try {
      const { apiKey } = await signUpWithKey(t);
      for (let i = 1; i <= 50; i++) {
        const res = await generate(t.app, pdf(), { apiKey });
        assert.equal(res.statusCode, 200, `PDF ${i}: ${res.body.slice(0, 200)}`);
        assert.equal(res.headers['content-type'], 'application/pdf');
      }
      assert.deepEqual(await credits(t.app, apiKey), { total: 100, used: 50 });

      const refused = await generate(t.app, pdf(), { apiKey });
      assert.equal(refused.statusCode, 402);
      const error = (refused.json() as Json).error;
      assert.equal(error.code, 'monthly_limit_reached');
      assert.equal(error.upgrade_url, 'http://127.0.0.1:3000/pricing');
      assert.equal(error.reset_at, Date.parse('2027-02-01T00:00:00Z') / 1000);
      assert.match(error.message, /50 PDFs a month/);
      assert.match(error.message, /JSON and UBL output still work/);
      // The refusal drew no invoice number: the next document gets number 51.
      const json = await generate(t.app, validInvoice(), { apiKey });
      assert.equal(json.statusCode, 200);
      assert.equal((json.json() as Json).invoice.number, 'INV-2026-00051');
      assert.deepEqual((json.json() as Json).meta.monthly, {
        documents_used: 50.1, documents_limit: 100, pdfs_used: 50, pdfs_limit: 50, reset_at: Date.parse('2027-02-01T00:00:00Z') / 1000,
      });
      const xml = await generate(t.app, ubl(), { apiKey });
      assert.equal(xml.statusCode, 200);
      assert.match(String(xml.headers['content-type']), /^application\/xml/);
      assert.deepEqual(await credits(t.app, apiKey), { total: 100, used: 52 }, '50 PDFs + 0.1 + 1 UBL = 51.1, rounded up');

      // Errors cost nothing: a refused body, a calculation error, an anonymous-only refusal.
      assert.equal((await generate(t.app, { ...validInvoice(), items: [] }, { apiKey })).statusCode, 400);
      const calc = await generate(t.app, { ...validInvoice(), deposit: 100000 }, { apiKey });
      assert.equal(calc.statusCode, 422, calc.body);
      assert.equal((calc.json() as Json).error.code, 'calculation_error');
      const pdfCalc = await generate(t.app, { ...pdf(), deposit: 100000 }, { apiKey });
      // The request's own error comes first: the quota is checked once the invoice is computed.
      assert.equal(pdfCalc.statusCode, 422, pdfCalc.body);
      assert.equal((await generate(t.app, { ...validInvoice(), invoice: { ...validInvoice().invoice as Json, currency: 'XXX' } }, { apiKey })).statusCode, 400);
      // A replay costs nothing: the same key twice is metered once.
      const key = { 'idempotency-key': 'meter-once' };
      assert.equal((await generate(t.app, ubl(), { apiKey, headers: key })).statusCode, 200);
      const replay = await generate(t.app, ubl(), { apiKey, headers: key });
      assert.equal(replay.headers['idempotent-replayed'], 'true');
      assert.deepEqual(await credits(t.app, apiKey), { total: 100, used: 53 });
    } finally {
      await t.close();
    }
  });

  it('the 101st document is refused for every output, with a configured UPGRADE_URL', async () => {
    const t = await startAccountsApp({ env: { PLAN_LIMITS: '{"free":{"hourly":null,"weekly":null,"monthly_documents":2}}', UPGRADE_URL: 'https://billing.example.com/plans' }, clock: () => at('2027-01-13T10:00:00Z') });
    try {
      const { apiKey } = await signUpWithKey(t);
      assert.equal((await generate(t.app, ubl(), { apiKey })).statusCode, 200);
      for (let i = 0; i < 10; i++) assert.equal((await generate(t.app, validInvoice(), { apiKey })).statusCode, 200);
      for (const body of [validInvoice(), pdf(), ubl()]) {
        const res = await generate(t.app, body, { apiKey });
        assert.equal(res.statusCode, 402, String(body.output));
        assert.equal((res.json() as Json).error.upgrade_url, 'https://billing.example.com/plans');
        assert.match((res.json() as Json).error.message, /2 documents a month/);
      }
      assert.deepEqual(await credits(t.app, apiKey), { total: 2, used: 2 });
    } finally {
      await t.close();
    }
  });

  it('anonymous callers have no monthly quota and no meta.monthly', async () => {
    const t = await buildTestApp({ PLAN_LIMITS: '{}' });
    try {
      const res = await generate(t.app, validInvoice(), { ip: '198.51.100.7' });
      assert.equal(res.statusCode, 200);
      assert.equal((res.json() as Json).meta.monthly, undefined);
    } finally {
      await t.close();
    }
  });
});
