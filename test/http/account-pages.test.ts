import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';

describe('the pages account e-mails link to', () => {
  let t: TestApp;
  before(async () => { t = await buildTestApp(); });
  after(async () => { await t.close(); });

  for (const [path, action] of [['/login', '/api/auth/login'], ['/forgot-password', '/api/auth/forgot-password'], ['/reset-password', '/api/auth/reset-password']]) {
    it(`${path} is a form posting to ${action}, under a CSP that allows only our own script`, async () => {
      const res = await t.app.inject({ method: 'GET', url: `${path}?token=<script>alert(1)</script>` });
      assert.equal(res.statusCode, 200);
      assert.match(String(res.headers['content-type']), /^text\/html/);
      assert.match(String(res.headers['content-security-policy']), /script-src 'self'/);
      assert.doesNotMatch(String(res.headers['content-security-policy']), /unsafe-eval|script-src[^;]*unsafe-inline/);
      assert.ok(res.body.includes(`data-action="${action}"`));
      assert.doesNotMatch(res.body, /<script>alert/, 'nothing from the URL is echoed');
    });
  }

  it('serves the form script as JavaScript', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/account-form.js' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/javascript/);
    assert.match(res.body, /fetch\(form\.dataset\.action/);
  });
});
