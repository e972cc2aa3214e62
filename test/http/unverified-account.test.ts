import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { OUTPUTS } from '../../src/domain/invoice/catalog.ts';
import { createDatabase } from '../../src/storage/create-database.ts';
import type { Database } from '../../src/storage/database.ts';
import { validInvoice } from '../helpers/build-test-app.ts';
import { createTestPostgres, type TestPostgres } from '../helpers/test-databases.ts';
import {
  bearer, body, browser, cookie, followVerifyLink, mailAfter, me, signUp, signUpWithKey, startAccountsApp, SUBJECT_VERIFY, tokenIn,
  type AccountsApp, type Json, type SignedUp,
} from '../helpers/accounts-helpers.ts';

// D43: a session (or key) of an account whose e-mail address is not confirmed generates as
// anonymous (JSON totals only, the anonymous per-IP windows, nothing numbered or metered), and
// everything an account alone may do answers 403 unverified_account with the way to a new link.

/** The real plan table (anonymous: 20 an hour, 100 a week; free: 40 and 400). */
const REAL_LIMITS = '{}';
const NOW_MS = Date.parse('2027-01-13T10:00:00Z');
const ANONYMOUS_NUMBER = /^INV-\d{8}-[A-Z2-7]{6}$/;

function assertUnverified(res: LightMyRequestResponse, what: string): void {
  assert.equal(res.statusCode, 403, `${what}: ${res.body}`);
  const error = (body(res) as Json).error;
  assert.equal(error.code, 'unverified_account', what);
  assert.match(error.message, /confirmed e-mail address/, what);
  assert.match(error.message, /POST \/api\/auth\/resend-verification/, `${what}: names the way to a new link`);
  assert.match(error.message, /\/check-email/, `${what}: names the web page too`);
}

function assertWindows(res: LightMyRequestResponse, hourly: number, weekly: number, hourlyRemaining: number, what: string): void {
  assert.equal(res.headers['x-ratelimit-limit-hourly'], String(hourly), what);
  assert.equal(res.headers['x-ratelimit-limit-weekly'], String(weekly), what);
  assert.equal(res.headers['x-ratelimit-remaining-hourly'], String(hourlyRemaining), what);
}

