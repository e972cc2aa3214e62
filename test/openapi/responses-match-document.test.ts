import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { bearer, body, browser, startAccountsApp, signUpWithKey, uniqueEmail, type AccountsApp } from '../helpers/accounts-helpers.ts';
import { useWebhookReceiver } from '../helpers/use-webhook-receiver.ts';
import { ALLOW_LOCALHOST } from '../helpers/webhook-helpers.ts';
import { GERMAN_INVOICE_REQUEST } from '../../src/http/openapi/openapi-examples.ts';
import { responseChecker } from './check-response.ts';
import { loadOpenApiDocument } from './load-openapi-document.ts';

const INVOICE = GERMAN_INVOICE_REQUEST;

/**
 * Real answers of every operation, successes and errors, checked against the document
 * the service publishes, so what a generated client expects is what it gets.
 */
describe('every operation answers as the OpenAPI document says', () => {
  let ctx: AccountsApp;
  let check: ReturnType<typeof responseChecker>;
  const covered = new Set<string>();
  const hooks = useWebhookReceiver();
  before(async () => {
    ctx = await startAccountsApp({ env: ALLOW_LOCALHOST });
    check = responseChecker(await loadOpenApiDocument(ctx.t));
  });
  after(async () => { await ctx.close(); });

  const call = async (method: string, url: string, path: string, options: { headers?: Record<string, string>; payload?: unknown } = {}) => {
    const res = await ctx.app.inject({ method: method as 'GET', url, headers: options.headers ?? {}, ...(options.payload === undefined ? {} : { payload: options.payload as object }) });
    covered.add(check(method, path, res).split(' ')[0]!);
    return res;
  };

  it('generation, batch and hosted links, in each output and with their errors', async () => {
    const { apiKey } = await signUpWithKey(ctx, 'oa-gen');
    const key = bearer(apiKey);
    const json = await call('POST', '/api/generate-invoice', '/api/generate-invoice', { payload: INVOICE, headers: key });
    assert.equal(json.statusCode, 200);
    for (const output of ['pdf', 'ubl', 'cii']) {
      assert.equal((await call('POST', '/api/generate-invoice', '/api/generate-invoice', { payload: { ...INVOICE, output }, headers: key })).statusCode, 200, output);
    }
    await call('POST', '/api/generate-invoice', '/api/generate-invoice', { payload: { ...INVOICE, output: 'pdf' } });
    await call('POST', '/api/generate-invoice', '/api/generate-invoice', { payload: { ...INVOICE, items: [] } });
    await call('POST', '/api/generate-invoice', '/api/generate-invoice', { payload: '{"from":', headers: { 'content-type': 'application/json' } });
    await call('POST', '/api/generate-invoice', '/api/generate-invoice', { payload: INVOICE, headers: { authorization: `Bearer inv_${'A'.repeat(40)}` } });
    await call('POST', '/api/generate-invoice', '/api/generate-invoice', { payload: INVOICE, headers: { ...key, 'idempotency-key': 'oa-1' } });
    await call('POST', '/api/generate-invoice', '/api/generate-invoice', { payload: INVOICE, headers: { ...key, 'idempotency-key': 'oa-1' } });
    await call('POST', '/api/generate-invoice', '/api/generate-invoice', { payload: { ...INVOICE, template: 'x' }, headers: { ...key, 'idempotency-key': 'oa-1' } });

    const batch = await call('POST', '/api/batch', '/api/batch', { payload: { invoices: [INVOICE, { ...INVOICE, items: [] }] }, headers: key });
    assert.equal(batch.statusCode, 200);
    await call('POST', '/api/batch', '/api/batch', { payload: { invoices: [INVOICE] } });
    await call('POST', '/api/batch', '/api/batch', { payload: { invoices: [] }, headers: key });

    const ubl = (await ctx.app.inject({ method: 'POST', url: '/api/generate-invoice', headers: key, payload: { ...INVOICE, output: 'ubl' } })).body;
    assert.equal((await call('POST', '/api/inspect-invoice', '/api/inspect-invoice', { payload: ubl, headers: { ...key, 'content-type': 'application/xml' } })).statusCode, 200);
    await call('POST', '/api/inspect-invoice', '/api/inspect-invoice', { payload: '<!DOCTYPE x><x/>', headers: { ...key, 'content-type': 'application/xml' } });
    await call('POST', '/api/inspect-invoice', '/api/inspect-invoice', { payload: ubl, headers: { 'content-type': 'application/xml' } });

    const link = new URL(body(json).invoice.hosted_url as string);
    await call('GET', `${link.pathname}${link.search}`, '/api/i/{id}');
    await call('GET', `${link.pathname}${link.search}&format=json`, '/api/i/{id}');
    await call('GET', `${link.pathname}?t=wrong`, '/api/i/{id}');
    await call('GET', `${link.pathname}${link.search}&format=doc`, '/api/i/{id}');
  });

  it('webhooks', async () => {
    const { apiKey, sessionId } = await signUpWithKey(ctx, 'oa-wh');
    const key = bearer(apiKey);
    const created = await call('POST', '/api/webhooks', '/api/webhooks', { payload: { url: 'https://localhost:8443/hooks' }, headers: key });
    assert.equal(created.statusCode, 201, created.body);
    const id = body(created).webhook.id as string;
    await call('POST', '/api/webhooks', '/api/webhooks', { payload: { url: 'http://example.com' }, headers: key });
    await call('GET', '/api/webhooks', '/api/webhooks', { headers: key });
    await call('GET', '/api/webhooks', '/api/webhooks', { headers: browser(sessionId) });
    await call('GET', `/api/webhooks/${id}`, '/api/webhooks/{id}', { headers: key });
    await call('GET', '/api/webhooks/wh_nothere', '/api/webhooks/{id}', { headers: key });
    await call('DELETE', `/api/webhooks/${id}`, '/api/webhooks/{id}', { headers: key });
    await call('DELETE', `/api/webhooks/${id}`, '/api/webhooks/{id}', { headers: key });
  });

  it('webhook operations: the delivery log, redelivery, test event, secret rotation, enable', async () => {
    const key = bearer((await signUpWithKey(ctx, 'oa-ops')).apiKey);
    const created = await call('POST', '/api/webhooks', '/api/webhooks', { payload: { url: hooks.receiver.url }, headers: key });
    const id = body(created).webhook.id as string;
    // The receiver's answer is logged as text: a body like markup must still match the document.
    hooks.receiver.answers.push((response) => response.writeHead(201, { 'content-type': 'text/html' }).end('<img src=x onerror=alert(1)>'));
    const tested = await call('POST', `/api/webhooks/${id}/test`, '/api/webhooks/{id}/test', { headers: key });
    assert.equal(tested.statusCode, 200, tested.body);
    assert.deepEqual([body(tested).delivery.attempts[0].status, body(tested).delivery.attempts[0].response_body], [201, '<img src=x onerror=alert(1)>']);
    const listed = await call('GET', `/api/webhooks/${id}/deliveries?status=delivered`, '/api/webhooks/{id}/deliveries', { headers: key });
    assert.equal(listed.statusCode, 200, listed.body);
    const deliveryId = body(listed).deliveries[0].id as string;
    const page = await call('GET', `/api/webhooks/${id}/deliveries?limit=1&status=delivered`, '/api/webhooks/{id}/deliveries', { headers: key });
    assert.deepEqual([page.statusCode, body(page).deliveries.length, body(page).next_cursor], [200, 1, null]);
    await call('GET', `/api/webhooks/${id}/deliveries?status=sent`, '/api/webhooks/{id}/deliveries', { headers: key });
    const redeliver = `/api/webhooks/${id}/deliveries/${deliveryId}/redeliver`;
    assert.equal((await call('POST', redeliver, '/api/webhooks/{id}/deliveries/{delivery_id}/redeliver', { headers: key })).statusCode, 202);
    await call('POST', `/api/webhooks/${id}/deliveries/${'x'.repeat(22)}/redeliver`, '/api/webhooks/{id}/deliveries/{delivery_id}/redeliver', { headers: key });
    const rotated = await call('POST', `/api/webhooks/${id}/rotate-secret`, '/api/webhooks/{id}/rotate-secret', { headers: key });
    assert.equal(rotated.statusCode, 200);
    assert.equal(typeof body(rotated).webhook.previous_secret_expires_at, 'number');
    await call('POST', '/api/webhooks/wh_nothere/rotate-secret', '/api/webhooks/{id}/rotate-secret', { headers: key });
    // D28 deactivates after 10 failed events; written directly here, that is the storage tests' case.
    const side = await ctx.sideDatabase();
    await side.db.updateTable('webhooks').set({ is_active: 0 }).where('id', '=', id).execute();
    const inactive = await call('POST', redeliver, '/api/webhooks/{id}/deliveries/{delivery_id}/redeliver', { headers: key });
    assert.deepEqual([inactive.statusCode, body(inactive).error.code], [409, 'webhook_inactive']);
    const enabled = await call('POST', `/api/webhooks/${id}/enable`, '/api/webhooks/{id}/enable', { headers: key });
    assert.deepEqual([enabled.statusCode, body(enabled).webhook.is_active], [200, true]);
    await call('POST', '/api/webhooks/wh_nothere/enable', '/api/webhooks/{id}/enable', { headers: key });
  });

  it('accounts and health', async () => {
    const { apiKey, sessionId, email, password } = await signUpWithKey(ctx, 'oa-acc');
    await call('POST', '/api/auth/register', '/api/auth/register', { payload: { email: uniqueEmail('oa'), password: 'correct horse battery' } });
    await call('POST', '/api/auth/register', '/api/auth/register', { payload: { email: 'not an address', password: 'x' } });
    await call('POST', '/api/auth/login', '/api/auth/login', { payload: { email, password } });
    await call('POST', '/api/auth/login', '/api/auth/login', { payload: { email, password: 'wrong password' } });
    await call('GET', '/api/auth/me', '/api/auth/me', { headers: bearer(apiKey) });
    await call('GET', '/api/auth/me', '/api/auth/me');
    await call('GET', '/api/auth/usage', '/api/auth/usage', { headers: bearer(apiKey) });
    await call('POST', '/api/auth/resend-verification', '/api/auth/resend-verification', { payload: { email } });
    await call('POST', '/api/auth/forgot-password', '/api/auth/forgot-password', { payload: { email } });
    await call('POST', '/api/auth/reset-password', '/api/auth/reset-password', { payload: { token: 'nope', password: 'new password 123' } });
    await call('GET', '/api/auth/verify?token=nope', '/api/auth/verify');
    await call('POST', '/api/auth/generate-api-key', '/api/auth/generate-api-key', { headers: { ...browser(sessionId), origin: 'https://evil.example' } });
    await call('POST', '/api/auth/generate-api-key', '/api/auth/generate-api-key', { headers: browser(sessionId) });
    await call('POST', '/api/auth/logout', '/api/auth/logout', { headers: browser(sessionId) });
    await call('GET', '/api/health', '/api/health');
  });

  it('the request examples of the document are answered as their summaries say', async () => {
    const doc = await loadOpenApiDocument(ctx.t);
    const key = bearer((await signUpWithKey(ctx, 'oa-ex')).apiKey);
    for (const [name, example] of Object.entries(doc.paths['/api/generate-invoice'].post.requestBody.content['application/json'].examples) as [string, { value: object }][]) {
      const res = await call('POST', '/api/generate-invoice', '/api/generate-invoice', { payload: example.value, headers: key });
      assert.equal(res.statusCode, 200, `${name}: ${res.body.slice(0, 300)}`);
    }
    const batch = await call('POST', '/api/batch', '/api/batch', { payload: doc.paths['/api/batch'].post.requestBody.content['application/json'].example, headers: key });
    assert.deepEqual(body(batch).results.map((r: { success: boolean; error?: { code: string } }) => r.error?.code ?? 'ok'), ['ok', 'calculation_error']);
  });

  it('the check does refuse an answer the document does not describe', () => {
    const fake = (statusCode: number, headers: Record<string, string>, json: unknown) =>
      ({ statusCode, headers: { 'x-request-id': 'r', 'content-type': 'application/json', ...headers }, body: JSON.stringify(json), json: () => json }) as never;
    assert.throws(() => check('GET', '/api/health', fake(200, {}, { success: true })), /getHealth 200/);
    assert.throws(() => check('GET', '/api/health', fake(418, {}, {})), /status 418 is declared/);
    assert.throws(() => check('GET', '/api/auth/me', fake(401, { 'x-hosted-url': 'u' }, { success: false, error: { code: 'auth_required', message: 'm' } })), /not declared/);
  });

  it('covered every operation of the document', async () => {
    const doc = await loadOpenApiDocument(ctx.t);
    const all = Object.values(doc.paths).flatMap((item: any) => Object.values(item).map((op: any) => op.operationId as string));
    assert.deepEqual(all.filter((id) => !covered.has(id)).sort(), []);
  });
});

