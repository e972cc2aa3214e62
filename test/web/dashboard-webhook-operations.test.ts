import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { verifyWebhookSignature } from '../../clients/typescript/src/index.ts';
import { body, cookie, followVerifyLink, generateKey, logIn, mailAfter, register, sessionFrom, SUBJECT_VERIFY, uniqueEmail } from '../helpers/accounts-helpers.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/start-webhook-receiver.ts';
import { assertText } from './assert-text.ts';
import { DESKTOP, PHONE, startWebApp, watchForPageErrors, type WebApp } from './start-web-app.ts';

/**
 * A confirmed account with an API key, made through the API. signUpWithKey would do, but it expects
 * the default PUBLIC_URL in links and Origin, and a web app's is its own listener.
 */
async function signUpWithKey(web: WebApp): Promise<{ sessionId: string; apiKey: string }> {
  const email = uniqueEmail('dash-hooks');
  const password = 'correct horse battery';
  const app = web.accounts.app;
  const mail = await mailAfter(web.accounts.smtp, email, SUBJECT_VERIFY, () => register(app, email, password));
  const token = new URL(mail.text.split(/\s+/).find((word) => word.startsWith(`${web.origin}/api/auth/verify?token=`)) ?? assert.fail(mail.text)).searchParams.get('token')!;
  assert.equal((await followVerifyLink(app, token)).statusCode, 200);
  const sessionId = sessionFrom(await logIn(app, email, password));
  const key = await generateKey(app, { ...cookie(sessionId), origin: web.origin });
  assert.equal(key.statusCode, 200, key.body);
  return { sessionId, apiKey: body(key).api_key as string };
}

/** What a hostile or broken receiver might answer: it must show as these characters, never as an image. */
const MARKUP_ANSWER = '<img src=x onerror=alert(1)>';

