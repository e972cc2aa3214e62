import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { generateToken } from '../../src/domain/accounts/generate-token.ts';
import { hashSecret } from '../../src/domain/accounts/hash-secret.ts';
import { findAccountByEmail, insertAccount } from '../../src/storage/repositories/accounts-repository.ts';
import { insertEmailToken } from '../../src/storage/repositories/email-tokens-repository.ts';
import { insertSession } from '../../src/storage/repositories/sessions-repository.ts';
import { buildTestApp, validInvoice } from '../helpers/build-test-app.ts';
import {
  bearer, body, browser, cookie, FOREIGN_ORIGIN, followVerifyLink, generateInvoice, generateKey, logIn, mailAfter, me,
  ORIGIN, register, setCookieOf, signUp, signUpWithKey, startAccountsApp, SUBJECT_ATTEMPT, SUBJECT_RESET, tokenIn,
  uniqueEmail, type AccountsApp,
} from '../helpers/accounts-helpers.ts';

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function assertError(res: LightMyRequestResponse, status: number, code: string, names?: string): void {
  assert.equal(res.statusCode, status, res.body);
  assert.equal(body(res).success, false);
  assert.equal(body(res).error.code, code);
  if (names !== undefined) assert.ok((body(res).error.message as string).includes(names), `message names ${names}: ${body(res).error.message}`);
}

