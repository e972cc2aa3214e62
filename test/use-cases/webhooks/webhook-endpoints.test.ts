import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { bearer, body, browser, signUpWithKey, startAccountsApp, type AccountsApp, type Json } from '../../helpers/accounts-helpers.ts';
import { manualClock } from '../../helpers/limits-helpers.ts';
import { ALLOW_LOCALHOST, createWebhook, getWebhook, webhookFor } from '../../helpers/webhook-helpers.ts';

/** Nothing listens here: registration only resolves the name, which ALLOW_LOCALHOST exempts. */
const HOOK = 'https://localhost:8443/hooks';
const ID_PATTERN = /^wh_[0-9A-Za-z]{22}$/;
const SECRET_PATTERN = /^whsec_[A-Za-z0-9_-]{43}$/;
const NON_PUBLIC = /^url points to a host that is not on the public internet .*: use your endpoint's public https address$/;

const call = (app: FastifyInstance, method: 'GET' | 'DELETE' | 'PUT' | 'PATCH' | 'POST', url: string, headers: Record<string, string> = {}) =>
  app.inject({ method, url, headers });
const list = async (app: FastifyInstance, apiKey: string): Promise<Json[]> => {
  const res = await call(app, 'GET', '/api/webhooks', bearer(apiKey));
  assert.equal(res.statusCode, 200, res.body);
  return body(res).webhooks as Json[];
};

/** The error shape with this status and code; the message is returned for further checks. */
function assertError(res: LightMyRequestResponse, status: number, code: string, what: string): string {
  assert.equal(res.statusCode, status, `${what}: ${res.body.slice(0, 300)}`);
  const answer = body(res);
  assert.equal(answer.success, false, what);
  assert.equal(answer.error.code, code, `${what}: ${answer.error.message}`);
  assert.equal(typeof answer.error.message, 'string', what);
  return answer.error.message as string;
}

/** D28's race: 8 webhooks, 6 registrations at once → exactly 2 get in, the account ends at 10. */
async function sixAtOnceOnEight(ctx: AccountsApp): Promise<void> {
  const { apiKey } = await signUpWithKey(ctx, 'wh-race');
  for (let i = 0; i < 8; i += 1) await webhookFor(ctx.app, apiKey, `${HOOK}/${i}`);
  const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => createWebhook(ctx.app, apiKey, { url: `${HOOK}/race-${i}` })));
  const statuses = answers.map((res) => res.statusCode).sort();
  assert.deepEqual(statuses, [201, 201, 400, 400, 400, 400], answers.map((res) => res.body.slice(0, 120)).join('\n'));
  for (const res of answers.filter((r) => r.statusCode === 400)) assert.match(assertError(res, 400, 'validation_error', 'refused racer'), /already has 10 webhooks/);
  assert.equal((await list(ctx.app, apiKey)).length, 10, 'the lock kept the account at exactly 10');
}

