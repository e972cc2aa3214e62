import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { body, cookie, followVerifyLink, generateKey, logIn, mailAfter, register, sessionFrom, SUBJECT_VERIFY } from '../helpers/accounts-helpers.ts';
import { SCREENSHOT_DIR, screenshot, startWebApp, UPDATE_SCREENSHOTS, type WebApp } from './start-web-app.ts';

describe('/docs: Swagger UI has an Authorize button, and "Try it out" with the key is answered 200', () => {
  let web: WebApp;
  let apiKey: string;
  before(async () => {
    web = await startWebApp();
    // The mailed link carries the web app's origin (its PUBLIC_URL), not the default the helpers expect.
    const { app, smtp } = web.accounts;
    const email = 'swagger@example.com';
    const mail = await mailAfter(smtp, email, SUBJECT_VERIFY, async () => assert.equal((await register(app, email, 'a long password')).statusCode, 201));
    const token = /\/api\/auth\/verify\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] ?? '';
    assert.equal((await followVerifyLink(app, token)).statusCode, 200);
    const session = sessionFrom(await logIn(app, email, 'a long password'));
    const key = await generateKey(app, { ...cookie(session), origin: web.origin });
    assert.equal(key.statusCode, 200, key.body);
    apiKey = body(key).api_key as string;
  });
  after(async () => web.close());

  it('Authorize offers the API key (bearer) and the session cookie; with the key, generate-invoice answers 200', async () => {
    const page = await (await web.newContext()).newPage();
    await page.goto('/docs');
    const authorize = page.locator('button.authorize').first();
    await authorize.waitFor();
    await authorize.click();
    const dialog = page.locator('.modal-ux');
    await dialog.waitFor();
    const text = await dialog.innerText();
    assert.match(text, /bearerAuth/);
    assert.match(text, /cookieAuth/);
    await dialog.locator('input[type="text"], input[type="password"]').first().fill(apiKey);
    await screenshot(page, 'api-docs-authorize', 'here');
    await dialog.locator('button.authorize').first().click();
    await dialog.locator('button.btn-done, button.close-modal').first().click();

    // Try it out on generate-invoice with the example body and Accept: application/json.
    const operation = page.locator('.opblock-post').filter({ hasText: '/api/generate-invoice' }).first();
    await operation.locator('.opblock-summary').click();
    await operation.locator('button.try-out__btn').click();
    await operation.locator('button.execute').click();
    const status = operation.locator('.live-responses-table tbody .response-col_status').first();
    await status.waitFor();
    assert.equal((await status.innerText()).trim(), '200', 'the example request, sent with the key, is answered 200');
  });

  it('the screenshot docs/api.md shows exists', () => {
    assert.ok(UPDATE_SCREENSHOTS || existsSync(path.join(SCREENSHOT_DIR, 'api-docs-authorize.png')), 'docs/screenshots/api-docs-authorize.png is missing: run with UPDATE_SCREENSHOTS=1');
  });
});
