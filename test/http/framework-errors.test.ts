import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, validInvoice, type TestApp } from '../helpers/build-test-app.ts';

interface ErrorBody { success: boolean; error: { code: string; message: string } }

describe('errors outside the invoice schema (D16)', () => {
  let t: TestApp;
  before(async () => { t = await buildTestApp(); });
  after(async () => { await t.close(); });

  const post = (payload: string | Buffer, contentType: string | undefined = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/generate-invoice',
      headers: contentType === undefined ? {} : { 'content-type': contentType },
      payload,
    });

  function assertError(res: { statusCode: number; body: string; headers: Record<string, unknown> }, status: number, code: string, mention?: RegExp): ErrorBody {
    assert.equal(res.statusCode, status, res.body);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    const json = JSON.parse(res.body) as ErrorBody;
    assert.equal(json.success, false);
    assert.equal(json.error.code, code);
    assert.ok(json.error.message.length > 10);
    if (mention) assert.match(json.error.message, mention);
    return json;
  }

  it('unknown route → 404 not_found', async () => {
    assertError(await t.app.inject({ method: 'GET', url: '/api/nothing-here' }), 404, 'not_found', /\/api\/nothing-here/);
  });

  it('unknown route with a query string does not echo the query', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/nope?t=secret-signature' });
    const json = assertError(res, 404, 'not_found');
    assert.doesNotMatch(json.error.message, /secret-signature/);
  });

  it('wrong method on a known path → 405 method_not_allowed with Allow', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/generate-invoice' });
    assertError(res, 405, 'method_not_allowed', /POST/);
    assert.equal(res.headers.allow, 'POST');
  });

  it('a trailing slash reaches the same route', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/generate-invoice/', payload: validInvoice() });
    assert.equal(res.statusCode, 200, res.body);
    assertError(await t.app.inject({ method: 'GET', url: '/api/generate-invoice/' }), 405, 'method_not_allowed');
  });

  it('DELETE on health → 405 with Allow: GET, HEAD', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/health' });
    assertError(res, 405, 'method_not_allowed');
    assert.equal(res.headers.allow, 'GET, HEAD');
  });

  // The router's own refusals must not use Fastify's body, which echoes the path (it may hold a
  // link signature) and has no X-Request-Id: every answer has D16's shape and the id.
  for (const [method, url] of [
    ['GET', `/api/i/${'a'.repeat(300)}?sig=${'s'.repeat(40)}`],
    ['GET', `/api/webhooks/wh_${'b'.repeat(300)}`],
    ['DELETE', `/api/webhooks/wh_${'b'.repeat(300)}`],
  ] as const) {
    it(`${method} ${url.slice(0, 16)}… with a 300-character id → 414 uri_too_long with X-Request-Id, not echoing the path`, async () => {
      const res = await t.app.inject({ method, url });
      const json = assertError(res, 414, 'uri_too_long', /longer than 200 characters/);
      assert.deepEqual(Object.keys(json).sort(), ['error', 'success']);
      assert.deepEqual(Object.keys(json.error).sort(), ['code', 'message']);
      assert.match(String(res.headers['x-request-id']), /^req_[A-Za-z0-9_-]{16}$/);
      assert.doesNotMatch(res.body, /aaaa|bbbb|ssss/);
      await new Promise((resolve) => setImmediate(resolve));
      assert.ok(t.logs.some((line) => line.msg === 'request' && line.reqId === res.headers['x-request-id'] && line.status === 414), 'the 414 is in the access log under its id');
    });
  }

  it('a malformed %-escape in the path → 400 bad_request in D16 shape with X-Request-Id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/i/%zz' });
    assertError(res, 400, 'bad_request', /%20/);
    assert.match(String(res.headers['x-request-id']), /^req_/);
    assert.doesNotMatch(res.body, /FST_ERR|statusCode/);
  });

  it('404, 405, 413 and 400 answers all carry X-Request-Id', async () => {
    const big = validInvoice();
    big.notes = 'x'.repeat(8 * 1024 * 1024 + 10);
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/nothing-here' }),
      await t.app.inject({ method: 'GET', url: '/api/generate-invoice' }),
      await t.app.inject({ method: 'OPTIONS', url: '/api/batch' }),
      await post(JSON.stringify(big)),
      await post('{"from":'),
      await post('x', 'text/plain'),
    ]) {
      assert.ok([400, 404, 405, 413].includes(res.statusCode), `${res.statusCode} ${res.body.slice(0, 200)}`);
      assert.match(String(res.headers['x-request-id']), /^req_[A-Za-z0-9_-]{16}$/, res.body.slice(0, 200));
      assert.equal((res.json() as ErrorBody).success, false);
    }
  });

  it('malformed JSON → 400 invalid_json', async () => {
    assertError(await post('{"from": {"name": "A"},'), 400, 'invalid_json', /not valid JSON/);
  });

  it('a JSON body truncated in the middle of a string → 400 invalid_json', async () => {
    assertError(await post(JSON.stringify(validInvoice()).slice(0, 40)), 400, 'invalid_json');
  });

  it('non-JSON content type → 400 invalid_json naming Content-Type', async () => {
    assertError(await post('from=a&to=b', 'application/x-www-form-urlencoded'), 400, 'invalid_json', /Content-Type: application\/json/);
  });

  it('text/plain body → 400 invalid_json', async () => {
    assertError(await post(JSON.stringify(validInvoice()), 'text/plain'), 400, 'invalid_json');
  });

  it('empty JSON body → 400 invalid_json', async () => {
    assertError(await post(''), 400, 'invalid_json', /empty/);
  });

  it('no body and no content type → 400 naming the body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/generate-invoice' });
    assert.equal(res.statusCode, 400, res.body);
    assert.match((res.json() as ErrorBody).error.message, /body/);
  });

  it('a JSON array instead of an object → 400 validation_error naming the body', async () => {
    assertError(await post('[1,2,3]'), 400, 'validation_error', /request body must be a JSON object/);
  });

  it('a JSON string → 400 validation_error', async () => {
    assertError(await post('"invoice"'), 400, 'validation_error', /body/);
  });

  it('__proto__ key anywhere → 400 validation_error naming its path', async () => {
    const payload = JSON.stringify(validInvoice()).replace('"description":"Licence"', '"description":"Licence","__proto__":{"polluted":1}');
    assertError(await post(payload), 400, 'validation_error', /items\[1\]\.__proto__/);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('constructor key at the top → 400 validation_error', async () => {
    const payload = JSON.stringify({ ...validInvoice(), constructor: { prototype: {} } });
    assertError(await post(payload), 400, 'validation_error', /constructor/);
  });

  it('a \\u-escaped __proto__ key is caught too', async () => {
    const payload = JSON.stringify(validInvoice()).replace('{"from":', '{"\\u005f_proto__":{"x":1},"from":');
    assertError(await post(payload), 400, 'validation_error', /__proto__/);
  });

  it('the word constructor inside a value is fine', async () => {
    const body = validInvoice();
    (body.items as Record<string, unknown>[])[0]!.description = 'constructor of the prototype';
    const res = await post(JSON.stringify(body));
    assert.equal(res.statusCode, 200, res.body);
  });

  it('a body over 8 MB → 413 payload_too_large naming the limit', async () => {
    const body = validInvoice();
    body.notes = 'x'.repeat(8 * 1024 * 1024 + 10);
    assertError(await post(JSON.stringify(body)), 413, 'payload_too_large', /8 MB/);
  });

  it('a field nested 100,000 deep is refused quickly, not parsed (D16, hostile input)', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const payload = JSON.stringify(validInvoice()).replace('{"from":', `{"junk":${deep},"from":`);
    const started = performance.now();
    assertError(await post(payload), 400, 'validation_error', /more than 5064 JSON objects and arrays/);
    assert.ok(performance.now() - started < 1000);
  });

  it('an 8 MB body of brackets is refused in well under a second', async () => {
    const n = 4 * 1024 * 1024 - 16;
    const started = performance.now();
    assertError(await post('['.repeat(n) + ']'.repeat(n)), 400, 'validation_error', /JSON objects and arrays/);
    assert.ok(performance.now() - started < 1000, `took ${performance.now() - started} ms`);
  });

  it('an object of 500,000 keys is refused before it is parsed', async () => {
    const keys = Array.from({ length: 500_000 }, (_, i) => `"k${i}":1`).join(',');
    const payload = JSON.stringify(validInvoice()).replace('{"from":', `{"junk":{${keys}},"from":`);
    const started = performance.now();
    assertError(await post(payload), 400, 'validation_error', /more than 14644 object keys/);
    assert.ok(performance.now() - started < 1000, `took ${performance.now() - started} ms`);
  });

  it('brackets inside strings do not count, and 1,000-deep nesting under the limit is harmless', async () => {
    const body = validInvoice();
    body.notes = '['.repeat(4000);
    (body.items as Record<string, unknown>[])[0]!.description = '{'.repeat(1000);
    // Under the camelCase twins of fields the body has: the canonical spelling wins and the twin is
    // not read (unknown fields are refused, D46), but the parser and its shape count see them all.
    body.refund_policy = 'r';
    body.refundPolicy = Array.from({ length: 30 }, () => ({ list: ['x'.repeat(10)], text: '[[[[{{{{'.repeat(100) }));
    body.amount_paid = 0;
    body.amountPaid = JSON.parse('['.repeat(1000) + ']'.repeat(1000));
    body.shipping_label = 'Shipping';
    body.shippingLabel = ':'.repeat(4000) + 'x'.repeat(10) + ':'.repeat(50_000);
    const res = await post(JSON.stringify(body));
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
  });

  it('an API key that no account holds → 401 invalid_api_key', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/generate-invoice',
      headers: { 'content-type': 'application/json', authorization: 'Bearer inv_0000000000000000000000000000000000000000' },
      payload: JSON.stringify(validInvoice()),
    });
    assertError(res, 401, 'invalid_api_key', /API key/);
  });

  for (const [field, value] of [['output', 'pdf'], ['output', 'ubl'], ['features', { hosted_link: true }], ['features', { qr: true }]] as const) {
    it(`anonymous ${field}=${JSON.stringify(value)} → 403 auth_required`, async () => {
      const res = await post(JSON.stringify({ ...validInvoice(), [field]: value }));
      assertError(res, 403, 'auth_required', field === 'output' ? /output/ : /features\./);
    });
  }
});
