import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { setTier } from '../../src/storage/repositories/accounts-repository.ts';
import { validInvoice } from '../helpers/build-test-app.ts';
import { bearer, browser, cookie, FOREIGN_ORIGIN, signUp, signUpWithKey, startAccountsApp } from '../helpers/accounts-helpers.ts';
import { generate, jsonWithoutLink, manualClock, sec, type Json } from '../helpers/limits-helpers.ts';

/** The real plan table (free: 40 an hour, 400 a week, 100 documents and 50 PDFs a month). */
const REAL_LIMITS = { PLAN_LIMITS: '{}' };

function usage(app: FastifyInstance, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: '/api/auth/usage', headers });
}

async function usageOf(app: FastifyInstance, headers: Record<string, string>): Promise<Json> {
  const res = await usage(app, headers);
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.headers['cache-control'], 'no-store');
  assert.match(String(res.headers['content-type']), /^application\/json/);
  const body = res.json() as Json;
  assert.deepEqual(Object.keys(body).sort(), ['success', 'usage']);
  assert.equal(body.success, true);
  return body.usage as Json;
}

const meta = (res: LightMyRequestResponse): Json => (res.json() as Json).meta;

describe('GET /api/auth/usage: errors and security', () => {
  it('anonymous callers get 401 auth_required; a bad key 401 invalid_api_key; a logged-out session 401', async () => {
    const ctx = await startAccountsApp({ env: REAL_LIMITS });
    try {
      const anonymous = await usage(ctx.app);
      assert.equal(anonymous.statusCode, 401);
      assert.deepEqual(Object.keys(anonymous.json() as Json).sort(), ['error', 'success']);
      assert.equal((anonymous.json() as Json).success, false);
      assert.equal((anonymous.json() as Json).error.code, 'auth_required');
      assert.match((anonymous.json() as Json).error.message, /Bearer/);

      const unknownKey = await usage(ctx.app, bearer(`inv_${'A'.repeat(40)}`));
      assert.equal(unknownKey.statusCode, 401);
      assert.equal((unknownKey.json() as Json).error.code, 'invalid_api_key');
      const malformed = await usage(ctx.app, { authorization: 'Basic dXNlcjpwYXNz' });
      assert.equal(malformed.statusCode, 401);
      assert.equal((malformed.json() as Json).error.code, 'invalid_api_key');
      const junkCookie = await usage(ctx.app, cookie('x'.repeat(43)));
      assert.equal((junkCookie.json() as Json).error.code, 'auth_required');

      const a = await signUp(ctx);
      assert.equal((await usage(ctx.app, cookie(a.sessionId))).statusCode, 200);
      const logout = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: browser(a.sessionId) });
      assert.equal(logout.statusCode, 200, logout.body);
      const after = await usage(ctx.app, cookie(a.sessionId));
      assert.equal(after.statusCode, 401);
      assert.equal((after.json() as Json).error.code, 'auth_required');
    } finally {
      await ctx.close();
    }
  });

  it('shows each account only its own figures, and grants no other origin a read (no CORS header)', async () => {
    const ctx = await startAccountsApp({ env: REAL_LIMITS });
    try {
      const a = await signUpWithKey(ctx, 'own-a');
      const b = await signUpWithKey(ctx, 'own-b');
      for (let i = 0; i < 3; i++) assert.equal((await generate(ctx.app, { ...validInvoice(), output: 'ubl' }, { apiKey: b.apiKey })).statusCode, 200);
      const ofA = await usageOf(ctx.app, bearer(a.apiKey));
      assert.equal(ofA.monthly.documents_used, 0);
      assert.equal(ofA.rate_limits.hourly.used, 0);
      const ofB = await usageOf(ctx.app, bearer(b.apiKey));
      assert.equal(ofB.monthly.documents_used, 3);
      assert.equal(ofB.rate_limits.hourly.used, 3);

      const crossSite = await usage(ctx.app, { ...cookie(a.sessionId), origin: FOREIGN_ORIGIN });
      assert.equal(crossSite.headers['access-control-allow-origin'], undefined);
      assert.equal(crossSite.headers['access-control-allow-credentials'], undefined);
      // The route is read-only: other methods do not reach it.
      const post = await ctx.app.inject({ method: 'POST', url: '/api/auth/usage', headers: browser(a.sessionId) });
      assert.ok([404, 405].includes(post.statusCode), String(post.statusCode));
    } finally {
      await ctx.close();
    }
  });
});

