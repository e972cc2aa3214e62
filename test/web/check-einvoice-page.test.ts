import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { EINVOICE_FIXTURES } from '../helpers/einvoice-fixtures.ts';
import { makeEInvoice } from '../helpers/make-einvoice.ts';
import { compact, readPdf } from '../helpers/read-pdf.ts';
import { assertText } from './assert-text.ts';
import { PHONE, screenshot, startWebApp, watchForPageErrors, type WebApp } from './start-web-app.ts';
import { verifiedSession } from './verified-session.ts';

const XRECHNUNG = makeEInvoice({ ...EINVOICE_FIXTURES[0]!.request, output: 'cii', profile: 'xrechnung' }).xml;
const BROKEN = XRECHNUNG.replace(/<ram:DuePayableAmount>[^<]*</, '<ram:DuePayableAmount>1.00<');
/** A term the request has no field for, holding markup: the page must show it as these characters. */
const MARKUP = '<img src=x onerror=alert(1)>';
const PEPPOL_WITH_MARKUP = readFileSync(new URL('../fixtures/einvoice/examples/peppol-base-example.xml', import.meta.url), 'utf8')
  .replace('<cbc:AccountingCost>4025:123:4343</cbc:AccountingCost>', '<cbc:AccountingCost>&lt;img src=x onerror=alert(1)&gt;</cbc:AccountingCost>');

const file = (name: string, text: string | Buffer, mimeType = 'application/xml') => ({ name, mimeType, buffer: Buffer.from(text) });

