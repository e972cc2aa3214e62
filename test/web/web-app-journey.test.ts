import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { readPdf } from '../helpers/read-pdf.ts';
import { SUBJECT_RESET, SUBJECT_VERIFY, uniqueEmail } from '../helpers/accounts-helpers.ts';
import { assertText } from './assert-text.ts';
import { PHONE, SCREENSHOT_DIR, SCREENSHOTS_TAKEN, screenshot, startWebApp, UPDATE_SCREENSHOTS, watchForPageErrors, type WebApp } from './start-web-app.ts';

const PASSWORD = 'correct horse battery';

/** The link in a mail that starts with `${origin}${path}?token=`. */
function linkIn(text: string, prefix: string): string {
  const link = text.split(/\s+/).find((word) => word.startsWith(prefix));
  assert.ok(link, `a link starting ${prefix} in: ${text}`);
  return link;
}

/** docs/screenshots as it is: each file's size, modification time and content hash. */
function screenshotFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const name of readdirSync(SCREENSHOT_DIR)) {
    const file = path.join(SCREENSHOT_DIR, name);
    const { size, mtimeMs } = statSync(file);
    files.set(name, `${size} ${mtimeMs} ${createHash('sha256').update(readFileSync(file)).digest('hex')}`);
  }
  return files;
}

/**
 * The requests the page makes while `act` runs and until `settled` resolves. D44: the live
 * totals are computed in the page, so typing must make none.
 */
async function requestsDuring(page: Page, act: () => Promise<void>, settled: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const record = (request: { method(): string; url(): string }) => { seen.push(`${request.method()} ${request.url()}`); };
  page.on('request', record);
  try {
    await act();
    await settled();
  } finally {
    page.off('request', record);
  }
  return seen;
}

/** Every visible form control has an accessible name from a label or aria-label (WCAG 1.3.1, 4.1.2). */
async function unlabelledControls(page: Page): Promise<string[]> {
  return page.locator('input, select, textarea').evaluateAll((elements) => elements
    .filter((el) => (el as HTMLElement).offsetParent !== null && (el as HTMLInputElement).type !== 'hidden')
    .filter((el) => ((el as HTMLInputElement).labels?.length ?? 0) === 0 && !el.hasAttribute('aria-label'))
    .map((el) => el.outerHTML.slice(0, 120)));
}

