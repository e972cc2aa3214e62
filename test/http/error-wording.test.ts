import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { mapValidationError } from '../../src/requests/map-validation-error.ts';
import { validateInvoiceRequest } from '../../src/requests/validate-invoice-request.ts';
import { buildTestApp, validInvoice, type TestApp } from '../helpers/build-test-app.ts';

/**
 * Messages say what the field must be, in words a caller can act on, never the
 * validator's jargon (a regular expression, "must NOT have", "not number Infinity"); a 413 gives
 * advice that fits its route.
 */

const JARGON = /must match|must NOT|anyOf|oneOf|\^\[|\{2\}|not number /;

type Json = Record<string, any>;

describe('validation messages in words (map-validation-error.ts)', () => {
  let t: TestApp;
  before(async () => { t = await buildTestApp({ LOG_LEVEL: 'silent' }); });
  after(async () => { await t?.close(); });

  /** Posts the invoice with `raw` put where the string "@RAW@" is (for numbers JSON.stringify cannot write). */
  async function errorFor(edit: (body: Json) => void, raw?: string): Promise<{ status: number; code: string; message: string }> {
    const body = validInvoice() as Json;
    edit(body);
    const text = raw === undefined ? JSON.stringify(body) : JSON.stringify(body).replace('"@RAW@"', raw);
    const res = await t.app.inject({ method: 'POST', url: '/api/generate-invoice', headers: { 'content-type': 'application/json' }, payload: text });
    const json = res.json() as { error: { code: string; message: string } };
    assert.doesNotMatch(json.error.message, JARGON);
    return { status: res.statusCode, ...json.error };
  }

  it('1e400 (Infinity once parsed) is "too large", with the field\'s maximum; not "must be a number, not number Infinity"', async () => {
    const error = await errorFor((b) => { b.items[0].unit_price = '@RAW@'; }, '1e400');
    assert.equal(error.status, 400);
    assert.equal(error.message, 'items[0].unit_price is too large to be read as a number: send a finite number up to 1000000000000.');
  });

  it('a 400-digit quantity and -1e400 say the same, with the bound on their side', async () => {
    assert.equal((await errorFor((b) => { b.items[1].quantity = '@RAW@'; }, '9'.repeat(400))).message,
      'items[1].quantity is too large to be read as a number: send a finite number up to 1000000000.');
    assert.equal((await errorFor((b) => { b.shipping = '@RAW@'; }, '-1e400')).message,
      'shipping is too large a negative number to be read: send a finite number of at least 0.');
  });

  it('a batch item is judged with the same words', () => {
    const raw = validInvoice() as Json;
    raw.items[0].unit_price = Infinity;
    assert.throws(() => validateInvoiceRequest(raw, 'invoice'), { message: 'items[0].unit_price is too large to be read as a number: send a finite number up to 1000000000000.' });
  });

  for (const [field, value] of [['from.country', 'Germany'], ['to.country', 'de'], ['ship_to.country', 'DEU']] as const) {
    it(`${field} ${JSON.stringify(value)} is explained as an ISO 3166-1 alpha-2 code with an example, not ^[A-Z]{2}$`, async () => {
      const error = await errorFor((b) => {
        if (field === 'ship_to.country') b.ship_to = { name: 'Depot', country: value };
        else b[field.split('.')[0]!].country = value;
      });
      assert.equal(error.status, 400);
      assert.equal(error.code, 'validation_error');
      assert.equal(error.message, `${field} must be an ISO 3166-1 alpha-2 country code: two capital letters such as DE, FR or US; got the string ${JSON.stringify(value)}.`);
    });
  }

  it('the other patterned fields say what they must be and quote what came', async () => {
    assert.equal((await errorFor((b) => { b.accent_color = 'red'; })).message, 'accent_color must be a colour written #RRGGBB, for example #1A73E8; got the string "red".');
    assert.match((await errorFor((b) => { b.from.email = 'nobody'; })).message, /^from\.email must be an e-mail address such as billing@example\.com; got the string "nobody"\.$/);
    assert.match((await errorFor((b) => { b.invoice.number = 'A\u0007'; })).message, /^invoice\.number must not contain control characters; got the string "A\\u0007"\.$/);
    assert.match((await errorFor((b) => { b.signature = 'ftp://x/y.png'; })).message, /^signature must be an https:\/\/ URL or a data:image\/png;base64, or data:image\/jpeg;base64, URI; got the string "ftp:\/\/x\/y\.png"\.$/);
  });

  it('a type error names the value in words ("not the number 5", "not true")', async () => {
    assert.equal((await errorFor((b) => { b.items[0].description = 5; })).message, 'items[0].description must be a string, not the number 5.');
    assert.equal((await errorFor((b) => { b.items[0].quantity = true; })).message, 'items[0].quantity must be a number (or the same number as a decimal string, such as "12.5"), not true.');
  });
});

describe('mapValidationError for keywords without a message of their own', () => {
  const schema = {
    type: 'object',
    properties: { code: { type: 'string', pattern: '^[A-Z]{3}$', description: 'Three capital letters, for example EUR.' } },
  };

  it('a pattern without a hint is explained by the field\'s schema description, never the expression', () => {
    const error = mapValidationError({ keyword: 'pattern', instancePath: '/code', schemaPath: '#/properties/code/pattern', params: { pattern: '^[A-Z]{3}$' } }, { code: 'eu' }, 'body', schema);
    assert.equal(error.message, 'code is not in the expected form (Three capital letters, for example EUR); got the string "eu".');
  });

  it('without a schema it points to /docs', () => {
    const error = mapValidationError({ keyword: 'pattern', instancePath: '/code', params: { pattern: '^[A-Z]{3}$' } }, { code: 'eu' });
    assert.equal(error.message, 'code is not in the expected form; see /docs for this field.');
  });

  it('anyOf, oneOf and other keywords give the field and /docs, not Ajv\'s words', () => {
    for (const keyword of ['anyOf', 'oneOf', 'not', 'if', 'dependentRequired']) {
      const error = mapValidationError({ keyword, instancePath: '/email', params: {}, message: `must match a schema in ${keyword}` }, { email: 1 });
      assert.equal(error.message, 'email is not valid here: check it against the documentation at /docs.');
    }
  });

  it('const names the one value allowed', () => {
    const error = mapValidationError({ keyword: 'const', instancePath: '/success', params: { allowedValue: true } }, { success: 'yes' });
    assert.equal(error.message, 'success must be true, not the string "yes".');
  });
});

describe('a 413 advises what fits the route', () => {
  let t: TestApp;
  before(async () => { t = await buildTestApp({ LOG_LEVEL: 'silent' }); });
  after(async () => { await t?.close(); });

  for (const [url, bytes, advice] of [
    ['/api/generate-invoice', 8 * 1024 * 1024 + 1, 'the limit here is 8 MB. Send smaller images (logo and signature: at most 2.5 MB each), or give them as https URLs.'],
    ['/api/batch', 32 * 1024 * 1024 + 1, 'the limit here is 32 MB. Send fewer invoices per batch, or smaller images (or give them as https URLs).'],
    ['/api/auth/login', 16 * 1024 + 1, 'the limit here is 16 KB. Send only the fields this endpoint documents (see /docs).'],
    ['/api/auth/register', 16 * 1024 + 1, 'the limit here is 16 KB. Send only the fields this endpoint documents (see /docs).'],
    ['/api/webhooks', 64 * 1024 + 1, 'the limit here is 64 KB. Send only the fields this endpoint documents (see /docs).'],
  ] as const) {
    it(`${url}: "${advice.slice(0, 40)}…"`, async () => {
      const payload = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(bytes) });
      const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
      assert.equal(res.statusCode, 413);
      const { error } = res.json() as { error: { code: string; message: string } };
      assert.equal(error.code, 'payload_too_large');
      assert.equal(error.message, `The request body is too large: ${advice}`);
    });
  }
});
