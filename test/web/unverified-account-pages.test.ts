import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { SUBJECT_VERIFY, uniqueEmail } from '../helpers/accounts-helpers.ts';
import { assertText } from './assert-text.ts';
import { startWebApp, watchForPageErrors, type WebApp } from './start-web-app.ts';

const PASSWORD = 'correct horse battery';


/** The verification link in a mail. */
function verifyLinkIn(text: string, origin: string): string {
  const link = text.split(/\s+/).find((word) => word.startsWith(`${origin}/api/auth/verify?token=`));
  assert.ok(link, `a verification link in: ${text}`);
  return link;
}

// D43: a signed-in account whose e-mail address is not confirmed sees what to do (open the link,
// or send it again), not account features that would answer 403 unverified_account.
describe('the web app for a signed-in account whose e-mail is not confirmed (D43, Chromium)', () => {
  let web: WebApp;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  const email = uniqueEmail('unconfirmed');
  let newestLink = '';

  before(async () => {
    web = await startWebApp({ PLAN_LIMITS: '{}' });
    context = await web.newContext();
    page = await context.newPage();
    problems = watchForPageErrors(page);
  });
  after(async () => { await web.close(); });

  it('signs in without confirming: the dashboard shows only "confirm your e-mail" with a working "Send the link again"', async () => {
    const smtp = web.accounts.smtp;
    const firstMail = smtp.waitForMessage((m) => m.to === email && m.subject === SUBJECT_VERIFY);
    await page.goto('/register');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/check-email');
    await firstMail;

    await page.goto('/login');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');

    await page.getByRole('heading', { name: 'Confirm your e-mail address' }).waitFor({ state: 'visible' });
    await assertText(page.locator('#unverified-email'), email);
    for (const name of ['Plan and usage', 'API key', 'Webhooks', 'Quick start']) {
      assert.equal(await page.getByRole('heading', { name, exact: true }).isVisible(), false, `${name} is not shown`);
    }
    assert.equal(await page.getByRole('button', { name: 'Create API key' }).isVisible(), false);

    const before = smtp.messages.length;
    const resent = smtp.waitForMessage((m) => smtp.messages.indexOf(m) >= before && m.to === email && m.subject === SUBJECT_VERIFY);
    await page.getByRole('button', { name: 'Send the link again' }).click();
    await assertText(page.locator('#unverified-status'), 'link');
    newestLink = verifyLinkIn((await resent).text, web.origin);
  });

  it('the generator asks to confirm the address instead of offering downloads or a sign-up', async () => {
    await page.goto('/');
    await page.locator('.unverified-only').waitFor({ state: 'visible' });
    await assertText(page.locator('.unverified-only'), 'Confirm your e-mail address');
    assert.equal(await page.getByRole('button', { name: 'Download PDF' }).isVisible(), false);
    assert.equal(await page.getByRole('button', { name: 'Copy hosted link' }).isVisible(), false);
    assert.equal(await page.getByRole('link', { name: 'Create a free account' }).isVisible(), false);
  });

  it('once the link is opened, the same session gets the dashboard and the download buttons', async () => {
    await page.goto(newestLink);
    await assertText(page.getByRole('heading', { level: 1 }), 'Your e-mail address is confirmed');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Create API key' }).waitFor({ state: 'visible' });
    assert.equal(await page.getByRole('heading', { name: 'Confirm your e-mail address' }).isVisible(), false);
    await page.goto('/');
    await page.getByRole('button', { name: 'Download PDF' }).waitFor({ state: 'visible' });
    assert.equal(await page.locator('.unverified-only').isVisible(), false);
    assert.deepEqual(problems, []);
  });
});
