import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InvoiceClient } from '../../clients/typescript/src/index.ts';
import { mailAfter, SUBJECT_RESET, SUBJECT_VERIFY, tokenIn, uniqueEmail } from '../helpers/accounts-helpers.ts';
import { ALLOW_LOCALHOST } from '../helpers/webhook-helpers.ts';
import { clientInvoice } from './client-invoice.ts';
import { useClientApp } from './start-client-app.ts';


describe('InvoiceClient against the running service: every operation', () => {
  // Localhost allowed as a webhook target; the deliveries themselves are webhook-signature.test.ts's.
  const app = useClientApp({ env: ALLOW_LOCALHOST });
  const client = () => new InvoiceClient({ baseUrl: app.baseUrl, apiKey: app.apiKey });

  it('generateInvoice without output answers the invoice with its meta', async () => {
    const answer = await client().generateInvoice({ ...clientInvoice(), features: { hosted_link: false } });
    assert.equal(answer.success, true);
    assert.equal(answer.anonymous, false);
    assert.match(answer.invoice.number, /^INV-2026-\d{5}$/);
    assert.equal(answer.invoice.currency, 'EUR');
    assert.equal(answer.invoice.grand_total, 444);
    assert.match(answer.meta.request_id, /.+/);
    assert.equal(answer.meta.monthly?.documents_limit, null);
  });

  it('an anonymous client gets JSON totals', async () => {
    const answer = await new InvoiceClient({ baseUrl: app.baseUrl }).generateInvoice({ ...clientInvoice(), output: 'json' });
    assert.equal(answer.anonymous, true);
    assert.equal(answer.invoice.grand_total, 444);
  });

  it('output pdf answers the bytes of a PDF, its file name, hosted link and request id', async () => {
    const pdf = await client().generateInvoice({ ...clientInvoice(), output: 'pdf' });
    assert.equal(pdf.kind, 'pdf');
    assert.ok(pdf.bytes instanceof Uint8Array);
    assert.equal(Buffer.from(pdf.bytes.subarray(0, 5)).toString('latin1'), '%PDF-');
    assert.equal(pdf.filename, 'invoice.pdf');
    assert.equal(pdf.mediaType, 'application/pdf');
    assert.match(pdf.hostedUrl ?? '', /\/api\/i\/[A-Za-z0-9]+\?t=/);
    assert.match(pdf.requestId ?? '', /.+/);
    assert.match(pdf.idempotencyKey ?? '', /^[0-9a-f-]{36}$/);
    assert.deepEqual(pdf.warnings, []);
  });

  it('output ubl and cii answer the XML text', async () => {
    const ubl = await client().generateInvoice({ ...clientInvoice(), output: 'ubl' });
    assert.equal(ubl.kind, 'xml');
    assert.match(ubl.xml, /^<\?xml[^>]*\?>\s*<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/);
    assert.equal(ubl.filename, 'invoice.xml');
    assert.match(ubl.mediaType, /^application\/xml/);
    const cii = await client().generateInvoice({ ...clientInvoice(), output: 'cii' });
    assert.match(cii.xml, /<rsm:CrossIndustryInvoice /);
  });

  it('generateBatch answers one result per invoice, a bad one failing alone', async () => {
    const bad = { ...clientInvoice(), items: [] };
    const batch = await client().generateBatch({ invoices: [clientInvoice(), bad] });
    assert.equal(batch.count, 2);
    assert.deepEqual(batch.meta, { requested: 2, generated: 1, rate_limited: false });
    assert.equal(batch.results[0]?.success, true);
    assert.match(batch.results[0]?.invoice?.hosted_url ?? '', /\/api\/i\//);
    assert.equal(batch.results[1]?.error?.code, 'validation_error');
  });

  it('getHostedInvoice opens a hosted link as a PDF or as JSON', async () => {
    const answer = await client().generateInvoice(clientInvoice());
    const link = answer.invoice.hosted_url ?? assert.fail('no hosted_url');
    // The link names PUBLIC_URL's host; the client sends it to its own baseUrl.
    const pdf = await new InvoiceClient({ baseUrl: app.baseUrl }).getHostedInvoice(link);
    assert.equal(Buffer.from(pdf.bytes.subarray(0, 5)).toString('latin1'), '%PDF-');
    assert.equal(pdf.filename, `invoice-${answer.invoice.number}.pdf`);
    const url = new URL(link);
    const json = await client().getHostedInvoice({ id: url.pathname.split('/').pop()!, t: url.searchParams.get('t')! }, { format: 'json' });
    assert.equal(json.invoice.number, answer.invoice.number);
    assert.equal(json.invoice.grand_total, 444);
  });

  it('getUsage, getAccount and getHealth', async () => {
    const usage = await client().getUsage();
    assert.equal(usage.usage.tier, 'free');
    assert.ok(usage.usage.monthly.documents_used > 0);
    const account = await client().getAccount();
    assert.equal(account.user.api_key, app.apiKey);
    assert.equal(account.user.tier, 'free');
    const health = await new InvoiceClient({ baseUrl: app.baseUrl }).getHealth();
    assert.equal(health.status, 'ok');
    assert.equal(health.storage.dialect, 'sqlite');
  });

  it('createWebhook, listWebhooks, getWebhook and deleteWebhook', async () => {
    const created = await client().createWebhook({ url: 'https://localhost/hooks', events: ['batch.generated'] });
    assert.match(created.webhook.secret ?? '', /^whsec_/);
    assert.deepEqual(created.webhook.events, ['batch.generated']);
    const listed = await client().listWebhooks();
    assert.deepEqual(listed.webhooks.map((webhook) => webhook.id), [created.webhook.id]);
    assert.equal('secret' in listed.webhooks[0]!, false);
    const one = await client().getWebhook(created.webhook.id);
    assert.equal(one.webhook.url, 'https://localhost/hooks');
    assert.equal(one.webhook.last_status, null);
    const deleted = await client().deleteWebhook(created.webhook.id);
    assert.deepEqual(deleted, { success: true, id: created.webhook.id });
    assert.deepEqual((await client().listWebhooks()).webhooks, []);
  });

  it('generateApiKey rotates the key and the client goes on with the new one', async () => {
    const own = new InvoiceClient({ baseUrl: app.baseUrl, apiKey: app.apiKey });
    const rotated = await own.generateApiKey();
    assert.match(rotated.api_key, /^inv_[A-Za-z0-9]{40}$/);
    assert.notEqual(rotated.api_key, app.apiKey);
    assert.equal((await own.getAccount()).user.api_key, rotated.api_key);
    await assert.rejects(client().getAccount(), { name: 'ApiError', status: 401, code: 'invalid_api_key' });
  });

  it('register, resendVerification, forgotPassword and resetPassword, with the mails they send', async () => {
    const anonymous = new InvoiceClient({ baseUrl: app.baseUrl });
    const email = uniqueEmail('client');
    const password = 'client-password-1';
    const verifyMail = await mailAfter(app.ctx.smtp, email, SUBJECT_VERIFY, async () => {
      const registered = await anonymous.register({ email, password });
      assert.equal(registered.success, true);
      assert.match(registered.message, /.+/);
    });
    assert.match(tokenIn(verifyMail, '/api/auth/verify'), /.+/);
    const resent = await mailAfter(app.ctx.smtp, email, SUBJECT_VERIFY, () => anonymous.resendVerification({ email }));
    assert.notEqual(resent, verifyMail);
    const resetMail = await mailAfter(app.ctx.smtp, email, SUBJECT_RESET, async () => {
      assert.equal((await anonymous.forgotPassword({ email })).success, true);
    });
    const reset = await anonymous.resetPassword({ token: tokenIn(resetMail, '/reset-password'), password: 'client-password-2' });
    assert.equal(reset.success, true);
    await assert.rejects(anonymous.resetPassword({ token: tokenIn(resetMail, '/reset-password'), password: 'client-password-3' }), { name: 'ApiError', status: 400 });
  });

  it('verifyEmail follows the mailed link; login gives the session, which logout ends', async () => {
    const anonymous = new InvoiceClient({ baseUrl: app.baseUrl });
    const email = uniqueEmail('session');
    const password = 'client-password-4';
    const mail = await mailAfter(app.ctx.smtp, email, SUBJECT_VERIFY, () => anonymous.register({ email, password }));
    assert.equal(await anonymous.verifyEmail('not-a-token'), false, 'an unknown token');
    assert.equal(await anonymous.verifyEmail(tokenIn(mail, '/api/auth/verify')), true);
    await assert.rejects(anonymous.login({ email, password: 'wrong-password' }), { name: 'ApiError', status: 401, code: 'invalid_credentials' });
    const signedIn = await anonymous.login({ email, password });
    assert.equal(signedIn.user.email, email);
    assert.match(signedIn.session, /^[A-Za-z0-9_-]{43}$/);
    const me = (session: string) => app.ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `inv_session=${session}` } });
    assert.equal((await me(signedIn.session)).statusCode, 200, 'the session works');
    // The session must come from the service's own origin, its PUBLIC_URL, which the client takes
    // from baseUrl: here http://127.0.0.1:3000, reached through the test listener's port.
    const listener = new URL(app.baseUrl);
    const atPublicUrl = new InvoiceClient({
      baseUrl: 'http://127.0.0.1:3000',
      fetch: (input, init) => { const url = new URL(String(input)); url.port = listener.port; return fetch(url, init); },
    });
    assert.equal((await atPublicUrl.logout({ session: signedIn.session })).success, true);
    assert.equal((await me(signedIn.session)).statusCode, 401, 'and is gone after logout');
  });
});