// The dashboard shows each webhook's delivery log and operates it, against the real app and a real
// https receiver on 127.0.0.1 (the test CA's localhost, allowed by OUTBOUND_ALLOW_HOSTS).
describe('the dashboard operates webhooks: deliveries, test event, redelivery, secret rotation, enable (Chromium)', () => {
  let web: WebApp;
  let receiver: WebhookReceiver;
  let page: Page;
  let problems: string[];
  let apiKey = '';
  let firstSecret = '';
  /** Alerts the page raised: an answer run as markup would raise one. */
  const dialogs: string[] = [];
  const panel = (): Locator => page.locator('.delivery-panel');
  const panelStatus = (): Locator => panel().locator('[role="status"]');
  const deliveryRows = (): Locator => panel().locator('tbody tr');

  before(async () => {
    receiver = await startWebhookReceiver();
    web = await startWebApp({ PLAN_LIMITS: '{}', OUTBOUND_ALLOW_HOSTS: 'localhost' });
    const account = await signUpWithKey(web);
    apiKey = account.apiKey;
    const context = await web.newContext();
    await context.addCookies([{ name: 'inv_session', value: account.sessionId, url: web.origin }]);
    page = await context.newPage();
    problems = watchForPageErrors(page);
    page.on('dialog', (dialog) => { dialogs.push(dialog.message()); void dialog.dismiss(); });
  });
  after(async () => {
    await web?.close();
    await receiver?.close();
  });

  it('sends a test event and shows its attempt: HTTP status, time, duration, and the answer as text only', async () => {
    await page.goto('/dashboard');
    await page.getByLabel('Endpoint URL (https)').fill(receiver.url);
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await assertText(page.locator('#webhook-status'), 'Webhook added');
    firstSecret = await page.locator('#webhook-secret-value').innerText();
    await assertText(page.locator('#webhook-rows'), 'none yet');

    receiver.answers.push((response) => response.writeHead(200, { 'content-type': 'text/html' }).end(MARKUP_ANSWER));
    const received = receiver.received.length;
    const sendTest = page.getByRole('button', { name: `Send a test event to ${receiver.url}` });
    assert.equal(await sendTest.getAttribute('type'), 'button');
    await sendTest.click();
    await assertText(panelStatus(), 'Test event delivered: HTTP 200 in');
    assert.equal(receiver.received.length, received + 1);
    assert.equal(await page.getByRole('button', { name: `Deliveries of webhook ${receiver.url}` }).getAttribute('aria-expanded'), 'true');
    assert.equal(await deliveryRows().count(), 1);
    assert.match(await deliveryRows().first().innerText(), /webhook\.test\s+delivered\s+1 \(answers\)\s+HTTP 200\s+.+\s+\d+ ms/);
    assert.match(await page.locator('#webhook-rows > tr').first().innerText(), /active\s+HTTP 200, /, 'the last delivery column follows');

    // The answer is text in a <pre>: the characters are there, no element was made from them.
    assert.equal(await panel().locator('pre.response-body').first().textContent(), MARKUP_ANSWER);
    assert.equal(await page.locator('img').count(), 0, 'no img element was created');
    await deliveryRows().first().locator('summary').click();
    assert.equal(await panel().locator('pre.response-body').first().isVisible(), true);
    assert.deepEqual(dialogs, [], 'nothing ran');

    // Closing and opening again reads the log afresh.
    const toggle = page.getByRole('button', { name: `Deliveries of webhook ${receiver.url}` });
    await toggle.click();
    assert.equal(await panel().isVisible(), false);
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await toggle.click();
    await assertText(deliveryRows().first(), 'webhook.test');
  });

  it('redelivers a logged delivery: a new one, marked as a redelivery, on top of the log', async () => {
    await page.getByRole('button', { name: /^Redeliver webhook\.test event evt_/ }).first().click();
    await assertText(panelStatus(), 'Redelivery of webhook.test queued');
    assert.equal(await deliveryRows().count(), 2);
    assert.match(await deliveryRows().first().innerText(), /webhook\.test \(redelivery\)/);
    await receiver.waitFor(2);
  });

  it('rotates the secret only after a confirmation, shows the new one once, and says both signatures are sent for 24 h', async () => {
    const rotate = page.getByRole('button', { name: `Rotate the signing secret of webhook ${receiver.url}` });
    await rotate.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await assertText(page.locator('#webhook-status'), 'The secret was not changed');
    await rotate.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Rotate secret' }).click();
    await assertText(page.locator('#webhook-status'), 'was rotated');
    const secret = await page.locator('#webhook-secret-value').innerText();
    assert.match(secret, /^whsec_/);
    assert.notEqual(secret, firstSecret);
    assert.equal(await page.locator('#webhook-secret').isVisible(), true);
    assert.match(await page.locator('#webhook-secret-overlap').innerText(), /^This is the new secret of https:\/\/localhost:\d+\/hooks\. Until .+, deliveries carry both signatures/);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'webhook-secret', 'focus goes to the secret');

    // The next delivery is signed with both secrets, as the page says.
    await page.getByRole('button', { name: `Send a test event to ${receiver.url}` }).click();
    await assertText(panelStatus(), 'Test event delivered');
    const delivery = receiver.received.at(-1)!;
    assert.equal(await verifyWebhookSignature(secret, delivery.raw, delivery.headers), true);
    assert.equal(await verifyWebhookSignature(firstSecret, delivery.raw, delivery.headers), true);

    await page.reload();
    await assertText(page.locator('#webhook-rows'), receiver.url);
    assert.doesNotMatch(await page.content(), new RegExp(secret), 'the secret is not shown again');
  });

  it('offers Enable in the State column of a disabled webhook; redelivery says to enable it first', async () => {
    // A webhook is disabled after 10 failed events in a row; the row says so directly here.
    const side = await web.accounts.sideDatabase();
    await side.db.updateTable('webhooks').set({ is_active: 0 }).execute();
    await page.reload();
    const row = page.locator('#webhook-rows > tr').first();
    await assertText(row, 'disabled after repeated failures');
    const enable = page.getByRole('button', { name: `Enable webhook ${receiver.url}` });
    assert.equal(await row.locator('td').nth(2).getByRole('button', { name: 'Enable' }).count(), 1, 'in the State column');

    await page.getByRole('button', { name: `Deliveries of webhook ${receiver.url}` }).click();
    await assertText(deliveryRows().first(), 'webhook.test');
    await page.getByRole('button', { name: /^Redeliver webhook\.test event / }).first().click();
    await assertText(panelStatus(), 'enable it');

    await enable.click();
    await assertText(page.locator('#webhook-status'), `Enabled the webhook for ${receiver.url}`);
    assert.match(await row.innerText(), /\bactive\b/);
    assert.equal(await enable.count(), 0, 'no Enable button for an active webhook');
    assert.equal(await panel().isVisible(), true, 'the open log stays open across the redraw');
  });

  it('pages the log with Load more, which follows next_cursor until the last page', async () => {
    const webhooks = await (await fetch(`${web.origin}/api/webhooks`, { headers: { authorization: `Bearer ${apiKey}` } })).json() as { webhooks: { id: string }[] };
    const id = webhooks.webhooks[0]!.id;
    const log = await (await fetch(`${web.origin}/api/webhooks/${id}/deliveries`, { headers: { authorization: `Bearer ${apiKey}` } })).json() as { deliveries: { id: string }[] };
    // Past the first page of 20.
    for (let i = log.deliveries.length; i <= 20; i += 1) {
      const res = await fetch(`${web.origin}/api/webhooks/${id}/deliveries/${log.deliveries[0]!.id}/redeliver`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}` } });
      assert.equal(res.status, 202);
    }
    const toggle = page.getByRole('button', { name: `Deliveries of webhook ${receiver.url}` });
    await toggle.click();
    await toggle.click();
    const loadMore = page.getByRole('button', { name: `Load more deliveries of ${receiver.url}` });
    await loadMore.waitFor();
    assert.equal(await deliveryRows().count(), 20);
    await loadMore.click();
    await page.waitForFunction(() => document.querySelectorAll('.delivery-panel tbody tr').length > 20);
    assert.equal(await loadMore.isVisible(), false, 'the last page has no Load more');
    const ids = await deliveryRows().evaluateAll((rows) => rows.map((row) => row.getAttribute('data-delivery-id')));
    assert.equal(new Set(ids).size, ids.length, 'no delivery twice');
  });

  it('fits a phone\'s width with the log open: the tables scroll inside their boxes', async () => {
    await page.setViewportSize(PHONE);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
    await page.setViewportSize(DESKTOP);
  });

  it('raised no script error or CSP refusal', () => {
    assert.deepEqual(problems, []);
  });
});