// The "Check an e-invoice" page against the real app: its rule sets, its PDF pool, a confirmed
// account's session, in Chromium.
describe('the page "Check an e-invoice" (Chromium)', () => {
  let web: WebApp;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let session: string;
  const dialogs: string[] = [];

  before(async () => {
    web = await startWebApp({ PLAN_LIMITS: '{}' });
    session = await verifiedSession(web, 'check-page');
    context = await web.newContext();
    page = await context.newPage();
    problems = watchForPageErrors(page);
    page.on('dialog', (dialog) => { dialogs.push(dialog.message()); void dialog.dismiss(); });
  });
  after(async () => { await web.close(); });

  it('asks a visitor to sign in before a file is chosen, and offers no file input', async () => {
    await page.goto('/check');
    await assertText(page.locator('#check-sign-in'), 'Sign in to check e-invoices.');
    assert.equal(await page.locator('#check-file').isVisible(), false);
    assert.equal(await page.getByRole('link', { name: 'Check e-invoice' }).getAttribute('href'), '/check', 'the header links the page');
    await context.addCookies([{ name: 'inv_session', value: session, url: web.origin }]);
  });

  it('asks an account whose address is not confirmed to confirm it first', async () => {
    const email = `check-unverified-${Date.now()}@example.com`;
    const json = { 'content-type': 'application/json', origin: web.origin };
    const body = JSON.stringify({ email, password: 'correct horse battery' });
    assert.equal((await fetch(`${web.origin}/api/auth/register`, { method: 'POST', headers: json, body })).status, 201);
    const login = await fetch(`${web.origin}/api/auth/login`, { method: 'POST', headers: json, body });
    assert.equal(login.status, 200);
    const unconfirmed = await web.newContext();
    await unconfirmed.addCookies([{ name: 'inv_session', value: /inv_session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1]!, url: web.origin }]);
    const other = await unconfirmed.newPage();
    await other.goto('/check');
    await assertText(other.locator('#check-unverified'), 'Confirm your e-mail address first.');
    assert.equal(await other.locator('#check-file').isVisible(), false);
    assert.equal(await other.locator('#check-sign-in').isVisible(), false);
  });

  it('shows a valid XRechnung: the verdict in words, the invoice laid out, the totals agreeing', async () => {
    await page.goto('/check');
    await page.locator('#check-file').setInputFiles(file('RE-2026-0001.xml', XRECHNUNG));
    // The fixture names no delivery date: XRechnung's one warning, shown as such.
    await assertText(page.locator('#verdict-headline'), 'Valid XRechnung 3 e-invoice, with 1 warning.');
    await assertText(page.locator('#verdict'), 'CII invoice. Checked with the schema, the EN 16931 rules, the XRechnung 3 rules. Nothing in it breaks a rule a receiver checks.');
    // Laid out in the document's language, German.
    await assertText(page.locator('#check-preview'), 'Müller Software GmbH');
    await assertText(page.locator('#check-preview'), 'RE-2026-0001');
    assert.equal(await page.locator('#check-preview').getAttribute('lang'), 'de');
    await assertText(page.locator('#totals-summary'), 'The totals add up');
    assert.equal(await page.locator('.totals-check tr.differs').count(), 0);
    await assertText(page.locator('#problems li.problem-warning'), 'Warning Eine Rechnung sollte zur Angabe des Liefer-/Leistungsdatums');
    await assertText(page.locator('#problems li.problem-warning'), 'Rule BR-DE-TMP-32 (XRechnung 3) · BT-72 · at CrossIndustryInvoice › SupplyChainTradeTransaction');
    assert.equal(await page.locator('#problems li').count(), 1);
    await screenshot(page, 'check-valid-desktop', 'full-page');
  });

  it('lists each problem of a broken document in plain words, with its rule, term and place, and marks the total that differs', async () => {
    await page.locator('#check-file').setInputFiles(file('broken.xml', BROKEN));
    await assertText(page.locator('#verdict-headline'), 'Not a valid XRechnung 3 e-invoice:');
    await assertText(page.locator('#verdict'), 'ask the sender for a corrected invoice');
    const rule = page.locator('#problems li', { hasText: 'Rule BR-CO-16 (EN 16931)' });
    await assertText(rule, 'Must be fixed Amount due for payment (BT-115) = Invoice total amount with VAT (BT-112) -Paid amount (BT-113) +Rounding amount (BT-114).');
    await assertText(rule, '· BT-115 · at CrossIndustryInvoice › SupplyChainTradeTransaction › ApplicableHeaderTradeSettlement › SpecifiedTradeSettlementHeaderMonetarySummation');
    await assertText(page.locator('#totals-summary'), 'The totals do not add up: one amount differs');
    await assertText(page.locator('.totals-check tr.differs'), 'Amount due BT-1151.00');
    await screenshot(page, 'check-problems-desktop', 'full-page');
  });

  it('reads a hybrid PDF dropped on the page, and says which attachment it read', async () => {
    const generated = await fetch(`${web.origin}/api/generate-invoice`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `inv_session=${session}`, origin: web.origin },
      body: JSON.stringify({ ...EINVOICE_FIXTURES[0]!.request, output: 'pdf', profile: 'factur-x', features: { hosted_link: false } }),
    });
    assert.equal(generated.status, 200);
    const pdf = Buffer.from(await generated.arrayBuffer()).toString('base64');
    // What a drag from the file manager delivers: a DataTransfer holding the file, dropped on the zone.
    const dataTransfer = await page.evaluateHandle((base64) => {
      const transfer = new DataTransfer();
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], 'rechnung.pdf', { type: 'application/pdf' }));
      return transfer;
    }, pdf);
    await page.locator('#drop-zone').dispatchEvent('drop', { dataTransfer });
    await assertText(page.locator('#verdict-headline'), 'Valid Factur-X e-invoice.');
    await assertText(page.locator('#verdict'), 'CII invoice, read from the PDF\'s attachment factur-x.xml.');
    await assertText(page.locator('#check-status'), 'Checked rechnung.pdf.');
  });

  it('downloads the readable copy in the language chosen', async () => {
    await page.locator('#check-file').setInputFiles(file('RE-2026-0001.xml', XRECHNUNG));
    await assertText(page.locator('#check-status'), 'Checked RE-2026-0001.xml.');
    await page.locator('[name="language"]').selectOption('fr');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download readable PDF' }).click()]);
    assert.equal(download.suggestedFilename(), 'RE-2026-0001-copy.pdf');
    const text = compact(readPdf(readFileSync((await download.path())!)).text);
    assert.ok(text.includes('RE-2026-0001'), 'the invoice number is printed');
    assert.ok(!text.includes(compact('Lesekopie')), 'not in the document\'s German');
    await assertText(page.locator('#copy-status'), 'Saved RE-2026-0001-copy.pdf.');
  });

  it('shows a term the request cannot hold as text, never as markup', async () => {
    await page.locator('#check-file').setInputFiles(file('peppol.xml', PEPPOL_WITH_MARKUP));
    await assertText(page.locator('#verdict-headline'), 'Valid Peppol BIS 3 e-invoice.');
    await assertText(page.locator('#not-carried'), MARKUP);
    assert.equal(await page.locator('#not-carried img').count(), 0);
    assert.deepEqual(dialogs, []);
  });

  it('says why a file that is not an e-invoice, or one over 10 MB, is not read', async () => {
    await page.locator('#check-file').setInputFiles(file('notes.txt', 'just some notes', 'text/plain'));
    await assertText(page.locator('#check-status'), 'notes.txt: ');
    assert.equal(await page.locator('#check-status').getAttribute('class'), 'form-status error');
    assert.equal(await page.locator('#check-result').isVisible(), false, 'the last answer is not left standing');
    await page.locator('#check-file').setInputFiles(file('huge.xml', Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)));
    await assertText(page.locator('#check-status'), 'huge.xml is 10.0 MB; an e-invoice of more than 10 MB is not read.');
    assert.deepEqual(problems, []);
  });

  it('fits a phone: the verdict and its problems without sideways scrolling', async () => {
    const phone = await web.newContext(PHONE);
    await phone.addCookies([{ name: 'inv_session', value: session, url: web.origin }]);
    const small = await phone.newPage();
    const phoneProblems = watchForPageErrors(small);
    await small.goto('/check');
    await small.locator('#check-file').setInputFiles(file('broken.xml', BROKEN));
    await assertText(small.locator('#verdict-headline'), 'Not a valid XRechnung 3 e-invoice:');
    assert.ok(await small.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling');
    await small.locator('#h-verdict').scrollIntoViewIfNeeded();
    await screenshot(small, 'check-problems-phone', 'here');
    assert.deepEqual(phoneProblems, []);
  });
});