describe('accounts security (SQLite)', () => {
  let ctx: AccountsApp;
  /** Every secret the tests handled; none may reach the log. */
  const secrets: string[] = [];
  before(async () => { ctx = await startAccountsApp(); });
  after(async () => { await ctx.close(); });

  it('answers a wrong password and an unknown address alike, in similar time', async () => {
    const a = await signUp(ctx, { label: 'timing' });
    secrets.push(a.password, a.sessionId, a.verifyToken);
    const unknown = uniqueEmail('nobody');
    const wrong = await logIn(ctx.app, a.email, 'wrong password 1');
    const missing = await logIn(ctx.app, unknown, a.password);
    assertError(wrong, 401, 'invalid_credentials');
    assert.equal(missing.statusCode, wrong.statusCode);
    assert.deepEqual(body(missing), body(wrong));
    assert.equal(setCookieOf(wrong), undefined);

    const wrongMs: number[] = [];
    const unknownMs: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      for (const [email, times] of [[a.email, wrongMs], [unknown, unknownMs]] as const) {
        const started = performance.now();
        const res = await logIn(ctx.app, email, `wrong password ${i}`);
        times.push(performance.now() - started);
        assert.equal(res.statusCode, 401);
      }
    }
    const ratio = median(wrongMs) / median(unknownMs);
    console.log(`login timing: wrong password median ${median(wrongMs).toFixed(1)} ms, unknown address median ${median(unknownMs).toFixed(1)} ms, ratio ${ratio.toFixed(2)}`);
    assert.ok(median(wrongMs) > 30, 'a wrong password costs scrypt work');
    assert.ok(ratio >= 0.5 && ratio <= 2, `ratio ${ratio} within 0.5–2.0`);
  });

  it('answers a taken address like a new one and mails its owner instead of a link', async () => {
    const a = await signUp(ctx, { label: 'taken' });
    const freshEmail = uniqueEmail('fresh');
    const fresh = await register(ctx.app, freshEmail, 'some password');
    // Mails are sent after the answer: wait for this one so it cannot land in the window below.
    await ctx.smtp.waitForMessage((m) => m.to === freshEmail);
    const before = ctx.smtp.messages.length;
    let taken: LightMyRequestResponse | undefined;
    const mail = await mailAfter(ctx.smtp, a.email, SUBJECT_ATTEMPT, async () => {
      taken = await register(ctx.app, a.email, 'attacker password');
    });
    assert.equal(taken!.statusCode, fresh.statusCode);
    assert.equal(taken!.statusCode, 201);
    assert.deepEqual(body(taken!), body(fresh));
    assert.doesNotMatch(mail.text, /token=/, 'no verification or reset token in the attempt mail');
    assert.deepEqual(ctx.smtp.messages.slice(before).map((m) => [m.to, m.subject]), [[a.email, SUBJECT_ATTEMPT]]);
    assert.equal((await logIn(ctx.app, a.email, 'attacker password')).statusCode, 401, 'the password is unchanged');
    assert.equal((await logIn(ctx.app, a.email, a.password)).statusCode, 200);
  });

  it('refuses bad registration input with validation_error naming the field', async () => {
    for (const email of ['not-an-email', 'a@b', 'a b@example.com', '']) {
      assertError(await register(ctx.app, email, 'long enough password'), 400, 'validation_error', 'email');
    }
    for (const password of ['x'.repeat(7), 'x'.repeat(129)]) {
      assertError(await register(ctx.app, uniqueEmail('pw'), password), 400, 'validation_error', 'password');
    }
    for (const password of ['x'.repeat(8), 'x'.repeat(128)]) {
      assert.equal((await register(ctx.app, uniqueEmail('pw'), password)).statusCode, 201, 'bounds are inclusive');
    }
  });

  it('refuses expired and reused verification tokens with a 400 page', async () => {
    const email = uniqueEmail('expired');
    await register(ctx.app, email, 'expired password');
    const side = await ctx.sideDatabase();
    const account = await findAccountByEmail(side.db, email);
    assert.ok(account);
    const now = Date.now();
    const expired = generateToken();
    const valid = generateToken();
    await insertEmailToken(side.db, { tokenHash: hashSecret(expired), accountId: account.id, purpose: 'verify', createdAt: now - 25 * 3600_000, expiresAt: now - 1000 });
    await insertEmailToken(side.db, { tokenHash: hashSecret(valid), accountId: account.id, purpose: 'verify', createdAt: now, expiresAt: now + 60_000 });

    const page = await followVerifyLink(ctx.app, expired);
    assert.equal(page.statusCode, 400);
    assert.match(page.body, /This link no longer works/);
    assert.equal((await followVerifyLink(ctx.app, valid)).statusCode, 200, 'the same kind of row, unexpired, works');
    assert.equal((await followVerifyLink(ctx.app, valid)).statusCode, 400, 'a used link is refused');
    assert.equal((await followVerifyLink(ctx.app, 'A'.repeat(43))).statusCode, 400);
    assert.equal((await ctx.app.inject({ method: 'GET', url: '/api/auth/verify' })).statusCode, 400);
  });

  it('treats tampered and expired session cookies as no session', async () => {
    const a = await signUp(ctx, { label: 'cookie' });
    secrets.push(a.sessionId);
    assert.equal((await me(ctx.app, cookie(a.sessionId))).statusCode, 200);
    const tampered = (a.sessionId[0] === 'A' ? 'B' : 'A') + a.sessionId.slice(1);
    assertError(await me(ctx.app, cookie(tampered)), 401, 'auth_required');

    const side = await ctx.sideDatabase();
    const accountId = (await findAccountByEmail(side.db, a.email))!.id;
    const now = Date.now();
    const expired = generateToken();
    const live = generateToken();
    secrets.push(expired, live);
    await insertSession(side.db, { idHash: hashSecret(expired), accountId, createdAt: now - 31 * 86400_000, expiresAt: now - 1000 });
    await insertSession(side.db, { idHash: hashSecret(live), accountId, createdAt: now, expiresAt: now + 60_000 });
    assertError(await me(ctx.app, cookie(expired)), 401, 'auth_required');
    assert.equal((await me(ctx.app, cookie(live))).statusCode, 200, 'the same kind of row, unexpired, works');
  });

  it('refuses cookie-authenticated unsafe requests from another origin or without one (CSRF)', async () => {
    const a = await signUpWithKey(ctx, 'csrf');
    secrets.push(a.apiKey, a.sessionId, a.password);
    for (const origin of [FOREIGN_ORIGIN, 'null', undefined]) {
      const headers = origin === undefined ? cookie(a.sessionId) : { ...cookie(a.sessionId), origin };
      assertError(await generateKey(ctx.app, headers), 403, 'forbidden');
      assertError(await generateInvoice(ctx.app, validInvoice(), headers), 403, 'forbidden');
    }
    assert.equal(body(await me(ctx.app, cookie(a.sessionId))).user.api_key, a.apiKey, 'the refused requests rotated nothing');
    assert.equal((await generateInvoice(ctx.app, validInvoice(), browser(a.sessionId))).statusCode, 200);
    const byKey = await generateInvoice(ctx.app, validInvoice(), { ...bearer(a.apiKey), origin: FOREIGN_ORIGIN });
    assert.equal(byKey.statusCode, 200, 'an API key is not subject to the Origin check');

    const login = await logIn(ctx.app, a.email, a.password, { origin: FOREIGN_ORIGIN });
    assertError(login, 403, 'forbidden');
    assert.equal(setCookieOf(login), undefined);
    assert.equal((await logIn(ctx.app, a.email, a.password, { origin: ORIGIN })).statusCode, 200);
  });

  it('answers malformed and unknown API keys with 401 invalid_api_key, never 500', async () => {
    const a = await signUpWithKey(ctx, 'keys');
    secrets.push(a.apiKey);
    const malformed = [
      'Basic x', 'Bearer', 'Bearer ',
      'Bearer inv_short', `Bearer ${a.apiKey}x`, `Bearer ${a.apiKey} ${a.apiKey}`,
      `Bearer ${'a'.repeat(10 * 1024)}`,
      // The right shape, but no such key.
      `Bearer inv_${'0'.repeat(40)}`,
    ];
    for (const authorization of malformed) {
      assertError(await me(ctx.app, { authorization }), 401, 'invalid_api_key');
      assertError(await generateInvoice(ctx.app, validInvoice(), { authorization }), 401, 'invalid_api_key');
    }
    // A bad key is an error even when a valid session comes with it: no silent fallback.
    assertError(await me(ctx.app, { ...cookie(a.sessionId), authorization: 'Bearer inv_short' }), 401, 'invalid_api_key');
    assert.equal((await me(ctx.app, { authorization: `Bearer ${a.apiKey}` })).statusCode, 200);
    // RFC 9110 §11.1: the scheme is case-insensitive and may be followed by more than one space.
    for (const authorization of [`bearer ${a.apiKey}`, `BEARER ${a.apiKey}`, `Bearer  ${a.apiKey}`, ` Bearer ${a.apiKey} `]) {
      assert.equal((await me(ctx.app, { authorization })).statusCode, 200, authorization.slice(0, 12));
    }
  });

  it('requires a credential and a verified address for the account endpoints', async () => {
    assertError(await me(ctx.app, {}), 401, 'auth_required');
    assertError(await generateKey(ctx.app, {}), 401, 'auth_required');
    assertError(await generateKey(ctx.app, { origin: ORIGIN }), 401, 'auth_required');
    const unverified = await signUp(ctx, { verify: false, label: 'unverified' });
    const res = await generateKey(ctx.app, browser(unverified.sessionId));
    assertError(res, 403, 'unverified_account');
    assert.equal(body(await me(ctx.app, cookie(unverified.sessionId))).user.api_key, null);
  });

  it('does not accept a reset token for verification or a verification token for a reset', async () => {
    const a = await signUp(ctx, { verify: false, label: 'purpose' });
    const resetToken = tokenIn(await mailAfter(ctx.smtp, a.email, SUBJECT_RESET, () =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: a.email } })), '/reset-password');
    secrets.push(resetToken, a.verifyToken);
    const reset = (token: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'new password here' } });

    assert.equal((await followVerifyLink(ctx.app, resetToken)).statusCode, 400);
    assertError(await reset(a.verifyToken), 400, 'validation_error', 'token');
    assert.equal(body(await me(ctx.app, cookie(a.sessionId))).user.email_verified, false);
    // Neither misuse spent the token: each still works for its own purpose.
    assert.equal((await followVerifyLink(ctx.app, a.verifyToken)).statusCode, 200);
    assert.equal((await reset(resetToken)).statusCode, 200);
  });

  it('sends no CORS headers, whatever the Origin', async () => {
    const a = await signUp(ctx, { label: 'cors' });
    const responses = [
      await me(ctx.app, { ...cookie(a.sessionId), origin: FOREIGN_ORIGIN }),
      await generateInvoice(ctx.app, validInvoice(), { origin: FOREIGN_ORIGIN }),
      await logIn(ctx.app, a.email, a.password, { origin: FOREIGN_ORIGIN }),
      await ctx.app.inject({ method: 'OPTIONS', url: '/api/generate-invoice', headers: { origin: FOREIGN_ORIGIN, 'access-control-request-method': 'POST' } }),
      await me(ctx.app, { ...cookie(a.sessionId), origin: ORIGIN }),
    ];
    assert.equal(responses[0]!.statusCode, 200, 'a cross-origin GET is answered, but a browser may not read it');
    for (const res of responses) {
      assert.equal(res.headers['access-control-allow-origin'], undefined);
      assert.equal(res.headers['access-control-allow-credentials'], undefined);
    }
  });

  it('marks the cookie Secure and expects the https origin when PUBLIC_URL is https', async () => {
    const https = await buildTestApp({ PUBLIC_URL: 'https://invoices.example' });
    try {
      const email = uniqueEmail('https');
      await register(https.app, email, 'https password');
      const login = await logIn(https.app, email, 'https password', { origin: 'https://invoices.example' });
      assert.equal(login.statusCode, 200);
      assert.match(setCookieOf(login) ?? '', /^inv_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000; Secure$/);
      assertError(await logIn(https.app, email, 'https password', { origin: ORIGIN }), 403, 'forbidden');
    } finally {
      await https.close();
    }
  });

  it('answers forgot-password and resend-verification without waiting for the mail server (no timing oracle)', async () => {
    // A mail server that accepts connections and never greets: awaiting it would take the
    // mailer's 10 s greeting timeout, and only for addresses that have an account.
    const sockets = new Set<Socket>();
    const stalled = createServer((socket) => { sockets.add(socket); socket.on('error', () => {}); });
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    const slow = await startAccountsApp({ smtpUrl: `smtp://127.0.0.1:${(stalled.address() as AddressInfo).port}` });
    try {
      const email = uniqueEmail('stalled');
      await insertAccount((await slow.sideDatabase()).db, { id: randomUUID(), email, passwordHash: 'x', createdAt: Date.now() });
      for (const url of ['/api/auth/forgot-password', '/api/auth/resend-verification']) {
        const answers = [];
        for (const target of [email, uniqueEmail('none')]) {
          const started = performance.now();
          const res = await slow.app.inject({ method: 'POST', url, payload: { email: target } });
          const ms = performance.now() - started;
          assert.equal(res.statusCode, 200);
          assert.ok(ms < 1000, `${url} for ${target === email ? 'an account' : 'no account'} took ${Math.round(ms)} ms`);
          answers.push(body(res));
        }
        assert.deepEqual(answers[0], answers[1]);
      }
      for (let waited = 0; sockets.size < 2 && waited < 3000; waited += 20) await sleep(20);
      assert.equal(sockets.size, 2, 'both mails were attempted, after the answers');
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => stalled.close(resolve));
      await slow.close();
    }
  });

  it('never writes API keys, passwords, session ids or link tokens to the log', () => {
    const lines = ctx.t.logs.map((line) => JSON.stringify(line));
    assert.ok(lines.some((line) => line.includes('/api/auth/login')), 'the log was captured');
    assert.ok(secrets.length >= 10);
    for (const secret of secrets) {
      assert.ok(!lines.some((line) => line.includes(secret)), `a secret (${secret.slice(0, 6)}…) appears in the log`);
    }
  });
});