describe('webhook endpoints (D28) with localhost allow-listed', () => {
  let ctx: AccountsApp;
  const clock = manualClock('2026-05-04T10:00:00Z');
  before(async () => { ctx = await startAccountsApp({ env: ALLOW_LOCALHOST, clock: clock.now }); });
  after(async () => { await ctx.close(); });

  it('POST creates a webhook with its secret shown once; list and get never show the secret again', async () => {
    const { apiKey } = await signUpWithKey(ctx, 'wh-happy');
    const res = await createWebhook(ctx.app, apiKey, { url: HOOK });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(body(res).success, true);
    const created = body(res).webhook as Json;
    assert.match(created.id, ID_PATTERN);
    assert.match(created.secret, SECRET_PATTERN, 'whsec_ + 32 random bytes in base64url (D28)');
    assert.deepEqual(created, {
      id: created.id, url: HOOK, events: ['invoice.generated'], is_active: true, created_at: clock.now() / 1000,
      last_delivery_at: null, last_status: null, secret_hint: (created.secret as string).slice(-4), previous_secret_expires_at: null, secret: created.secret,
    }, 'default events, integer seconds, no delivery yet');

    // Distinct creation times so "oldest first" is decided by created_at, not by the random id.
    clock.advance(1000);
    const batch = await webhookFor(ctx.app, apiKey, `${HOOK}/batch`, ['batch.generated']);
    assert.deepEqual(batch.events, ['batch.generated']);
    clock.advance(1000);
    const both = await webhookFor(ctx.app, apiKey, `${HOOK}/both`, ['batch.generated', 'invoice.generated']);
    assert.deepEqual(both.events, ['batch.generated', 'invoice.generated']);
    assert.notEqual(both.secret, batch.secret, 'every webhook has its own secret');

    const listed = await list(ctx.app, apiKey);
    assert.deepEqual(listed.map((w) => w.id), [created.id, batch.id, both.id], 'oldest first');
    const { secret: _secret, ...withoutSecret } = created;
    assert.deepEqual(listed[0], withoutSecret, 'the listing is the creation answer minus its secret');
    for (const webhook of listed) assert.equal('secret' in webhook, false, `${webhook.id} listed without secret`);
    const one = await getWebhook(ctx.app, apiKey, created.id as string);
    assert.deepEqual(one, withoutSecret, 'GET by id: no secret either');
  });

  it('stores the secret sealed: no column of the row holds it in clear', async () => {
    const { apiKey } = await signUpWithKey(ctx, 'wh-sealed');
    const { id, secret } = await webhookFor(ctx.app, apiKey, HOOK);
    const side = await ctx.sideDatabase();
    const row = await side.db.selectFrom('webhooks').selectAll().where('id', '=', id as string).executeTakeFirstOrThrow();
    assert.ok(row.secret_ciphertext.length > 0, 'a ciphertext is stored');
    const secretBody = (secret as string).slice('whsec_'.length);
    for (const [column, value] of Object.entries(row)) {
      assert.ok(!String(value).includes(secretBody), `column ${column} must not hold the secret in clear: ${String(value)}`);
    }
    assert.equal(row.secret_hint, (secret as string).slice(-4), 'only the hint is kept readable');
  });

  it('DELETE answers {success:true, id}; the webhook is then gone for GET and a second DELETE', async () => {
    const { apiKey } = await signUpWithKey(ctx, 'wh-delete');
    const { id } = await webhookFor(ctx.app, apiKey, HOOK);
    const res = await call(ctx.app, 'DELETE', `/api/webhooks/${id}`, bearer(apiKey));
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(body(res), { success: true, id });
    assertError(await call(ctx.app, 'GET', `/api/webhooks/${id}`, bearer(apiKey)), 404, 'not_found', 'GET after delete');
    assertError(await call(ctx.app, 'DELETE', `/api/webhooks/${id}`, bearer(apiKey)), 404, 'not_found', 'second DELETE');
    assert.deepEqual(await list(ctx.app, apiKey), []);
  });

  it('every endpoint wants an API key: none or a session → 401 auth_required, an unknown key → 401 invalid_api_key', async () => {
    const { sessionId, apiKey } = await signUpWithKey(ctx, 'wh-auth');
    const { id } = await webhookFor(ctx.app, apiKey, HOOK);
    const endpoints = [['POST', '/api/webhooks'], ['GET', '/api/webhooks'], ['GET', `/api/webhooks/${id}`], ['DELETE', `/api/webhooks/${id}`]] as const;
    const unknownKey = `inv_${'A'.repeat(40)}`; // well-formed (API_KEY_PATTERN) but held by no account
    for (const [method, url] of endpoints) {
      const payload = method === 'POST' ? { url: HOOK } : undefined;
      const none = await ctx.app.inject({ method, url, ...(payload ? { payload } : {}) });
      assert.match(assertError(none, 401, 'auth_required', `${method} ${url} without credentials`), /needs an API key.*Authorization: Bearer/);
      // A signed-in browser (cookie + own Origin) is still refused: rule 1 wants a key.
      const session = await ctx.app.inject({ method, url, headers: browser(sessionId), ...(payload ? { payload } : {}) });
      assert.match(assertError(session, 401, 'auth_required', `${method} ${url} with a session`), /session is not accepted/);
      const unknown = await ctx.app.inject({ method, url, headers: bearer(unknownKey), ...(payload ? { payload } : {}) });
      assertError(unknown, 401, 'invalid_api_key', `${method} ${url} with an unknown key`);
    }
    assert.equal((await list(ctx.app, apiKey)).length, 1, 'no refused request created or deleted anything');
    // The session itself is good: it is refused here because rule 1 wants a key, not because it is stale.
    assert.equal((await call(ctx.app, 'GET', '/api/auth/me', browser(sessionId))).statusCode, 200);
  });

  it('another account\'s webhook is as unknown as one that never existed, and stays untouched', async () => {
    const a = await signUpWithKey(ctx, 'wh-owner');
    const b = await signUpWithKey(ctx, 'wh-other');
    const { id } = await webhookFor(ctx.app, a.apiKey, HOOK);
    const mine = await webhookFor(ctx.app, b.apiKey, `${HOOK}/b`);
    assertError(await call(ctx.app, 'GET', `/api/webhooks/${id}`, bearer(b.apiKey)), 404, 'not_found', 'B reads A\'s');
    assertError(await call(ctx.app, 'DELETE', `/api/webhooks/${id}`, bearer(b.apiKey)), 404, 'not_found', 'B deletes A\'s');
    assert.deepEqual((await list(ctx.app, b.apiKey)).map((w) => w.id), [mine.id], 'B lists only its own');
    assert.equal((await getWebhook(ctx.app, a.apiKey, id as string)).id, id, 'A\'s webhook survived B\'s DELETE');
  });

  it('unknown and malformed ids → 404 not_found on GET and DELETE, pointing to the list', async () => {
    const { apiKey } = await signUpWithKey(ctx, 'wh-ids');
    for (const id of [`wh_${'0'.repeat(22)}`, 'x', 'wh_short', 'y'.repeat(200)]) {
      for (const method of ['GET', 'DELETE'] as const) {
        const message = assertError(await call(ctx.app, method, `/api/webhooks/${id}`, bearer(apiKey)), 404, 'not_found', `${method} ${id.slice(0, 30)}`);
        assert.match(message, /GET \/api\/webhooks/, 'says where to find the real ids');
      }
    }
  });

  it('there is no update: PUT/PATCH on a webhook and PUT/PATCH/DELETE on the collection → 405 with Allow', async () => {
    const { apiKey } = await signUpWithKey(ctx, 'wh-405');
    const { id } = await webhookFor(ctx.app, apiKey, HOOK);
    const cases = [
      ['PUT', `/api/webhooks/${id}`, 'DELETE, GET, HEAD'], ['PATCH', `/api/webhooks/${id}`, 'DELETE, GET, HEAD'],
      ['PUT', '/api/webhooks', 'GET, HEAD, POST'], ['PATCH', '/api/webhooks', 'GET, HEAD, POST'], ['DELETE', '/api/webhooks', 'GET, HEAD, POST'],
    ] as const;
    for (const [method, url, allow] of cases) {
      const res = await call(ctx.app, method, url, bearer(apiKey));
      assert.match(assertError(res, 405, 'method_not_allowed', `${method} ${url}`), new RegExp(`use ${allow}\\.$`));
      assert.equal(res.headers.allow, allow, `${method} ${url}: Allow lists the real methods`);
    }
    assert.equal((await list(ctx.app, apiKey)).length, 1, 'none of them deleted anything');
  });

  it('refuses a url that is not an absolute https URL without credentials or fragment, saying what to do', async () => {
    const { apiKey } = await signUpWithKey(ctx, 'wh-url-form');
    const cases: ReadonlyArray<readonly [string, RegExp]> = [
      ['http://example.com/x', /^url must use https:\/\/, not http:\/\//],
      ['ftp://example.com/x', /^url must be an https:\/\/ URL, not ftp:/],
      ['not a url', /^url is not a valid absolute URL: send the full https:\/\/ address/],
      ['', /^url must not be empty/],
      ['https://user:pw@example.com/', /^url must not contain a user name or password/],
      ['https://example.com/#x', /^url must not contain a fragment.*remove it/],
      [`https://example.com/${'a'.repeat(2040)}`, /^url is too long: at most 2048 characters/],
    ];
    for (const [url, message] of cases) {
      const res = await createWebhook(ctx.app, apiKey, { url });
      assert.match(assertError(res, 400, 'validation_error', JSON.stringify(url.slice(0, 40))), message);
    }
    assert.deepEqual(await list(ctx.app, apiKey), [], 'nothing was registered');
  });

  it('refuses loopback, private, link-local, CGNAT, multicast, reserved and IPv4-mapped IP literals, even with localhost allow-listed', async () => {
    // The allow-list names host names; 127.0.0.1 written as a literal is not "localhost".
    const { apiKey } = await signUpWithKey(ctx, 'wh-url-ip');
    const literals = ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '224.0.0.1', '240.0.0.1', '0.0.0.0',
      '2130706433', // 127.0.0.1 in decimal: the URL parser normalises it, the check must see the result
      '[::]', '[::1]', '[fe80::1]', '[fc00::1]', '[::ffff:127.0.0.1]', '[::ffff:10.0.0.1]'];
    for (const host of literals) {
      const res = await createWebhook(ctx.app, apiKey, { url: `https://${host}/hooks` });
      assert.match(assertError(res, 400, 'validation_error', host), NON_PUBLIC);
    }
    assert.deepEqual(await list(ctx.app, apiKey), []);
  });

  it('a host name that does not resolve → 400 saying so', async () => {
    const { apiKey } = await signUpWithKey(ctx, 'wh-nxdomain');
    const message = assertError(await createWebhook(ctx.app, apiKey, { url: 'https://no-such-host.invalid/hooks' }), 400, 'validation_error', '.invalid host');
    assert.match(message, /^url has a host name that does not resolve: check the spelling/);
  });

  it('refuses a malformed body with a 400 naming the field, never a 500', async () => {
    const { apiKey } = await signUpWithKey(ctx, 'wh-body');
    const cases: ReadonlyArray<readonly [unknown, RegExp]> = [
      [{}, /^url is required: add it to the request body/],
      [{ url: 5 }, /^url must be a string, not the number 5/],
      [{ url: HOOK, events: [] }, /^events must contain at least 1 element/],
      [{ url: HOOK, events: ['invoice.paid'] }, /^events\[0\] the string "invoice\.paid" is not supported: use one of invoice\.generated, batch\.generated/],
      [{ url: HOOK, events: 'invoice.generated' }, /^events must be a JSON array/],
      [{ url: HOOK, events: ['invoice.generated', 'invoice.generated'] }, /^events lists the same value twice \(elements 0 and 1\): send each value once\.$/],
      [{ url: HOOK, extra: 1 }, /^The request body has a key "extra" that is not one of its fields: remove it/],
      // Short as typed, too long as stored and sent: the limit is on the percent-encoded URL.
      [{ url: `https://localhost:8443/${'é'.repeat(400)}` }, /^url is 2423 characters long once percent-encoded; at most 2048 are accepted/],
    ];
    for (const [payload, message] of cases) {
      assert.match(assertError(await createWebhook(ctx.app, apiKey, payload), 400, 'validation_error', JSON.stringify(payload)), message);
    }
    const notJson = await ctx.app.inject({ method: 'POST', url: '/api/webhooks', payload: '{"url": ', headers: { ...bearer(apiKey), 'content-type': 'application/json' } });
    assert.match(assertError(notJson, 400, 'invalid_json', 'truncated JSON'), /not valid JSON/);
    const text = await ctx.app.inject({ method: 'POST', url: '/api/webhooks', payload: `url=${HOOK}`, headers: { ...bearer(apiKey), 'content-type': 'text/plain' } });
    assert.match(assertError(text, 400, 'invalid_json', 'text/plain'), /Content-Type: application\/json/);
    assert.deepEqual(await list(ctx.app, apiKey), [], 'nothing was registered');
  });

  it('at most 10 per account (D28): the 11th is refused naming the limit; after a DELETE there is room again', async () => {
    const { apiKey } = await signUpWithKey(ctx, 'wh-limit');
    const ids: string[] = [];
    for (let i = 0; i < 10; i += 1) ids.push((await webhookFor(ctx.app, apiKey, `${HOOK}/${i}`)).id as string);
    const message = assertError(await createWebhook(ctx.app, apiKey, { url: `${HOOK}/11` }), 400, 'validation_error', '11th');
    assert.match(message, /already has 10 webhooks.*delete one with DELETE \/api\/webhooks\/\{id\}/);
    assert.equal((await list(ctx.app, apiKey)).length, 10);
    // Another account is not affected by this one's count.
    await webhookFor(ctx.app, (await signUpWithKey(ctx, 'wh-limit-b')).apiKey, HOOK);
    assert.equal((await call(ctx.app, 'DELETE', `/api/webhooks/${ids[3]}`, bearer(apiKey))).statusCode, 200);
    await webhookFor(ctx.app, apiKey, `${HOOK}/again`);
    assert.equal((await list(ctx.app, apiKey)).length, 10);
  });

  it('6 concurrent registrations on an account with 8 → exactly 2 accepted (SQLite)', async () => {
    await sixAtOnceOnEight(ctx);
  });

  it('the OpenAPI document names the four operations with their stable operationIds', async () => {
    const res = await call(ctx.app, 'GET', '/openapi.json');
    assert.equal(res.statusCode, 200);
    const paths = body(res).paths as Json;
    assert.equal(paths['/api/webhooks']?.get?.operationId, 'listWebhooks');
    assert.equal(paths['/api/webhooks']?.post?.operationId, 'createWebhook');
    assert.equal(paths['/api/webhooks/{id}']?.get?.operationId, 'getWebhook');
    assert.equal(paths['/api/webhooks/{id}']?.delete?.operationId, 'deleteWebhook');
    assert.equal(paths['/api/webhooks/{id}']?.put, undefined, 'no update operation is documented');
    assert.equal(paths['/api/webhooks/{id}']?.patch, undefined);
  });
});