/** The refusals of the limits (D20–D22) carry the windows' headers: checked against the document too. */
describe('the limits\' refusals answer as the OpenAPI document says', () => {
  let ctx: AccountsApp;
  let check: ReturnType<typeof responseChecker>;
  before(async () => {
    // Held mid-hour: the hourly window is fixed, and a run straddling its end would count afresh.
    ctx = await startAccountsApp({ clock: () => Date.UTC(2026, 10, 14, 12, 30), env: { PLAN_LIMITS: '{"free":{"hourly":3,"weekly":100,"monthly_documents":1}}' } });
    check = responseChecker(await loadOpenApiDocument(ctx.t));
  });
  after(async () => { await ctx.close(); });

  it('402 monthly_limit_reached and 429 rate_limit_hourly, on one invoice and on a batch', async () => {
    const key = bearer((await signUpWithKey(ctx, 'oa-lim')).apiKey);
    const statuses: number[] = [];
    for (const [url, payload] of [
      ['/api/generate-invoice', { ...GERMAN_INVOICE_REQUEST, output: 'pdf' }],
      ['/api/generate-invoice', { ...GERMAN_INVOICE_REQUEST, output: 'pdf' }],
      ['/api/batch', { invoices: [GERMAN_INVOICE_REQUEST] }],
      ['/api/generate-invoice', GERMAN_INVOICE_REQUEST],
      ['/api/batch', { invoices: [GERMAN_INVOICE_REQUEST] }],
    ] as const) {
      const res = await ctx.app.inject({ method: 'POST', url, payload, headers: key });
      check('POST', url, res);
      statuses.push(res.statusCode);
    }
    assert.ok(statuses.includes(402), String(statuses));
    assert.ok(statuses.includes(429), String(statuses));
  });
});
