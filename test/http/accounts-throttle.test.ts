import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';

type Json = Record<string, any>;

// Login, register, resend and reset are throttled per IP and per address, with 429
// rate_limit_exceeded and Retry-After (D16). The limits are those of auth-throttle-rules.ts.
describe('throttling of the account endpoints', () => {
  let t: TestApp;
  // The windows are fixed and epoch-aligned: on the wall clock, a run that straddles a window's
  // end starts a fresh count half-way. A clock held mid-window keeps every count in one window.
  const midWindow = () => Date.UTC(2026, 10, 25, 12, 7, 30);
  before(async () => { t = await buildTestApp({ LOG_LEVEL: 'warn' }, { clock: midWindow }); });
  after(async () => { await t.close(); });

  const post = (url: string, payload: Json, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress });

  function assertThrottled(res: { statusCode: number; headers: Json; body: string }) {
    assert.equal(res.statusCode, 429, res.body);
    const json = JSON.parse(res.body) as Json;
    assert.equal(json.error.code, 'rate_limit_exceeded');
    assert.match(json.error.message, /try again in \d+ seconds/);
    const retryAfter = Number(res.headers['retry-after']);
    assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 3600, `Retry-After ${res.headers['retry-after']}`);
  }

  it('allows 20 logins per IP per 15 minutes, then answers 429 with Retry-After', async () => {
    const ip = '192.0.2.10';
    for (let i = 0; i < 20; i++) {
      const res = await post('/api/auth/login', { email: `nobody${i}@example.com`, password: 'wrong password' }, ip);
      assert.equal(res.statusCode, 401, `attempt ${i + 1}`);
    }
    assertThrottled(await post('/api/auth/login', { email: 'nobody@example.com', password: 'wrong password' }, ip));
    const elsewhere = await post('/api/auth/login', { email: 'nobody@example.com', password: 'wrong password' }, '192.0.2.11');
    assert.equal(elsewhere.statusCode, 401, 'another IP is not affected');
  });

  it('allows 10 logins per address per 15 minutes from any IPs, even with the right password after that', async () => {
    const email = 'target@example.com';
    const password = 'the right password';
    assert.equal((await post('/api/auth/register', { email, password }, '198.51.100.1')).statusCode, 201);
    for (let i = 0; i < 10; i++) {
      const res = await post('/api/auth/login', { email, password: 'a wrong guess' }, `198.51.100.${10 + i}`);
      assert.equal(res.statusCode, 401, `guess ${i + 1}`);
    }
    assertThrottled(await post('/api/auth/login', { email, password }, '198.51.100.99'));
    assert.equal((await post('/api/auth/login', { email: 'someone-else@example.com', password }, '198.51.100.98')).statusCode, 401);
  });

  it('counts the address case-insensitively in its domain, as accounts do', async () => {
    const ips = (i: number) => `203.0.113.${i}`;
    for (let i = 0; i < 3; i++) {
      assert.equal((await post('/api/auth/forgot-password', { email: `bomb@Example.COM` }, ips(i))).statusCode, 200);
    }
    assertThrottled(await post('/api/auth/forgot-password', { email: 'bomb@example.com' }, ips(9)));
  });

  it('allows 10 registrations per IP per hour', async () => {
    const ip = '192.0.2.50';
    for (let i = 0; i < 10; i++) {
      assert.equal((await post('/api/auth/register', { email: `new${i}@example.com`, password: 'long enough password' }, ip)).statusCode, 201);
    }
    assertThrottled(await post('/api/auth/register', { email: 'new-more@example.com', password: 'long enough password' }, ip));
  });

  it('throttles resend-verification and reset-password per IP', async () => {
    const ip = '192.0.2.60';
    for (let i = 0; i < 10; i++) {
      assert.equal((await post('/api/auth/resend-verification', { email: `r${i}@example.com` }, ip)).statusCode, 200);
    }
    assertThrottled(await post('/api/auth/resend-verification', { email: 'r-more@example.com' }, ip));
    for (let i = 0; i < 20; i++) {
      assert.equal((await post('/api/auth/reset-password', { token: 'x'.repeat(43), password: 'new password!' }, '192.0.2.61')).statusCode, 400);
    }
    assertThrottled(await post('/api/auth/reset-password', { token: 'x'.repeat(43), password: 'new password!' }, '192.0.2.61'));
  });
});
