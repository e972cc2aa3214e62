import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';

type Json = Record<string, any>;

describe('accounts on the embedded default (no SMTP_URL)', () => {
  let t: TestApp;
  before(async () => { t = await buildTestApp(); });
  after(async () => { await t.close(); });

  it('writes the mail to DATA_DIR/outbox as .eml with a .txt copy, logs its link, and the link copied from the .txt completes sign-up', async () => {
    const email = 'local-user@example.com';
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password: 'a long password' } });
    assert.equal(res.statusCode, 201);
    let line: Json | undefined;
    for (let i = 0; i < 100 && line === undefined; i++) {
      line = t.logs.find((l) => l.msg === 'mail written to outbox');
      if (line === undefined) await new Promise((r) => setTimeout(r, 20));
    }
    assert.ok(line, 'an info line for the outbox mail');
    assert.equal(line.level, 30);
    const link = (line.links as string[]).find((l) => l.includes('/api/auth/verify?token='));
    assert.ok(link, JSON.stringify(line));
    const outbox = path.dirname(line.file as string);
    const files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    assert.equal(files.length, 1);
    const eml = readFileSync(path.join(outbox, files[0]!), 'utf8');
    assert.match(eml, new RegExp(`To: ${email}`));
    assert.match(eml, /Content-Type: text\/html/);

    // The .txt beside the .eml, read as a person reads it (no decoding): its link line, copied
    // whole, is the one the log names and it confirms the address.
    assert.equal(line.text_file, path.join(outbox, files[0]!.replace(/\.eml$/, '.txt')));
    const copied = readFileSync(line.text_file as string, 'utf8').split('\n').find((l) => l.startsWith('http'));
    assert.equal(copied, link);
    const verify = await t.app.inject({ method: 'GET', url: new URL(copied).pathname + new URL(copied).search });
    assert.equal(verify.statusCode, 200);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'a long password' } });
    assert.equal(login.statusCode, 200);
  });
});

describe('client IP and TRUST_PROXY', () => {
  const loginFrom = (t: TestApp, forwardedFor: string, i: number) => t.app.inject({
    method: 'POST', url: '/api/auth/login', remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': forwardedFor }, payload: { email: `n${i}@example.com`, password: 'wrong password' },
  });

  // The login throttle counts in fixed 15-minute windows: a clock in the middle of one keeps a
  // window boundary from resetting the counts part-way through a test.
  const midWindow = { clock: () => Date.UTC(2026, 10, 25, 12, 7, 30) };

  it('ignores X-Forwarded-For without TRUST_PROXY: every request counts against the peer', async () => {
    const t = await buildTestApp({ LOG_LEVEL: 'warn' }, midWindow);
    try {
      for (let i = 0; i < 20; i++) assert.equal((await loginFrom(t, `203.0.113.${i}`, i)).statusCode, 401);
      assert.equal((await loginFrom(t, '203.0.113.200', 99)).statusCode, 429, 'the forwarded addresses did not count');
    } finally {
      await t.close();
    }
  });

  it('believes X-Forwarded-For from a trusted proxy', async () => {
    const t = await buildTestApp({ LOG_LEVEL: 'warn', TRUST_PROXY: 'loopback' }, midWindow);
    try {
      for (let i = 0; i < 25; i++) assert.equal((await loginFrom(t, `203.0.113.${i}`, i)).statusCode, 401, `client ${i}`);
      for (let i = 0; i < 20; i++) assert.equal((await loginFrom(t, '198.51.100.7', 100 + i)).statusCode, 401);
      assert.equal((await loginFrom(t, '198.51.100.7', 200)).statusCode, 429, 'one forwarded client is limited on its own');
    } finally {
      await t.close();
    }
  });
});