describe('the web app in a real browser (Chromium via playwright-core)', () => {
  let web: WebApp;
  let desktop: BrowserContext;
  let page: Page;
  let problems: string[];
  const email = uniqueEmail('browser');
  /** Every request any page of this run made, to check that none went to a totals endpoint. */
  const requested: string[] = [];
  const screenshotsBefore = screenshotFiles();

  before(async () => {
    // The real plan table, so the dashboard shows real limits; localhost may be a webhook target.
    web = await startWebApp({ PLAN_LIMITS: '{}', OUTBOUND_ALLOW_HOSTS: 'localhost' });
    desktop = await web.newContext();
    desktop.on('request', (request) => { requested.push(`${request.method()} ${new URL(request.url()).pathname}`); });
    page = await desktop.newPage();
    problems = watchForPageErrors(page);
  });
  after(async () => { await web.close(); });

  it('a visitor gets live totals, computed in the page without a request (D44), and an invitation to sign up, not the download buttons', async () => {
    await page.goto('/');
    // The page's own requests (bundle, /api/auth/me) are over before typing starts.
    await page.waitForLoadState('networkidle');
    const typing = await requestsDuring(page, async () => {
      await page.locator('[name="from.name"]').fill('Acme GmbH');
      await page.locator('[name="to.name"]').fill('Globex Ltd');
      await page.locator('[name="items.0.description"]').fill('Consulting');
      await page.locator('[name="items.0.quantity"]').fill('10');
      await page.locator('[name="items.0.unit_price"]').fill('120');
      await page.locator('[name="tax"]').fill('20');
    }, () => assertText(page.locator('#grand-total'), '$1,440.00'));
    assert.deepEqual(typing, [], 'typing an invoice makes no request');
    await assertText(page.locator('#preview-status'), 'Totals up to date');
    assert.equal(await page.getByRole('button', { name: 'Download PDF' }).isVisible(), false);
    assert.equal(await page.getByRole('link', { name: 'Create a free account' }).isVisible(), true);
    assert.deepEqual(await unlabelledControls(page), []);
    await screenshot(page, 'generator-anonymous-desktop');
  });

  it('registers, reads the confirmation e-mail from the SMTP server, verifies and signs in', async () => {
    await page.goto('/register');
    // A short password is refused on the page, naming the field, before anything is sent.
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await assertText(page.getByRole('status'), 'Password must be 8 to 128 characters');
    await page.getByLabel('Password').fill(PASSWORD);
    await screenshot(page, 'register-desktop');
    const mailed = web.accounts.smtp.waitForMessage((m) => m.to === email && m.subject === SUBJECT_VERIFY);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/check-email');
    await assertText(page.locator('#sent-to'), email);
    await screenshot(page, 'check-email-desktop');

    const mail = await mailed;
    await page.goto(linkIn(mail.text, `${web.origin}/api/auth/verify?token=`));
    await assertText(page.getByRole('heading', { level: 1 }), 'Your e-mail address is confirmed');
    await screenshot(page, 'verified-desktop');

    await page.getByRole('link', { name: 'Sign in', exact: true }).last().click();
    await page.waitForURL('**/login');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill('wrong password!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await assertText(page.locator('.form-status'), 'the password is wrong');
    await page.getByLabel('Password').fill(PASSWORD);
    await screenshot(page, 'login-desktop');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    await assertText(page.locator('#account-nav'), email);
  });

  let firstKey = '';
  it('creates the API key, shows it on request, and rotates it only after a confirmation', async () => {
    await page.getByRole('button', { name: 'Create API key' }).click();
    await assertText(page.locator('#key-status'), 'Your API key is ready');
    const masked = await page.locator('#api-key').innerText();
    assert.match(masked, /^inv_•+\w{4}$/, 'the key is masked until asked for');
    await page.getByRole('button', { name: 'Show key' }).click();
    firstKey = await page.locator('#api-key').innerText();
    assert.match(firstKey, /^inv_[A-Za-z0-9]{40}$/);
    assert.equal(await page.getByRole('button', { name: 'Hide key' }).getAttribute('aria-pressed'), 'true');
    assert.match(await page.locator('#quickstart').innerText(), new RegExp(`Bearer ${firstKey}`));
    assert.equal((await fetch(`${web.origin}/api/auth/me`, { headers: { authorization: `Bearer ${firstKey}` } })).status, 200);

    // Cancel keeps the key; confirming replaces it, and the old one is refused at once.
    await page.getByRole('button', { name: 'Rotate key…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    assert.equal(await page.locator('#api-key').innerText(), firstKey);
    await page.getByRole('button', { name: 'Rotate key…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Rotate key' }).click();
    await assertText(page.locator('#key-status'), 'The key was rotated');
    const secondKey = await page.locator('#api-key').innerText();
    assert.match(secondKey, /^inv_[A-Za-z0-9]{40}$/);
    assert.notEqual(secondKey, firstKey);
    assert.equal((await fetch(`${web.origin}/api/auth/me`, { headers: { authorization: `Bearer ${firstKey}` } })).status, 401);
    assert.equal((await fetch(`${web.origin}/api/auth/me`, { headers: { authorization: `Bearer ${secondKey}` } })).status, 200);
  });

  it('creates a webhook, shows its secret once, lists it, and deletes it', async () => {
    await page.getByLabel('Endpoint URL (https)').fill('http://localhost/hook');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await assertText(page.locator('#webhook-status'), 'must start with https://');
    await page.getByLabel('Endpoint URL (https)').fill('https://localhost:9/invoices');
    await page.getByLabel('batch.generated').check();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await assertText(page.locator('#webhook-status'), 'Webhook added');
    const secret = await page.locator('#webhook-secret-value').innerText();
    assert.match(secret, /^whsec_/);
    const row = page.locator('#webhook-rows tr');
    assert.equal(await row.count(), 1);
    assert.match(await row.innerText(), /https:\/\/localhost:9\/invoices\s+invoice\.generated, batch\.generated\s+active\s+none yet/);
    await screenshot(page, 'dashboard-desktop', 'full-page');

    await page.reload();
    await assertText(page.locator('#webhook-rows'), 'https://localhost:9/invoices');
    assert.equal(await page.locator('#webhook-secret').isVisible(), false, 'the secret is not shown again');
    assert.doesNotMatch(await page.content(), new RegExp(secret), 'nor is it anywhere in the page');

    await page.getByRole('button', { name: 'Delete webhook https://localhost:9/invoices' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete webhook' }).click();
    await assertText(page.locator('#webhook-status'), 'Deleted the webhook');
    assert.equal(await page.locator('#webhook-rows tr').count(), 0);
    assert.equal(await page.locator('#webhooks-empty').isVisible(), true);
  });

  it('fills an invoice, sees the totals change, reorders items and downloads a PDF with that total', async () => {
    await page.goto('/');
    // The visitor's work survived the sign-up (local storage).
    assert.equal(await page.locator('[name="from.name"]').inputValue(), 'Acme GmbH');
    await assertText(page.locator('#grand-total'), '$1,440.00');
    assert.equal(await page.getByRole('button', { name: 'Download PDF' }).isVisible(), true);

    const editing = await requestsDuring(page,
      () => page.locator('[name="items.0.quantity"]').fill('12'),
      () => assertText(page.locator('#grand-total'), '$1,728.00'));
    assert.deepEqual(editing, [], 'a signed-in user\'s totals are computed in the page too');
    await page.getByRole('button', { name: 'Add item' }).click();
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'items.1.description', 'focus moves to the new item');
    await page.locator('[name="items.1.description"]').fill('Support');
    await page.locator('[name="items.1.unit_price"]').fill('50');
    await assertText(page.locator('#grand-total'), '$1,788.00');
    await page.getByRole('button', { name: 'Move item 2 up' }).click();
    assert.equal(await page.locator('[name="items.0.description"]').inputValue(), 'Support');
    await assertText(page.locator('#invoice-preview tbody tr').first(), 'Support');
    await page.getByRole('button', { name: 'Remove item 1' }).click();
    assert.equal(await page.locator('#items > li').count(), 1);
    await assertText(page.locator('#grand-total'), '$1,728.00');

    // A bad value is named by the service's own message (its validator runs in the page) and the field is marked.
    await page.locator('[name="from.email"]').fill('billing at acme');
    await assertText(page.locator('#preview-error'), 'from.email');
    assert.equal(await page.locator('[name="from.email"]').getAttribute('aria-invalid'), 'true');
    await page.locator('[name="from.email"]').fill('billing@acme.example');
    await assertText(page.locator('#preview-status'), 'Totals up to date');
    assert.equal(await page.locator('#preview-error').isVisible(), false);

    await page.reload();
    assert.equal(await page.locator('[name="items.0.quantity"]').inputValue(), '12', 'work in progress survives a reload');
    await assertText(page.locator('#grand-total'), '$1,728.00');
    await screenshot(page, 'generator-desktop');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const download = await downloading;
    assert.equal(download.suggestedFilename(), 'invoice.pdf');
    const bytes = readFileSync(await download.path());
    assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    const pdf = readPdf(bytes);
    assert.match(pdf.text, /1,728\.00/, 'the PDF carries the total the page showed');
    assert.match(pdf.text, /Acme GmbH/);
    await assertText(page.locator('#action-status'), 'Downloaded invoice.pdf');

    // An e-invoice needs the countries, the buyer's address and the seller's VAT number (D39);
    // without them the UBL download is refused with the fields named.
    await page.locator('[name="from.country"]').fill('DE');
    await page.locator('[name="from.tax_id"]').fill('DE123456789');
    await page.locator('[name="to.address"]').fill('1 High St\nLondon');
    await page.locator('[name="to.country"]').fill('GB');
    const ubl = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download UBL' }).click();
    const xml = readFileSync(await (await ubl).path(), 'utf8');
    assert.match(xml, /<cbc:PayableAmount currencyID="USD">1728.00<\/cbc:PayableAmount>/);

    await page.getByRole('button', { name: 'Copy hosted link' }).click();
    await assertText(page.locator('#action-status'), 'Link copied');
    const link = await page.locator('#hosted-link').getAttribute('href');
    assert.ok(link?.startsWith(`${web.origin}/`), `hosted link on this origin: ${link}`);
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
    const hosted = await fetch(`${link}&format=json`);
    assert.equal(hosted.status, 200);
    assert.equal(((await hosted.json()) as { invoice: { grand_total: number } }).invoice.grand_total, 1728);
  });

  it('makes an XRechnung e-invoice: the folded E-invoice section, a check listing what is missing, then a CII download', async () => {
    const section = page.locator('#einvoice-details');
    assert.equal(await section.getAttribute('open'), null, 'folded until wanted');
    await section.locator('summary').click();
    await page.getByLabel('E-invoice profile').selectOption('xrechnung');
    assert.deepEqual(await unlabelledControls(page), [], 'every input of the open section is labelled');

    // A credit note asks for the invoice it corrects, and only then shows those inputs.
    assert.equal(await page.locator('[name="billing_reference.number"]').isVisible(), false);
    await page.getByLabel('Document type').selectOption('credit_note');
    await assertText(page.locator('#preview-error'), 'billing_reference');
    assert.equal(await page.locator('[name="billing_reference.number"]').getAttribute('aria-invalid'), 'true');
    await page.getByLabel('Document type').selectOption('invoice');
    assert.equal(await page.locator('[name="billing_reference.number"]').isVisible(), false);
    await assertText(page.locator('#preview-status'), 'Totals up to date');

    // The check is a JSON generation without the session cookie: it lists every problem and
    // marks the inputs the problems name, opening the folds they are in.
    const checks: Array<Promise<string | undefined>> = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/generate-invoice')) checks.push(request.allHeaders().then((headers) => headers.cookie));
    });
    await page.getByRole('button', { name: 'Check e-invoice' }).click();
    const report = page.locator('#einvoice-report');
    await assertText(report, 'Not yet a valid XRechnung 3 e-invoice');
    for (const missing of ['BR-DE-5', 'BR-DE-15', 'BR-DE-1', 'BR-DE-3', 'BR-DE-8', 'PEPPOL-EN16931-R010']) await assertText(report, missing);
    for (const name of ['from.contact.name', 'invoice.buyer_reference', 'from.phone', 'from.address', 'to.address', 'payment.iban', 'to.electronic_address.value']) {
      assert.equal(await page.locator(`[name="${name}"]`).getAttribute('aria-invalid'), 'true', `${name} is marked`);
    }
    assert.equal(await page.locator('[name="payment.iban"]').isVisible(), true, 'the payment fold opened to show its marked input');
    await page.locator('#h-einvoice').evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'generator-einvoice-desktop', 'here');

    // The problem's button takes the focus to its input.
    await report.getByRole('button', { name: 'Seller, contact person or department' }).click();
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'from.contact.name');
    await page.locator('[name="from.contact.name"]').fill('Accounts team');
    assert.equal(await page.locator('[name="from.contact.name"]').getAttribute('aria-invalid'), null, 'editing a marked input clears its mark');
    await page.locator('[name="from.phone"]').fill('+49 30 1234567');
    await page.locator('[name="from.address"]').fill('Hauptstr. 1\n10115 Berlin');
    await page.locator('[name="to.address"]').fill('1 High St\nLondon EC1A 1BB');
    await page.locator('[name="payment.iban"]').fill('DE89370400440532013000');
    await page.locator('[name="invoice.buyer_reference"]').fill('04011000-12345-67');
    await page.getByLabel('Buyer\'s electronic address scheme').selectOption('EM');
    await page.getByLabel('Buyer\'s electronic address', { exact: true }).fill('invoices@globex.example');
    await page.locator('#items > li').first().locator('summary').click();
    await page.locator('[name="items.0.item_id"]').fill('CONS-01');
    await assertText(page.locator('#preview-status'), 'Totals up to date');
    await page.getByRole('button', { name: 'Check e-invoice' }).click();
    await assertText(report, 'Ready as XRechnung 3 e-invoice');
    assert.deepEqual(await Promise.all(checks), [undefined, undefined], 'both checks were sent as a visitor\'s: nothing numbered or metered');

    // The draft keeps the section's fields, and the section opens by itself when it has some.
    await page.reload();
    assert.equal(await page.locator('#einvoice-details').getAttribute('open'), '', 'opened for a draft with e-invoice data');
    assert.equal(await page.getByLabel('E-invoice profile').inputValue(), 'xrechnung');
    assert.equal(await page.locator('[name="items.0.item_id"]').isVisible(), true, 'the item\'s fold is open too');

    const cii = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CII' }).click();
    const download = await cii;
    assert.equal(download.suggestedFilename(), 'invoice.xml');
    const xml = readFileSync(await download.path(), 'utf8');
    assert.match(xml, /<rsm:CrossIndustryInvoice /);
    assert.match(xml, /urn:cen\.eu:en16931:2017#compliant#urn:xeinkauf\.de:kosit:xrechnung_3\.0/);
    assert.match(xml, /<ram:BuyerReference>04011000-12345-67<\/ram:BuyerReference>/);
    assert.match(xml, /<ram:SellerAssignedID>CONS-01<\/ram:SellerAssignedID>/);
    await assertText(page.locator('#action-status'), 'Downloaded invoice.xml (CII, XRechnung 3)');

    // Peppol BIS is UBL only (D32): the page says so instead of sending what the API refuses.
    await page.getByLabel('E-invoice profile').selectOption('peppol');
    await page.getByRole('button', { name: 'Download CII' }).click();
    await assertText(page.locator('#action-status'), 'Peppol BIS 3 has no CII form');
    await page.getByLabel('E-invoice profile').selectOption('xrechnung');
  });

  it('embeds the XRechnung in the PDF when asked (D40): a missing field is listed as for CII, the complete form downloads a hybrid PDF', async () => {
    const box = page.getByLabel('Embed the e-invoice in the PDF (Factur-X / ZUGFeRD)');
    const peppolNote = page.locator('#embed-einvoice-peppol');
    assert.equal(await box.isChecked(), false, 'off until ticked: Download PDF stays a plain PDF');
    // Peppol BIS has no hybrid form: the box is disabled, and its note says why.
    await page.getByLabel('E-invoice profile').selectOption('peppol');
    assert.equal(await box.isDisabled(), true);
    await assertText(peppolNote, 'Peppol BIS 3 has no PDF form');
    assert.match(await box.getAttribute('aria-describedby') ?? '', /embed-einvoice-peppol/, 'the note is tied to the box');
    await page.getByLabel('E-invoice profile').selectOption('xrechnung');
    assert.equal(await box.isDisabled(), false);
    assert.equal(await peppolNote.isVisible(), false);
    await box.check();

    // The PDF asks for profile xrechnung now, so the API's pre-flight applies: a missing buyer
    // reference is listed, marked and reachable from the list, as for a UBL or CII download.
    const sent: Array<Record<string, unknown>> = [];
    const record = (request: { url(): string; postDataJSON(): unknown }) => {
      if (request.url().endsWith('/api/generate-invoice')) sent.push(request.postDataJSON() as Record<string, unknown>);
    };
    page.on('request', record);
    await page.locator('[name="invoice.buyer_reference"]').fill('');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const report = page.locator('#einvoice-report');
    await assertText(report, 'Not yet a valid XRechnung 3 e-invoice');
    await assertText(report, 'BR-DE-15');
    await assertText(page.locator('#action-status'), 'The PDF was not made: the e-invoice is incomplete');
    assert.equal(await page.locator('[name="invoice.buyer_reference"]').getAttribute('aria-invalid'), 'true');
    await report.getByRole('button', { name: 'Buyer reference' }).click();
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'invoice.buyer_reference');
    await page.keyboard.type('04011000-12345-67');
    assert.equal(await page.locator('[name="invoice.buyer_reference"]').getAttribute('aria-invalid'), null);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const download = await downloading;
    page.off('request', record);
    assert.deepEqual(sent.map((body) => [body.output, body.profile]), [['pdf', 'xrechnung'], ['pdf', 'xrechnung']]);
    assert.equal(download.suggestedFilename(), 'invoice.pdf', 'named as every PDF the page downloads');
    const bytes = readFileSync(await download.path());
    const raw = bytes.toString('latin1');
    assert.match(raw, /\/AFRelationship\s*\/Alternative/, 'the CII is attached as the invoice\'s alternative form');
    assert.ok(raw.includes('xrechnung.xml'), 'under ZUGFeRD\'s XRECHNUNG name');
    assert.match(readPdf(bytes).text, /1,728\.00/, 'and it is still the invoice the page showed');
    await assertText(page.locator('#action-status'), 'Downloaded invoice.pdf (PDF/A-3 with the XRechnung 3 e-invoice embedded)');
    assert.equal(await report.isVisible(), false, 'the list of what was missing is gone');

    // The choice is kept with the draft; unticked, the PDF is a plain one again.
    await page.reload();
    assert.equal(await box.isChecked(), true);
    await box.uncheck();
  });

  it('taxes the shipping and adds an allowance, by keyboard, in their fold: the preview shows them as the PDF does, with the grand total the API computes (D37)', async () => {
    const fold = page.locator('#adjustments-details');
    assert.equal(await fold.getAttribute('open'), null, 'folded until wanted');
    await page.locator('[name="shipping"]').fill('10');
    await assertText(page.locator('#grand-total'), '$1,738.00');
    await fold.locator('summary').click();
    await page.getByLabel('Shipping VAT rate').fill('20');
    await assertText(page.locator('#grand-total'), '$1,740.00');

    // Added with the keyboard: focus moves to the new row's amount, and the change is announced.
    await page.locator('#add-allowance').focus();
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.adjustmentField), 'value');
    await assertText(page.locator('#editor-status'), 'Allowance 1 added');
    await page.keyboard.type('100');
    // Without a reason the page gives the API's own refusal, naming the allowance.
    await assertText(page.locator('#preview-error'), 'allowances[0] needs a reason or a reason_code');
    assert.equal(await page.locator('[name="allowances.0.amount"]').getAttribute('aria-invalid'), 'true');
    await page.getByLabel('Reason', { exact: true }).fill('Loyalty rebate');
    await assertText(page.locator('#preview-status'), 'Totals up to date');
    assert.deepEqual(await unlabelledControls(page), [], 'every input of the fold and its row is labelled');

    // As on the PDF (totals-rows.ts): the allowance after the subtotal, taxed shipping before the
    // tax line that holds its tax. 1440 − 100 + 10 = 1350, + 20 % = 1620.
    const totals = (await page.locator('.preview-totals').innerText()).split('\n').map((line) => line.trim()).filter((line) => line !== '');
    assert.deepEqual(totals, ['Subtotal', '$1,440.00', 'Loyalty rebate', '-$100.00', 'Shipping', '$10.00', 'VAT 20%', '$270.00', 'Total', '$1,620.00']);

    // The API's JSON answer for the form as it stands (the e-invoice check sends exactly that, as
    // a visitor) has the grand total the page computed.
    const answering = page.waitForResponse((response) => response.url().endsWith('/api/generate-invoice'));
    await page.getByRole('button', { name: 'Check e-invoice' }).click();
    const answer = await (await answering).json() as { invoice?: { grand_total: number; allowance_total: number; shipping_tax_rate: number; allowances: unknown[] } };
    assert.ok(answer.invoice, `the API computed the invoice: ${JSON.stringify(answer)}`);
    assert.deepEqual([answer.invoice.grand_total, answer.invoice.allowance_total, answer.invoice.shipping_tax_rate], [1620, 100, 20]);
    assert.deepEqual(answer.invoice.allowances, [{ amount: 100, reason: 'Loyalty rebate', tax_category: 'S', tax_rate: 20 }]);
    await assertText(page.locator('#grand-total'), `$${answer.invoice.grand_total.toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    await assertText(page.locator('#einvoice-report'), 'Ready as XRechnung 3 e-invoice');

    // Kept in the draft: after a reload the fold is open with the row as typed.
    await page.reload();
    assert.equal(await page.locator('#adjustments-details').getAttribute('open'), '', 'opened for a draft with an allowance');
    assert.equal(await page.locator('[name="allowances.0.reason"]').inputValue(), 'Loyalty rebate');
    await assertText(page.locator('#grand-total'), '$1,620.00');

    // Removed with the keyboard: focus goes back to "Add allowance"; the journey goes on as before.
    await page.getByRole('button', { name: 'Remove allowance 1' }).focus();
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'add-allowance');
    await assertText(page.locator('#editor-status'), 'Allowance 1 removed');
    await page.getByLabel('Shipping VAT rate').fill('');
    await page.locator('[name="shipping"]').fill('');
    await assertText(page.locator('#grand-total'), '$1,728.00');
  });

  it('shows the preview right to left in Arabic while the page stays English', async () => {
    await page.locator('[name="invoice.language"]').selectOption('ar');
    await assertText(page.locator('#invoice-preview h3'), 'فاتورة');
    assert.equal(await page.locator('#invoice-preview').getAttribute('dir'), 'rtl');
    assert.equal(await page.locator('#invoice-preview').getAttribute('lang'), 'ar');
    assert.equal(await page.locator('html').getAttribute('dir'), 'ltr');
    await screenshot(page, 'generator-arabic-desktop');
    await page.locator('[name="invoice.language"]').selectOption('en');
    await assertText(page.locator('#invoice-preview h3'), 'INVOICE');
  });

  it('counts the downloads in the dashboard\'s usage, with the reset dates', async () => {
    await page.goto('/dashboard');
    // A PDF, a UBL, a JSON answer, a CII and a hybrid PDF, each with the hosted link an account
    // gets by default, which D42 meters as a PDF: 1 document and 1 PDF each (a hybrid PDF is that
    // too, D41). The e-invoice checks were a visitor's; the refused PDF was refused before counting.
    await assertText(page.locator('#text-documents'), '5 of 100 documents; resets');
    await assertText(page.locator('#text-pdfs'), '5 of 50 PDFs');
    await assertText(page.locator('#text-hourly'), '5 of 40');
    await assertText(page.locator('#text-weekly'), '5 of 400');
    assert.equal(await page.locator('#plan-name').innerText(), 'Free');
  });

  it('looks right on a phone: every page fits the width and its controls are labelled', async () => {
    const phone = await web.newContext(PHONE);
    await phone.addCookies(await desktop.cookies());
    const small = await phone.newPage();
    const smallProblems = watchForPageErrors(small);
    for (const [path, name] of [['/', 'generator'], ['/dashboard', 'dashboard'], ['/login', 'login'], ['/register', 'register'], ['/check-email', 'check-email'], ['/forgot-password', 'forgot-password'], ['/reset-password?token=x', 'reset-password']] as const) {
      await small.goto(path);
      if (name === 'dashboard') await assertText(small.locator('#plan-name'), 'Free');
      if (name === 'generator') {
        await small.locator('[name="from.name"]').fill('Acme GmbH');
        await small.locator('[name="to.name"]').fill('Globex Ltd');
        await small.locator('[name="items.0.description"]').fill('Consulting');
        await small.locator('[name="items.0.unit_price"]').fill('1200');
      }
      const overflow = await small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `${path} scrolls sideways by ${overflow}px on a phone`);
      assert.deepEqual(await unlabelledControls(small), [], path);
      await screenshot(small, `${name}-phone`, name === 'generator' ? 'top' : 'full-page');
    }
    await small.goto('/');
    await small.locator('[name="invoice.language"]').selectOption('ar');
    await assertText(small.locator('#invoice-preview h3'), 'فاتورة');
    await small.locator('#invoice-preview').scrollIntoViewIfNeeded();
    await screenshot(small, 'generator-arabic-phone', 'here');
    assert.deepEqual(smallProblems, []);
  });

  it('logs out: the header offers sign-in again and the session no longer works', async () => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${web.origin}/`);
    await assertText(page.locator('#account-nav'), 'Sign in');
    const me = await page.evaluate(async () => (await fetch('/api/auth/me')).status);
    assert.equal(me, 401);
    await page.goto('/dashboard');
    await page.waitForURL('**/login?next=/dashboard');
    assert.deepEqual(problems, [], 'no script error or CSP refusal on any page');
  });

  it('resets a forgotten password through the e-mailed link', async () => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('E-mail address').fill(email);
    await screenshot(page, 'forgot-password-desktop');
    const mailed = web.accounts.smtp.waitForMessage((m) => m.to === email && m.subject === SUBJECT_RESET);
    await page.getByRole('button', { name: 'Send me a reset link' }).click();
    await assertText(page.locator('.form-status'), 'link');
    await page.goto(linkIn((await mailed).text, `${web.origin}/reset-password?token=`));
    await page.getByLabel('New password').fill('a brand new password');
    await screenshot(page, 'reset-password-desktop');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await assertText(page.locator('.form-status'), 'Your password is changed');
    await page.goto('/login');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill('a brand new password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
  });

  it('can be used with the keyboard alone: skip link, then adding an item with Enter', async () => {
    const context = await web.newContext();
    const keyboard = await context.newPage();
    await keyboard.goto('/');
    await keyboard.keyboard.press('Tab');
    assert.equal(await keyboard.evaluate(() => document.activeElement?.textContent), 'Skip to content');
    await keyboard.keyboard.press('Enter');
    assert.equal(await keyboard.evaluate(() => document.activeElement?.id), 'main');
    await keyboard.locator('#add-item').focus();
    await keyboard.keyboard.press('Enter');
    assert.equal(await keyboard.evaluate(() => document.activeElement?.getAttribute('name')), 'items.1.description');
    await keyboard.keyboard.type('Typed without a mouse');
    await keyboard.keyboard.press('Tab');
    assert.equal(await keyboard.evaluate(() => document.activeElement?.getAttribute('name')), 'items.1.quantity');
  });

  it('made no request to a totals endpoint on any page (D44)', () => {
    assert.ok(requested.some((line) => line === 'POST /api/generate-invoice'), 'the downloads were seen');
    assert.deepEqual(requested.filter((line) => line.includes(' /api/') && /preview|totals/i.test(line)), []);
  });

  it('took every screenshot docs/web-app.md shows, and rewrote docs/screenshots only if UPDATE_SCREENSHOTS=1', () => {
    assert.equal(SCREENSHOTS_TAKEN.size, 19);
    for (const name of SCREENSHOTS_TAKEN) assert.ok(screenshotsBefore.has(`${name}.png`) || UPDATE_SCREENSHOTS, `docs/screenshots/${name}.png is missing: run with UPDATE_SCREENSHOTS=1`);
    if (!UPDATE_SCREENSHOTS) assert.deepEqual(screenshotFiles(), screenshotsBefore, 'an ordinary run leaves docs/screenshots untouched');
  });
});

