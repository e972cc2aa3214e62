import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { validInvoice } from '../helpers/build-test-app.ts';
import {
  body, browser, cookie, followVerifyLink, generateInvoice, generateKey, logIn, mailAfter, me, register, sessionFrom,
  setCookieOf, signUp, signUpWithKey, startAccountsApp, tokenIn, uniqueEmail, bearer, ORIGIN,
  SUBJECT_RESET, SUBJECT_VERIFY, type AccountsApp, type Json,
} from '../helpers/accounts-helpers.ts';

const REGISTERED = { success: true, message: 'Check your e-mail: we sent a link to confirm the address. It is valid for 24 hours.' };
const NOT_SIGNED_IN = 'auth_required';

/** validInvoice() with its issue date changed and the edit applied. */
function invoiceOn(date: string, edit: (b: Json) => void = () => {}): Json {
  const b = validInvoice() as Json;
  b.invoice.date = date;
  delete b.invoice.due_date;
  edit(b);
  return b;
}

// The whole account life cycle through the real app, real SMTP, on each storage dialect.
for (const options of [{}, { postgres: true }]) {
  describe(`accounts flow on ${options.postgres ? 'PostgreSQL' : 'SQLite'}`, () => {
    let ctx: AccountsApp;
    // The real plan table: /api/auth/me shows the free plan's 100 documents.
    before(async () => { ctx = await startAccountsApp({ ...options, env: { PLAN_LIMITS: '{}' } }); });
    after(async () => { await ctx.close(); });

    it('registers, confirms the address by the mailed link, signs in and shows the account', async () => {
      const email = uniqueEmail();
      const password = 'correct horse battery';
      let registered: Json = {};
      const mail = await mailAfter(ctx.smtp, email, SUBJECT_VERIFY, async () => {
        const res = await register(ctx.app, email, password);
        assert.equal(res.statusCode, 201);
        registered = body(res);
      });
      assert.deepEqual(registered, REGISTERED);
      assert.deepEqual(mail.envelopeTo, [email]);
      const token = tokenIn(mail, '/api/auth/verify');

      const unverified = sessionFrom(await logIn(ctx.app, email, password));
      assert.equal(body(await me(ctx.app, cookie(unverified))).user.email_verified, false);

      const page = await followVerifyLink(ctx.app, token);
      assert.equal(page.statusCode, 200);
      assert.match(String(page.headers['content-type']), /^text\/html/);
      assert.match(page.body, /<h1>Your e-mail address is confirmed<\/h1>/);

      const login = await logIn(ctx.app, email, password);
      assert.equal(login.statusCode, 200);
      assert.deepEqual(body(login), { success: true, user: { email, tier: 'free' } });
      const sessionId = sessionFrom(login);
      assert.doesNotMatch(setCookieOf(login)!, /Secure/i, 'no Secure attribute on an http PUBLIC_URL');

      const res = await me(ctx.app, cookie(sessionId));
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.deepEqual(body(res), {
        success: true,
        user: { email, tier: 'free', email_verified: true, api_key: null, credits: { total: 100, used: 0 } },
      });
    });

    it('makes an API key with the session and numbers invoices per account and year, gap-free', async () => {
      const a = await signUp(ctx, { label: 'numbers' });
      const created = await generateKey(ctx.app, browser(a.sessionId));
      assert.equal(created.statusCode, 200);
      assert.equal(created.headers['cache-control'], 'no-store');
      const key = body(created).api_key as string;
      assert.match(key, /^inv_[0-9A-Za-z]{40}$/);
      assert.equal(body(await me(ctx.app, cookie(a.sessionId))).user.api_key, key);
      assert.equal(body(await me(ctx.app, bearer(key))).user.api_key, key);

      const first = await generateInvoice(ctx.app, invoiceOn('2026-11-02'), bearer(key));
      assert.equal(first.statusCode, 200, first.body);
      assert.equal(body(first).anonymous, false);
      assert.equal(body(first).invoice.number, 'INV-2026-00001');

      // None of these may use up a number: an explicit number, a schema failure, an engine
      // failure (no such date), a bad country, a refused image.
      const own = await generateInvoice(ctx.app, invoiceOn('2026-11-03', (b) => { b.invoice.number = 'MY-7'; }), bearer(key));
      assert.equal(own.statusCode, 200);
      assert.equal(body(own).invoice.number, 'MY-7');
      const failures: [Json, number, string][] = [
        [invoiceOn('2026-11-03', (b) => { b.items = []; }), 400, 'validation_error'],
        [invoiceOn('2026-02-30'), 400, 'validation_error'],
        [invoiceOn('2026-11-03', (b) => { b.output = 'ubl'; b.to.country = 'XX'; }), 400, 'validation_error'],
        [invoiceOn('2026-11-03', (b) => { b.output = 'pdf'; b.from.logo = 'data:image/png;base64,R0lGODlhAQABAAAAACw='; }), 400, 'validation_error'],
        [invoiceOn('2026-11-03', (b) => { b.deposit = 100000; }), 422, 'calculation_error'],
      ];
      for (const [payload, status, code] of failures) {
        const res = await generateInvoice(ctx.app, payload, bearer(key));
        assert.equal(res.statusCode, status, res.body);
        assert.equal(body(res).error.code, code);
      }

      // The session works for generation too, from the service's own origin.
      const second = await generateInvoice(ctx.app, invoiceOn('2026-12-31'), browser(a.sessionId));
      assert.equal(second.statusCode, 200, second.body);
      assert.equal(body(second).anonymous, false);
      assert.equal(body(second).invoice.number, 'INV-2026-00002');

      const otherYear = await generateInvoice(ctx.app, invoiceOn('2025-03-01'), bearer(key));
      assert.equal(body(otherYear).invoice.number, 'INV-2025-00001');
      const b = await signUpWithKey(ctx, 'other');
      const othersFirst = await generateInvoice(ctx.app, invoiceOn('2026-11-02'), bearer(b.apiKey));
      assert.equal(body(othersFirst).invoice.number, 'INV-2026-00001', 'another account has its own sequence');
      const third = await generateInvoice(ctx.app, invoiceOn('2026-01-01'), bearer(key));
      assert.equal(body(third).invoice.number, 'INV-2026-00003');
    });

    it('hands out distinct, gap-free numbers to concurrent requests of one account', async () => {
      const a = await signUpWithKey(ctx, 'concurrent');
      const responses = await Promise.all(Array.from({ length: 12 }, () => generateInvoice(ctx.app, invoiceOn('2027-05-05'), bearer(a.apiKey))));
      assert.deepEqual(responses.map((r) => r.statusCode), Array(12).fill(200));
      const numbers = responses.map((r) => body(r).invoice.number as string).sort();
      assert.deepEqual(numbers, Array.from({ length: 12 }, (_, i) => `INV-2027-${String(i + 1).padStart(5, '0')}`));
    });

    it('rotates the key: the new one works at once and the old one is refused at once', async () => {
      const a = await signUpWithKey(ctx, 'rotate');
      assert.equal((await generateInvoice(ctx.app, validInvoice(), bearer(a.apiKey))).statusCode, 200);
      const rotated = await generateKey(ctx.app, bearer(a.apiKey));
      assert.equal(rotated.statusCode, 200);
      const fresh = body(rotated).api_key as string;
      assert.match(fresh, /^inv_[0-9A-Za-z]{40}$/);
      assert.notEqual(fresh, a.apiKey);

      const old = await generateInvoice(ctx.app, validInvoice(), bearer(a.apiKey));
      assert.equal(old.statusCode, 401);
      assert.equal(body(old).error.code, 'invalid_api_key');
      assert.equal((await me(ctx.app, bearer(a.apiKey))).statusCode, 401);
      const ok = await generateInvoice(ctx.app, validInvoice(), bearer(fresh));
      assert.equal(ok.statusCode, 200);
      assert.equal(body(ok).invoice.number, 'INV-2026-00002', 'the sequence belongs to the account, not the key');
      assert.equal(body(await me(ctx.app, cookie(a.sessionId))).user.api_key, fresh);
    });

    it('logs out: answers {success:true}, clears the cookie and ends the session', async () => {
      const a = await signUp(ctx, { label: 'logout' });
      const other = sessionFrom(await logIn(ctx.app, a.email, a.password));
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: browser(a.sessionId) });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(body(res), { success: true });
      assert.equal(setCookieOf(res), 'inv_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0');
      const after = await me(ctx.app, cookie(a.sessionId));
      assert.equal(after.statusCode, 401);
      assert.equal(body(after).error.code, NOT_SIGNED_IN);
      assert.equal((await me(ctx.app, cookie(other))).statusCode, 200, 'only the current session ends');
    });

    it('rotates the session id at login: the session presented with the login ends', async () => {
      const a = await signUp(ctx, { label: 'rotation' });
      const next = sessionFrom(await logIn(ctx.app, a.email, a.password, cookie(a.sessionId)));
      assert.notEqual(next, a.sessionId);
      assert.equal((await me(ctx.app, cookie(a.sessionId))).statusCode, 401);
      assert.equal((await me(ctx.app, cookie(next))).statusCode, 200);
    });

    it('resets a forgotten password: single-use link, old password refused, every session ended', async () => {
      const a = await signUp(ctx, { label: 'reset' });
      const second = sessionFrom(await logIn(ctx.app, a.email, a.password));
      const mail = await mailAfter(ctx.smtp, a.email, SUBJECT_RESET, async () => {
        const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: a.email } });
        assert.equal(res.statusCode, 200);
        assert.equal(body(res).success, true);
      });
      const token = tokenIn(mail, '/reset-password');
      const newPassword = 'a brand new password';
      const reset = (password: string) =>
        ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });

      const res = await reset(newPassword);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(body(res).success, true);

      const oldLogin = await logIn(ctx.app, a.email, a.password);
      assert.equal(oldLogin.statusCode, 401);
      assert.equal(body(oldLogin).error.code, 'invalid_credentials');
      assert.equal((await logIn(ctx.app, a.email, newPassword)).statusCode, 200);

      const again = await reset('yet another password');
      assert.equal(again.statusCode, 400);
      assert.equal(body(again).error.code, 'validation_error');
      assert.match(body(again).error.message, /token/);
      assert.equal((await logIn(ctx.app, a.email, newPassword)).statusCode, 200, 'the refused reuse changed nothing');

      for (const sessionId of [a.sessionId, second]) {
        assert.equal((await me(ctx.app, cookie(sessionId))).statusCode, 401, 'sessions from before the reset ended');
      }
    });

    it('resends the verification link (by session and by address); only the newest link works', async () => {
      const email = uniqueEmail('resend');
      const password = 'resend password';
      const first = tokenIn(await mailAfter(ctx.smtp, email, SUBJECT_VERIFY, () => register(ctx.app, email, password)), '/api/auth/verify');
      const sessionId = sessionFrom(await logIn(ctx.app, email, password));

      const bySession = await mailAfter(ctx.smtp, email, SUBJECT_VERIFY, async () => {
        const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/resend-verification', headers: browser(sessionId) });
        assert.equal(res.statusCode, 200, res.body);
        assert.equal(body(res).success, true);
        assert.equal(typeof body(res).message, 'string');
      });
      const second = tokenIn(bySession, '/api/auth/verify');
      const byAddress = await mailAfter(ctx.smtp, email, SUBJECT_VERIFY, async () => {
        const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/resend-verification', payload: { email } });
        assert.equal(res.statusCode, 200, res.body);
      });
      const third = tokenIn(byAddress, '/api/auth/verify');
      assert.equal(new Set([first, second, third]).size, 3);

      assert.equal((await followVerifyLink(ctx.app, first)).statusCode, 400);
      assert.equal((await followVerifyLink(ctx.app, second)).statusCode, 400);
      assert.equal(body(await me(ctx.app, cookie(sessionId))).user.email_verified, false);
      assert.equal((await followVerifyLink(ctx.app, third)).statusCode, 200);
      assert.equal(body(await me(ctx.app, cookie(sessionId))).user.email_verified, true);

      // Verified now: a resend answers the same but sends nothing. Mail goes out after the answer,
      // so a later mail (the reset link) marks the point by which a verify mail would have come.
      const before = ctx.smtp.messages.length;
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/resend-verification', payload: { email }, headers: { origin: ORIGIN } });
      assert.equal(res.statusCode, 200);
      await mailAfter(ctx.smtp, email, SUBJECT_RESET, () => ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } }));
      assert.deepEqual(ctx.smtp.messages.slice(before).filter((m) => m.to === email).map((m) => m.subject), [SUBJECT_RESET]);
    });
  });
}