for (const postgres of [false, true]) {
  describe(`GET /api/auth/usage on ${postgres ? 'PostgreSQL' : 'SQLite'}`, () => {
    it('by key and by session: the figures of the meta of the generation made just before, counting nothing itself', async () => {
      // Wednesday 13 January 2027 10:30 UTC: the hour ends 11:00, the ISO week Monday the 18th, the month 1 February.
      const clock = manualClock('2027-01-13T10:30:00Z');
      const ctx = await startAccountsApp({ postgres, env: REAL_LIMITS, clock: clock.now });
      try {
        const a = await signUpWithKey(ctx, 'usage');
        const ends = { hourly: sec('2027-01-13T11:00:00Z'), weekly: sec('2027-01-18T00:00:00Z'), monthly: sec('2027-02-01T00:00:00Z') };
        assert.deepEqual(await usageOf(ctx.app, bearer(a.apiKey)), {
          tier: 'free',
          monthly: { documents_used: 0, documents_limit: 100, pdfs_used: 0, pdfs_limit: 50, reset_at: ends.monthly },
          rate_limits: {
            hourly: { limit: 40, used: 0, reset_at: ends.hourly },
            weekly: { limit: 400, used: 0, reset_at: ends.weekly },
            monthly_equivalent: 1733, // 400 × 52 / 12, rounded down (D22)
          },
        });

        const json = await generate(ctx.app, jsonWithoutLink(), { apiKey: a.apiKey });
        assert.equal(json.statusCode, 200, json.body);
        const byKey = await usageOf(ctx.app, bearer(a.apiKey));
        assert.deepEqual(byKey.monthly, meta(json).monthly);
        assert.deepEqual(byKey.rate_limits, meta(json).rate_limits);
        assert.equal(byKey.monthly.documents_used, 0.1);
        assert.equal(byKey.rate_limits.hourly.used, 1);

        const ubl = await generate(ctx.app, { ...jsonWithoutLink(), output: 'ubl' }, { headers: browser(a.sessionId) });
        assert.equal(ubl.statusCode, 200, ubl.body.slice(0, 300));
        const bySession = await usageOf(ctx.app, cookie(a.sessionId));
        assert.equal(bySession.monthly.documents_used, 1.1);
        assert.equal(bySession.monthly.pdfs_used, 0);
        assert.equal(bySession.rate_limits.hourly.used, 2);
        assert.equal(bySession.rate_limits.weekly.used, 2);
        // A UBL answer carries no meta; its headers carry the windows.
        assert.equal(ubl.headers['x-ratelimit-remaining-hourly'], String(40 - bySession.rate_limits.hourly.used));
        assert.equal(ubl.headers['x-ratelimit-reset-weekly'], String(bySession.rate_limits.weekly.reset_at));

        // Reading is free: twice more, by key and by session, and nothing moves.
        assert.deepEqual(await usageOf(ctx.app, bearer(a.apiKey)), bySession);
        assert.deepEqual(await usageOf(ctx.app, cookie(a.sessionId)), bySession);
        const next = await generate(ctx.app, jsonWithoutLink(), { apiKey: a.apiKey });
        assert.equal(meta(next).rate_limits.hourly.used, 3, 'the usage reads were not counted as generations');
        assert.equal(meta(next).monthly.documents_used, 1.2, 'nor metered');
        assert.deepEqual((await usageOf(ctx.app, bearer(a.apiKey))).monthly, meta(next).monthly);

        // A new hour: the hourly window is empty again, the week and month go on.
        clock.set('2027-01-13T11:00:00Z');
        const newHour = await usageOf(ctx.app, bearer(a.apiKey));
        assert.deepEqual(newHour.rate_limits.hourly, { limit: 40, used: 0, reset_at: sec('2027-01-13T12:00:00Z') });
        assert.deepEqual(newHour.rate_limits.weekly, { limit: 400, used: 3, reset_at: ends.weekly });
        assert.equal(newHour.monthly.documents_used, 1.2);

        // The last millisecond of January (a Sunday): every window ends at 1 February 00:00 UTC.
        clock.set('2027-01-31T23:59:59.999Z');
        const lastMs = await usageOf(ctx.app, bearer(a.apiKey));
        const feb = sec('2027-02-01T00:00:00Z');
        assert.deepEqual([lastMs.rate_limits.hourly.reset_at, lastMs.rate_limits.weekly.reset_at, lastMs.monthly.reset_at], [feb, feb, feb]);
        assert.equal(lastMs.rate_limits.weekly.used, 0, 'a new ISO week began on Monday the 25th');
        assert.equal(lastMs.monthly.documents_used, 1.2);

        // A new month starts from nothing.
        clock.set('2027-02-01T00:00:00Z');
        const february = await usageOf(ctx.app, bearer(a.apiKey));
        assert.deepEqual(february.monthly, { documents_used: 0, documents_limit: 100, pdfs_used: 0, pdfs_limit: 50, reset_at: sec('2027-03-01T00:00:00Z') });
        assert.equal(february.rate_limits.weekly.reset_at, sec('2027-02-08T00:00:00Z'));
      } finally {
        await ctx.close();
      }
    });
  });
}