describe('webhook endpoints without localhost allow-listed', () => {
  let ctx: AccountsApp;
  // An allow-list that names another host: only exact names are exempt.
  before(async () => { ctx = await startAccountsApp({ env: { OUTBOUND_ALLOW_HOSTS: 'other.example' } }); });
  after(async () => { await ctx.close(); });

  it('refuses https://localhost/ because it resolves to loopback, without revealing the address', async () => {
    const { apiKey } = await signUpWithKey(ctx, 'wh-localhost');
    for (const url of ['https://localhost/', HOOK, 'https://LOCALHOST:8443/x']) {
      const message = assertError(await createWebhook(ctx.app, apiKey, { url }), 400, 'validation_error', url);
      assert.match(message, NON_PUBLIC);
      for (const address of ['127.0.0.1', '::1']) assert.ok(!message.includes(address), `${url}: the message must not reveal ${address}: ${message}`);
    }
    assert.deepEqual(await list(ctx.app, apiKey), []);
  });
});

describe('webhook registration race on PostgreSQL', () => {
  let ctx: AccountsApp;
  before(async () => { ctx = await startAccountsApp({ postgres: true, env: ALLOW_LOCALHOST }); });
  after(async () => { await ctx.close(); });

  it('6 concurrent registrations on an account with 8 → exactly 2 accepted (the account row lock)', async () => {
    await sixAtOnceOnEight(ctx);
  });
});