for (const postgres of [false, true]) {
  describe(`unverified accounts (D43) on ${postgres ? 'PostgreSQL' : 'SQLite'}`, () => {
    let ctx: AccountsApp;
    let pg: TestPostgres | undefined;
    let side: Database;
    let account: SignedUp;
    let newestToken = '';
    const ip = '10.250.0.1';
    const inject = (options: Record<string, unknown>) => ctx.app.inject({ remoteAddress: ip, ...options } as never) as unknown as Promise<LightMyRequestResponse>;
    const generate = (payload: unknown, headers: Record<string, string>) => inject({ method: 'POST', url: '/api/generate-invoice', payload, headers });
    /** Every account-only action, as a browser with the session or a server with a key would call it. */
    const accountOnly = (headers: Record<string, string>): Array<[string, () => Promise<LightMyRequestResponse>]> => [
      ['GET /api/auth/usage', () => inject({ method: 'GET', url: '/api/auth/usage', headers })],
      ['POST /api/batch', () => inject({ method: 'POST', url: '/api/batch', payload: { invoices: [validInvoice()] }, headers })],
      ['GET /api/webhooks', () => inject({ method: 'GET', url: '/api/webhooks', headers })],
      ['POST /api/webhooks', () => inject({ method: 'POST', url: '/api/webhooks', payload: { url: 'https://hooks.example.com/x', events: ['invoice.generated'] }, headers })],
      ['GET /api/webhooks/{id}', () => inject({ method: 'GET', url: '/api/webhooks/wh_unknown', headers })],
      ['DELETE /api/webhooks/{id}', () => inject({ method: 'DELETE', url: '/api/webhooks/wh_unknown', headers })],
    ];

    before(async () => {
      pg = postgres ? await createTestPostgres() : undefined;
      ctx = await startAccountsApp({ env: { PLAN_LIMITS: REAL_LIMITS }, clock: () => NOW_MS, ...(pg === undefined ? {} : { postgresSchema: pg }) });
      side = pg === undefined ? await ctx.sideDatabase() : await createDatabase({ kind: 'postgres', url: pg.url, schema: pg.schema });
      account = await signUp(ctx, { verify: false, label: 'unverified' });
    });
    after(async () => {
      if (pg !== undefined) await side.close();
      await ctx.close();
      await pg?.drop();
    });

    it('its session generates JSON as anonymous: anonymous: true, the per-IP anonymous windows, an anonymous number', async () => {
      const res = await generate(validInvoice(), browser(account.sessionId));
      assert.equal(res.statusCode, 200, res.body);
      const json = body(res);
      assert.equal(json.anonymous, true);
      assert.match(json.invoice.number, ANONYMOUS_NUMBER, 'no number drawn from the account sequence');
      assert.equal(json.invoice.hosted_url, undefined, 'no hosted link');
      assert.equal(json.meta.monthly, undefined, 'not metered');
      assertWindows(res, 20, 100, 19, 'the anonymous limits');
      // The same window as a visitor from that address: it is counted per IP, not per account.
      const visitor = await generate(validInvoice(), {});
      assert.equal(visitor.statusCode, 200);
      assertWindows(visitor, 20, 100, 18, 'a visitor from the same address shares the window');
      // An explicit features.hosted_link: false or qr: false is fine, as for a visitor.
      const plain = await generate({ ...validInvoice(), features: { hosted_link: false, qr: false } }, browser(account.sessionId));
      assert.equal(plain.statusCode, 200, plain.body);
      assert.equal(body(plain).anonymous, true);
      assertWindows(plain, 20, 100, 17, 'counted in the IP window');
    });

    it('its session gets 403 unverified_account for pdf, ubl, a hosted link and a QR code, before anything is counted', async () => {
      const refused: Array<[string, unknown]> = [
        ...OUTPUTS.filter((output) => output !== 'json').map((output): [string, unknown] => [`output ${output}`, { ...validInvoice(), output }]),
        ['features.hosted_link', { ...validInvoice(), features: { hosted_link: true } }],
        ['features.qr', { ...validInvoice(), features: { qr: true } }],
      ];
      for (const [what, payload] of refused) assertUnverified(await generate(payload, browser(account.sessionId)), what);
      const next = await generate(validInvoice(), {});
      assertWindows(next, 20, 100, 16, 'the refusals used no window slot');
    });

    it('every account-only action answers 403 unverified_account with the way to a new link', async () => {
      for (const [what, call] of accountOnly(browser(account.sessionId))) assertUnverified(await call(), what);
      // Safe methods without Origin too (a GET with the cookie alone).
      assertUnverified(await inject({ method: 'GET', url: '/api/auth/usage', headers: cookie(account.sessionId) }), 'usage without Origin');
      assertUnverified(await inject({ method: 'POST', url: '/api/auth/generate-api-key', headers: browser(account.sessionId) }), 'generate-api-key');
    });

    it('/api/auth/me still answers, so the web app can say "confirm your e-mail", and a new link can be asked for', async () => {
      const res = await me(ctx.app, cookie(account.sessionId));
      assert.equal(res.statusCode, 200, res.body);
      const user = body(res).user;
      assert.deepEqual([user.email, user.email_verified, user.api_key, user.credits.used], [account.email, false, null, 0]);
      const mail = await mailAfter(ctx.smtp, account.email, SUBJECT_VERIFY, async () => {
        const resend = await inject({ method: 'POST', url: '/api/auth/resend-verification', headers: browser(account.sessionId) });
        assert.equal(resend.statusCode, 200, resend.body);
      });
      newestToken = tokenIn(mail, '/api/auth/verify');
    });

    it('once verified, the same session generates as the account: the first number of its sequence, nothing metered before', async () => {
      // The link the resend above mailed: only the newest one works.
      assert.equal((await followVerifyLink(ctx.app, newestToken)).statusCode, 200);

      const usage = await inject({ method: 'GET', url: '/api/auth/usage', headers: cookie(account.sessionId) });
      assert.equal(usage.statusCode, 200, usage.body);
      assert.equal(body(usage).usage.monthly.documents_used, 0, 'the anonymous generations were not metered');
      assert.equal(body(usage).usage.rate_limits.hourly.used, 0, 'nor counted in the account window');

      const json = await generate({ ...validInvoice(), features: { hosted_link: false } }, browser(account.sessionId));
      assert.equal(json.statusCode, 200, json.body);
      assert.equal(body(json).anonymous, false);
      assert.equal(body(json).invoice.number, 'INV-2026-00001', 'nothing was numbered before');
      assertWindows(json, 40, 400, 39, 'the free plan\'s own windows');
      const ubl = await generate({ ...validInvoice(), output: 'ubl', features: { hosted_link: false } }, browser(account.sessionId));
      assert.equal(ubl.statusCode, 200, ubl.body);
      assert.match(String(ubl.headers['content-type']), /^application\/xml/);

      const key = await inject({ method: 'POST', url: '/api/auth/generate-api-key', headers: browser(account.sessionId) });
      assert.equal(key.statusCode, 200, key.body);
      const apiKey = body(key).api_key as string;
      const webhooks = await inject({ method: 'GET', url: '/api/webhooks', headers: bearer(apiKey) });
      assert.equal(webhooks.statusCode, 200, webhooks.body);
      const batch = await inject({ method: 'POST', url: '/api/batch', payload: { invoices: [{ ...validInvoice(), features: { hosted_link: false } }] }, headers: bearer(apiKey) });
      assert.equal(batch.statusCode, 200, batch.body);
      assert.equal(body(batch).results[0].invoice.number, 'INV-2026-00003');
      // A verified session without a key still gets the usual 401 on the key-only endpoints.
      const sessionBatch = await inject({ method: 'POST', url: '/api/batch', payload: { invoices: [validInvoice()] }, headers: browser(account.sessionId) });
      assert.equal(sessionBatch.statusCode, 401);
      assert.equal(body(sessionBatch).error.code, 'auth_required');
    });

    it('the rule is on the account, not the credential: a key of an account whose address is no longer confirmed is treated the same', async () => {
      // Verification is never undone by the service; an operator may clear it by hand (docs/accounts.md).
      const keyed = await signUpWithKey(ctx, 'unconfirmed-later');
      await side.db.updateTable('accounts').set({ email_verified_at: null }).where('email', '=', keyed.email).execute();

      const json = await generate(validInvoice(), bearer(keyed.apiKey));
      assert.equal(json.statusCode, 200, json.body);
      assert.equal(body(json).anonymous, true);
      assert.match(body(json).invoice.number, ANONYMOUS_NUMBER);
      assert.equal(json.headers['x-ratelimit-limit-hourly'], '20');
      assertUnverified(await generate({ ...validInvoice(), output: 'pdf' }, bearer(keyed.apiKey)), 'pdf by key');
      for (const [what, call] of accountOnly(bearer(keyed.apiKey))) assertUnverified(await call(), `${what} by key`);
      assert.equal((await me(ctx.app, bearer(keyed.apiKey))).statusCode, 200, '/api/auth/me still answers');
      assert.equal(body(await me(ctx.app, bearer(keyed.apiKey))).user.credits.used, 0);
    });
  });
}