describe('GET /api/auth/usage: PDFs, leap years and plans without limits', () => {
  it('counts a PDF in pdfs_used as the generation meta does, ends February on the 29th in a leap year, and shows null for unlimited figures', async () => {
    const clock = manualClock('2028-02-29T12:34:56Z'); // a Tuesday in a leap year
    const ctx = await startAccountsApp({ env: REAL_LIMITS, clock: clock.now });
    try {
      const a = await signUpWithKey(ctx, 'pdf');
      const pdf = await generate(ctx.app, { ...validInvoice(), output: 'pdf' }, { apiKey: a.apiKey });
      assert.equal(pdf.statusCode, 200, pdf.body.slice(0, 300));
      assert.equal(pdf.headers['content-type'], 'application/pdf');
      const json = await generate(ctx.app, jsonWithoutLink(), { apiKey: a.apiKey });
      const afterPdf = await usageOf(ctx.app, bearer(a.apiKey));
      assert.deepEqual(afterPdf.monthly, meta(json).monthly);
      assert.deepEqual(afterPdf.monthly, { documents_used: 1.1, documents_limit: 100, pdfs_used: 1, pdfs_limit: 50, reset_at: sec('2028-03-01T00:00:00Z') });
      assert.deepEqual(afterPdf.rate_limits, meta(json).rate_limits);
      assert.deepEqual(afterPdf.rate_limits.hourly, { limit: 40, used: 2, reset_at: sec('2028-02-29T13:00:00Z') });
      assert.equal(afterPdf.rate_limits.weekly.reset_at, sec('2028-03-06T00:00:00Z'));

      const side = await ctx.sideDatabase();
      assert.equal(await setTier(side.db, a.email, 'enterprise'), true);
      const enterprise = await usageOf(ctx.app, bearer(a.apiKey));
      assert.equal(enterprise.tier, 'enterprise');
      assert.deepEqual(enterprise.monthly, { documents_used: 1.1, documents_limit: 1_000_000, pdfs_used: 1, pdfs_limit: null, reset_at: sec('2028-03-01T00:00:00Z') });
      assert.deepEqual(enterprise.rate_limits, {
        hourly: { limit: null, used: 2, reset_at: sec('2028-02-29T13:00:00Z') },
        weekly: { limit: null, used: 2, reset_at: sec('2028-03-06T00:00:00Z') },
        monthly_equivalent: null,
      });
      const enterpriseMeta = meta(await generate(ctx.app, jsonWithoutLink(), { apiKey: a.apiKey }));
      assert.equal(enterpriseMeta.rate_limits.monthly_equivalent, null);
      assert.deepEqual((await usageOf(ctx.app, bearer(a.apiKey))).rate_limits, enterpriseMeta.rate_limits);
    } finally {
      await ctx.close();
    }
  });
});
