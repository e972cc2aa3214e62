import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp, validInvoice } from '../helpers/build-test-app.ts';
import { signUpWithKey, startAccountsApp, type AccountsApp } from '../helpers/accounts-helpers.ts';
import { at, credits, generate, jsonWithoutLink, type Json } from '../helpers/limits-helpers.ts';

const NO_BURST = '{"free":{"hourly":null,"weekly":null}}';
const pdf = () => ({ ...validInvoice(), output: 'pdf' });
const ubl = () => ({ ...validInvoice(), output: 'ubl' });

for (const postgres of [false, true]) {
  describe(`monthly metering (D21) on ${postgres ? 'PostgreSQL' : 'SQLite'}`, () => {
    it('ten JSON answers (without a hosted link) make one document; credits.used rounds up; meta.monthly has one decimal', async () => {
      const t = await startAccountsApp({ env: { PLAN_LIMITS: NO_BURST }, postgres, clock: () => at('2027-01-13T10:00:00Z') });
      try {
        const { apiKey } = await signUpWithKey(t);
        assert.deepEqual(await credits(t.app, apiKey), { total: 100, used: 0 });
        let last: Json = {};
        for (let i = 1; i <= 10; i++) {
          last = (await generate(t.app, jsonWithoutLink(), { apiKey })).json() as Json;
          if (i === 1) assert.deepEqual(await credits(t.app, apiKey), { total: 100, used: 1 }, 'one JSON answer is 0.1, rounded up');
        }
        assert.equal(last.meta.monthly.documents_used, 1);
        assert.deepEqual(await credits(t.app, apiKey), { total: 100, used: 1 });
        const eleventh = (await generate(t.app, jsonWithoutLink(), { apiKey })).json() as Json;
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
      assert.equal((await generate(t.app, { ...ubl(), features: { hosted_link: false } }, { apiKey })).statusCode, 200);
      for (let i = 0; i < 10; i++) assert.equal((await generate(t.app, jsonWithoutLink(), { apiKey })).statusCode, 200);
      for (const body of [jsonWithoutLink(), pdf(), ubl()]) {
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

/** POST /api/batch with an API key. */
function batch(app: AccountsApp['app'], invoices: unknown[], apiKey: string) {
  return app.inject({ method: 'POST', url: '/api/batch', payload: { invoices } as Json, headers: { authorization: `Bearer ${apiKey}` } });
}

const withLink = (hosted_link: boolean) => ({ ...validInvoice(), features: { hosted_link } });
const monthly = (res: { json(): unknown }) => (res.json() as Json).meta.monthly as Json;
const usageOf = (res: { json(): unknown }) => [monthly(res).documents_used, monthly(res).pdfs_used];

for (const postgres of [false, true]) {
  describe(`D42: a hosted link is a PDF, on ${postgres ? 'PostgreSQL' : 'SQLite'}`, () => {
    it('a JSON answer with its default link costs 1 document and 1 PDF; once the PDFs are used up the default link is left out with meta.warnings, an explicit one is 402', async () => {
      const t = await startAccountsApp({ env: { PLAN_LIMITS: '{"free":{"hourly":null,"weekly":null,"monthly_documents":10,"monthly_pdfs":2}}' }, postgres, clock: () => at('2027-01-13T10:00:00Z') });
      try {
        const { apiKey } = await signUpWithKey(t);
        const first = await generate(t.app, validInvoice(), { apiKey });
        assert.equal(first.statusCode, 200, first.body);
        assert.match((first.json() as Json).invoice.hosted_url, /\/api\/i\//);
        assert.equal((first.json() as Json).meta.warnings, undefined, 'nothing to warn about');
        assert.deepEqual(usageOf(first), [1, 1], 'the link makes the JSON answer a PDF');

        const off = await generate(t.app, withLink(false), { apiKey });
        assert.equal((off.json() as Json).invoice.hosted_url, undefined);
        assert.deepEqual(usageOf(off), [1.1, 1], 'hosted_link: false is a JSON answer, 0.1');

        const explicitFits = await generate(t.app, withLink(true), { apiKey });
        assert.equal(explicitFits.statusCode, 200);
        assert.deepEqual(usageOf(explicitFits), [2.1, 2], 'the second and last PDF of the month');

        // The PDFs are used up: the default link gives way, the totals still come.
        const defaulted = await generate(t.app, validInvoice(), { apiKey });
        assert.equal(defaulted.statusCode, 200, defaulted.body);
        const answer = defaulted.json() as Json;
        assert.equal(answer.invoice.hosted_url, undefined);
        assert.equal(answer.invoice.hosted_expires_at, undefined);
        assert.equal(answer.invoice.qr, undefined, 'no QR of a link that does not exist');
        assert.equal(answer.invoice.grand_total, (first.json() as Json).invoice.grand_total);
        assert.equal(answer.meta.warnings.length, 1);
        assert.equal(answer.meta.warnings[0].code, 'hosted_link_omitted');
        assert.match(answer.meta.warnings[0].message, /2 PDFs this month are used up/);
        assert.match(answer.meta.warnings[0].message, /features\.hosted_link to false/);
        assert.deepEqual(usageOf(defaulted), [2.2, 2], 'metered as JSON: 0.1');

        const explicit = await generate(t.app, withLink(true), { apiKey });
        assert.equal(explicit.statusCode, 402, explicit.body);
        assert.equal((explicit.json() as Json).error.code, 'monthly_limit_reached');
        assert.match((explicit.json() as Json).error.message, /a hosted link counts as one/);

        // UBL: the same rule; the answer is XML, so the warning's code comes in X-Warnings.
        const xml = await generate(t.app, ubl(), { apiKey });
        assert.equal(xml.statusCode, 200, xml.body);
        assert.equal(xml.headers['x-hosted-url'], undefined);
        assert.equal(xml.headers['x-warnings'], 'hosted_link_omitted');
        const after = await generate(t.app, withLink(false), { apiKey });
        assert.deepEqual(usageOf(after), [3.3, 2], 'the UBL was 1 document, no PDF; the refused request nothing');
      } finally {
        await t.close();
      }
    });

    it('documents that can take 0.1 but not 1: the default link is left out (0.1, with a warning), an explicit one is 402', async () => {
      const t = await startAccountsApp({ env: { PLAN_LIMITS: '{"free":{"hourly":null,"weekly":null,"monthly_documents":2,"monthly_pdfs":null}}' }, postgres, clock: () => at('2027-01-13T10:00:00Z') });
      try {
        const { apiKey } = await signUpWithKey(t);
        assert.deepEqual(usageOf(await generate(t.app, validInvoice(), { apiKey })), [1, 1]);
        for (let i = 0; i < 5; i++) assert.equal((await generate(t.app, withLink(false), { apiKey })).statusCode, 200);
        // 1.5 used, 0.5 left: a link (1 document) does not fit, the JSON answer (0.1) does.
        const defaulted = await generate(t.app, validInvoice(), { apiKey });
        assert.equal(defaulted.statusCode, 200, defaulted.body);
        assert.equal((defaulted.json() as Json).invoice.hosted_url, undefined);
        assert.equal((defaulted.json() as Json).meta.warnings[0].code, 'hosted_link_omitted');
        assert.match((defaulted.json() as Json).meta.warnings[0].message, /less than 1 of the free plan's 2 documents/);
        assert.deepEqual(usageOf(defaulted), [1.6, 1]);
        const explicit = await generate(t.app, withLink(true), { apiKey });
        assert.equal(explicit.statusCode, 402, explicit.body);
        assert.match((explicit.json() as Json).error.message, /2 documents a month/);
        assert.deepEqual(usageOf(await generate(t.app, withLink(false), { apiKey })), [1.7, 1]);
      } finally {
        await t.close();
      }
    });

    it('batch items likewise: a link costs a PDF; with the PDFs used up a default link is left out with the item\'s warnings, an explicit one fails with 402\'s code', async () => {
      const t = await startAccountsApp({ env: { PLAN_LIMITS: '{"free":{"hourly":null,"weekly":null,"monthly_documents":10,"monthly_pdfs":1}}' }, postgres, clock: () => at('2027-01-13T10:00:00Z') });
      try {
        const { apiKey } = await signUpWithKey(t);
        const res = await batch(t.app, [validInvoice(), withLink(false), validInvoice(), withLink(true)], apiKey);
        assert.equal(res.statusCode, 200, res.body.slice(0, 300));
        const results = (res.json() as Json).results as Json[];
        assert.match(results[0]!.invoice.hosted_url, /\/api\/i\//, 'the first item takes the one PDF');
        assert.equal(results[0]!.warnings, undefined);
        assert.equal(results[1]!.invoice.hosted_url, undefined);
        assert.equal(results[1]!.warnings, undefined, 'hosted_link: false is not warned about');
        assert.equal(results[2]!.success, true);
        assert.equal(results[2]!.invoice.hosted_url, undefined);
        assert.equal(results[2]!.warnings[0].code, 'hosted_link_omitted');
        assert.equal(results[3]!.success, false);
        assert.equal(results[3]!.error.code, 'monthly_limit_reached');
        assert.deepEqual((res.json() as Json).meta, { requested: 4, generated: 3, rate_limited: true });
        assert.deepEqual(usageOf(await generate(t.app, withLink(false), { apiKey })), [3.1, 1], 'three items of 1 document, one PDF');
      } finally {
        await t.close();
      }
    });
  });
}
