import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { readPdf } from '../helpers/read-pdf.ts';
import { assertText } from './assert-text.ts';
import { screenshot, startWebApp, watchForPageErrors, type WebApp } from './start-web-app.ts';
import { verifiedSession } from './verified-session.ts';

/** The inputs marked invalid, by name. */
const invalidInputs = (page: Page): Promise<string[]> =>
  page.locator('[aria-invalid="true"]').evaluateAll((elements) => elements.map((element) => element.getAttribute('name') ?? element.id));

describe('the generator opens without an error, and takes custom fields (Chromium)', () => {
  let web: WebApp;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  before(async () => {
    web = await startWebApp({ PLAN_LIMITS: '{}' });
    context = await web.newContext();
    page = await context.newPage();
    problems = watchForPageErrors(page);
  });
  after(async () => { await web.close(); });

  it('first load: totals and a calm list of what is left to fill in, no error and nothing marked invalid', async () => {
    await page.goto('/');
    await assertText(page.locator('#preview-status'), 'Totals up to date');
    assert.equal(await page.locator('#preview-error').isVisible(), false, 'no red error');
    assert.deepEqual(await invalidInputs(page), []);
    await assertText(page.locator('#preview-pending'), 'To finish the invoice, fill in the seller\'s name, the buyer\'s name and item 1\'s description.');
    await assertText(page.locator('#grand-total'), '$0.00');
    await screenshot(page, 'generator-first-load-desktop');

    // Typing a name takes it off the list; still no error.
    await page.locator('[name="from.name"]').fill('Acme GmbH');
    await assertText(page.locator('#preview-pending'), 'fill in the buyer\'s name and item 1\'s description.');
    assert.equal(await page.locator('#preview-error').isVisible(), false);
    // A value typed wrong is an error at once, naming the field.
    await page.locator('[name="from.email"]').fill('billing at acme');
    await assertText(page.locator('#preview-error'), 'from.email');
    assert.deepEqual(await invalidInputs(page), ['from.email']);
    await page.locator('[name="from.email"]').fill('');
    await assertText(page.locator('#preview-status'), 'Totals up to date');
  });

  it('asking for a document turns what is left into an error: the check names it, marks the inputs and focuses the first', async () => {
    await page.getByRole('button', { name: 'Check e-invoice' }).click();
    await assertText(page.locator('#einvoice-report'), 'Fill in the buyer\'s name and item 1\'s description first.');
    await assertText(page.locator('#preview-error'), 'Fill in the buyer\'s name and item 1\'s description.');
    assert.deepEqual((await invalidInputs(page)).sort(), ['items.0.description', 'to.name']);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'to.name');
    await page.locator('[name="to.name"]').fill('Globex Ltd');
    await page.locator('[name="items.0.description"]').fill('Consulting');
    await page.locator('[name="items.0.unit_price"]').fill('100');
    await assertText(page.locator('#grand-total'), '$100.00');
    assert.equal(await page.locator('#preview-error').isVisible(), false);
    assert.equal(await page.locator('#preview-pending').isVisible(), false);
    assert.deepEqual(await invalidInputs(page), []);
    assert.deepEqual(problems, []);
  });

  it('custom fields: added and removed as rows, shown in the live preview, printed on the downloaded PDF', async () => {
    // A verified account, signed in through its session cookie.
    await context.addCookies([{ name: 'inv_session', value: await verifiedSession(web, 'custom-fields'), url: web.origin }]);
    await page.reload();
    await page.getByRole('button', { name: 'Download PDF' }).waitFor({ state: 'visible' });

    const add = page.getByRole('button', { name: 'Add custom field' });
    await add.click();
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'custom_fields.unsent.0.label', 'focus moves to the new row');
    await page.locator('[name="custom_fields.unsent.0.label"]').fill('Cost centre');
    await page.locator('[name="custom_fields.0.value"]').fill('CC-4711');
    await add.click();
    await page.locator('[name="custom_fields.unsent.1.label"]').fill('Project');
    await page.locator('[name="custom_fields.1.value"]').fill('Apollo');
    await add.click();
    await page.locator('[name="custom_fields.unsent.2.label"]').fill('Typed by mistake');
    await assertText(page.locator('.preview-meta'), 'Apollo');
    const meta = await page.locator('.preview-meta').innerText();
    assert.match(meta, /Cost centre\s+CC-4711\s+Project\s+Apollo/);
    assert.doesNotMatch(meta, /Typed by mistake/, 'a custom field without a value is not printed');
    await screenshot(page, 'generator-custom-fields-desktop', 'here');

    await page.getByRole('button', { name: 'Remove custom field 3' }).click();
    await assertText(page.locator('#editor-status'), 'Custom field 3 removed.');
    assert.equal(await page.locator('#custom-fields > li').count(), 2);

    // A value without its label is no error while writing (the page was reloaded, nothing asked
    // for yet): the label is listed as left to do.
    await add.click();
    await page.locator('[name="custom_fields.unsent.2.value"]').fill('No label yet');
    await assertText(page.locator('#preview-pending'), 'To finish the invoice, fill in custom field 3\'s label.');
    assert.equal(await page.locator('#preview-error').isVisible(), false);
    assert.deepEqual(await invalidInputs(page), []);
    await page.getByRole('button', { name: 'Remove custom field 3' }).click();
    await assertText(page.locator('#preview-status'), 'Totals up to date');
    assert.equal(await page.locator('#preview-pending').isVisible(), false);

    // The download sends the two fields, trimmed, and nothing the API would refuse.
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/generate-invoice') && request.method() === 'POST');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const body = (await sent).postDataJSON() as { custom_fields?: unknown };
    assert.deepEqual(body.custom_fields, [{ label: 'Cost centre', value: 'CC-4711' }, { label: 'Project', value: 'Apollo' }]);
    const pdf = readPdf(readFileSync(await (await downloading).path()));
    assert.match(pdf.text, /Cost centre/);
    assert.match(pdf.text, /CC-4711/);
    assert.match(pdf.text, /Apollo/);

    // The rows are kept with the draft.
    await page.reload();
    assert.equal(await page.locator('[name="custom_fields.1.value"]').inputValue(), 'Apollo');
    assert.deepEqual(problems, []);
  });
});
