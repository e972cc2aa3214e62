import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { InvoiceRequestSchema } from '../../src/domain/invoice/invoice-request-schema.ts';
import Type from 'typebox';
import { jsonShapeLimits, largestJsonShape } from '../../src/requests/json-shape-limits.ts';
import { bearer, body, signUpWithKey, startAccountsApp, type AccountsApp, type Json } from '../helpers/accounts-helpers.ts';

/**
 * The JSON shape limits (objects and arrays, object keys, counted before JSON.parse) are sized
 * per route from its largest legal body. Each route's largest legal body is accepted, a body
 * padded to exactly the limit too (an invoice with the camelCase twins of two of its fields,
 * which the canonical spelling outranks and nobody reads; other routes with unknown fields), and
 * one object or one key more is refused with a message naming the limit. The figures are the
 * ones docs/hostile-input.md lists; a schema change that moves them fails here first.
 */

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const MAX_OBJECT_MEMBERS = 20_000;

/** Objects and arrays, and object members, of a parsed JSON value: counted apart from the code under test. */
function shapeOf(value: unknown): { containers: number; members: number } {
  let containers = 0;
  let members = 0;
  const stack = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      containers += 1;
      stack.push(...node);
    } else if (typeof node === 'object' && node !== null) {
      containers += 1;
      members += Object.keys(node).length;
      stack.push(...Object.values(node));
    }
  }
  return { containers, members };
}

const text = (length: number, char = 'x') => char.repeat(length);

/**
 * The largest legal invoice: every documented field, strings at their maximum length (images
 * aside: two 3.5 MB data: URIs are a byte question, D27), 100 lines of 10 tax components each and
 * 10 global tax components, 10 charges per line, 20 allowances and 20 charges (D37). Left out: tax_rate on the lines and global_tax, which may not be sent
 * together with taxes and global_taxes.
 */
function largestInvoice(taxesPerLine = 10): Json {
  // An address in parts (D34) is the larger branch of the address union: an object and its lines.
  const address = (country: string) => ({ lines: [text(200, 'a'), text(200, 'b'), text(200, 'c')], city: text(100, 'C'), postal_code: text(20, '9'), region: text(100, 'R'), country });
  const party = (name: string) => ({
    name: text(200, name), address: address('DE'), email: `${text(240)}@example.com`, phone: text(50, '1'), tax_id: text(50, 'T'),
    tax_registration_id: text(50, 'X'), registration_no: text(50, 'R'), registration_scheme: '0002',
    identifier: { value: text(100, 'I'), scheme: '0088' }, electronic_address: { scheme: '0088', value: text(200, 'E') },
    contact: { name: text(200, 'K'), phone: text(50, '2'), email: `${text(240)}@example.org` },
    website: text(500, 'w'), country: 'DE', logo: PNG,
  });
  return {
    from: party('A'),
    to: party('B'),
    ship_to: { name: text(200, 'S'), address: address('FR'), country: 'FR' },
    invoice: {
      number: text(64, 'N'), date: '2026-11-02', due_date: '2026-12-02', po_number: text(100, 'P'), terms: text(1000),
      currency: 'EUR', language: 'en', title: text(100, 'I'), tax_inclusive: false,
      buyer_reference: text(200, 'B'), delivery_date: '2026-11-01', period: { start: '2026-10-01', end: '2026-10-31' },
      contract_reference: text(200, 'V'), project_reference: text(200, 'J'),
    },
    items: Array.from({ length: 100 }, (_, i) => ({
      description: `${i} ${text(990)}`, quantity: 2, unit: text(20, 'u'), unit_price: 10.5, discount: 5, discount_type: 'percent',
      item_id: text(100, 'i'), note: text(1000, 'n'), unit_code: 'C62', period: { start: '2026-10-01', end: '2026-10-31' },
      // Exempt (D36) with its reason and code: the components are then at rate 0.
      tax_category: 'E', tax_exemption_reason: text(1000, 'e'), tax_exemption_code: 'VATEX-EU-132-1A',
      charges: Array.from({ length: 10 }, (_, k) => ({ amount: 0.5, reason: `${k} ${text(190, 'c')}`, reason_code: 'ABL' })),
      taxes: Array.from({ length: taxesPerLine }, (_, k) => ({ name: `${k} ${text(90, 'G')}`, rate: 0 })),
    })),
    global_taxes: Array.from({ length: 10 }, (_, k) => ({ name: `${k} ${text(90, 'H')}`, rate: 0 })),
    tax_category: 'E', tax_exemption_reason: text(1000, 'f'), tax_exemption_code: 'VATEX-EU-132-1A',
    global_discount: 1, global_discount_type: 'percent',
    shipping: 4.95, shipping_label: text(100, 'L'), deposit: 1,
    // D37: taxed shipping by components (exclusive with shipping_tax_rate), 20 allowances and 20 charges
    // (each with amount or percent, not both), all in the lines' category.
    shipping_taxes: Array.from({ length: 10 }, (_, k) => ({ name: `${k} ${text(90, 'S')}`, rate: 0 })), shipping_tax_category: 'E',
    allowances: Array.from({ length: 20 }, (_, k) => ({ amount: 0.1, reason: `${k} ${text(190, 'a')}`, reason_code: '95', tax_category: 'E', tax_rate: 0 })),
    charges: Array.from({ length: 20 }, (_, k) => ({ percent: 0.1, reason: `${k} ${text(190, 'h')}`, reason_code: 'ABL', tax_category: 'E', tax_rate: 0 })),
    rounding: 'nearest', rounding_increment: 0.05, amount_paid: 1,
    payment: {
      pay_to: text(200), bank_name: text(200), account_name: text(200), account_number: text(64, '1'), routing_number: text(64, '2'),
      iban: 'DE89370400440532013000', swift: 'COBADEFFXXX', instructions: text(2000), method_note: text(500), status: 'partial',
      means_code: '59', mandate_reference: text(100, 'M'), creditor_id: text(100, 'Z'), debtor_iban: text(64, 'D'),
      card: { last4: '1234', holder: text(200, 'H'), network: text(50, 'N') },
      qr: { type: 'url', value: 'https://example.com/pay' },
    },
    template: 'classic', accent_color: '#1A73E8', signature: PNG, output: 'json', page_size: 'a4',
    // An invoice that refers to an earlier one (a corrected invoice): a credit note takes no payment QR.
    profile: 'en16931', document_type: 'invoice', billing_reference: { number: text(64, 'F'), date: '2026-10-02' },
    features: { hosted_link: false, qr: false },
    notes: text(5000), refund_policy: text(5000), footer: text(1000),
    custom_fields: Array.from({ length: 10 }, (_, k) => ({ label: `${k} ${text(38, 'L')}`, value: text(200, 'v') })),
    metadata: Object.fromEntries(Array.from({ length: 50 }, (_, k) => [`${k} ${text(37, 'm')}`, text(500, 'd')])),
  };
}

/**
 * `value` with top-level fields added so that it holds exactly `containers` objects and arrays and
 * `members` keys: `names[0]`, an array of objects of at most 20,000 keys each (the most one object
 * may hold), then `names[1]`, an array of empty objects.
 */
function padTo(value: Json, target: { containers: number; members: number }, names: readonly [string, string] = ['pad_keys', 'pad_objects']): Json {
  const start = shapeOf(value);
  const keys = target.members - start.members - 2; // pad_keys and pad_objects are keys too
  const holders = Math.ceil(keys / MAX_OBJECT_MEMBERS);
  const pad_keys = Array.from({ length: holders }, (_, h) =>
    Object.fromEntries(Array.from({ length: Math.min(MAX_OBJECT_MEMBERS, keys - h * MAX_OBJECT_MEMBERS) }, (_, i) => [`k${i}`, 0])));
  const empties = target.containers - start.containers - (1 + holders) - 1;
  assert.ok(keys >= 0 && empties >= 0, `cannot pad ${JSON.stringify(start)} to ${JSON.stringify(target)}`);
  const padded = { ...value, [names[0]]: pad_keys, [names[1]]: Array.from({ length: empties }, () => ({})) };
  assert.deepEqual(shapeOf(padded), target);
  return padded;
}

const SHAPE_REFUSAL = /holds more than \d+ (JSON objects and arrays|object keys)|an object with more than/;

function refusedForShape(res: LightMyRequestResponse): boolean {
  return res.statusCode === 400 && SHAPE_REFUSAL.test(res.body);
}

describe('the largest legal body by the schema (json-shape-limits.ts)', () => {
  it('largestJsonShape counts the largest legal invoice: every object and array of it, and its keys plus the 143 exclusive ones', () => {
    const counted = shapeOf(largestInvoice());
    assert.deepEqual(counted, { containers: 2500, members: 7147 });
    assert.ok(!JSON.stringify(largestInvoice()).includes('undefined'));
    // Exclusive: tax_rate beside taxes (100 lines) and global_tax beside global_taxes; amount beside
    // percent (40 allowances and charges); shipping_tax_rate beside shipping_taxes; rounding_amount
    // beside a rounding mode.
    assert.deepEqual(largestJsonShape(InvoiceRequestSchema), { containers: counted.containers, members: counted.members + 143 });
  });

  it('counts arrays at maxItems, unions at their largest branch, and lists of strings as one array', () => {
    assert.deepEqual(largestJsonShape(Type.Object({ a: Type.Array(Type.Object({ b: Type.Number(), c: Type.Object({}) }), { maxItems: 3 }) })), { containers: 1 + 1 + 3 * 2, members: 1 + 3 * 2 });
    assert.deepEqual(largestJsonShape(Type.Union([Type.Object({ email: Type.String() }), Type.Null()])), { containers: 1, members: 1 });
    assert.deepEqual(largestJsonShape(Type.Object({ tags: Type.Array(Type.String()) })), { containers: 2, members: 1 });
    assert.deepEqual(jsonShapeLimits(undefined), { maxContainers: 64, maxMembers: 64 });
    // A map of the caller's own keys counts at its maxProperties.
    assert.deepEqual(largestJsonShape({ type: 'object', additionalProperties: { type: 'string' }, maxProperties: 5 }), { containers: 1, members: 5 });
  });

  it('a schema that does not bound its shape cannot size a route: the route must name its limits', () => {
    for (const unbounded of [Type.Object({ rows: Type.Array(Type.Object({ a: Type.Number() })) }), Type.Object({ anything: Type.Unknown() })]) {
      assert.throws(() => jsonShapeLimits(unbounded), /does not bound how many objects and arrays a body holds .* give the route config\.jsonShape/);
    }
  });
});

describe('JSON shape limits per route, each sized from its largest legal body', () => {
  let ctx: AccountsApp;
  let key: Record<string, string>;
  before(async () => {
    ctx = await startAccountsApp();
    key = bearer((await signUpWithKey(ctx, 'shape')).apiKey);
  });
  after(async () => { await ctx?.close(); });

  const post = (url: string, payload: Json, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(payload) });

  /** Padded to exactly the limits: accepted (`accepted` judges the answer); one object more, and one key more: refused naming the limit. */
  async function atAndOverTheLimits(url: string, largest: Json, limits: { containers: number; members: number }, accepted: (res: LightMyRequestResponse) => void, headers: Record<string, string> = {}, names?: readonly [string, string]): Promise<void> {
    accepted(await post(url, padTo(largest, limits, names), headers));
    const oneObjectMore = await post(url, padTo(largest, { ...limits, containers: limits.containers + 1 }, names), headers);
    assert.equal(oneObjectMore.statusCode, 400, oneObjectMore.body.slice(0, 300));
    assert.equal(body(oneObjectMore).error.code, 'validation_error');
    assert.match(body(oneObjectMore).error.message, new RegExp(`^The request body holds more than ${limits.containers} JSON objects and arrays, the most this endpoint takes`));
    const oneKeyMore = await post(url, padTo(largest, { ...limits, members: limits.members + 1 }, names), headers);
    assert.equal(oneKeyMore.statusCode, 400, oneKeyMore.body.slice(0, 300));
    assert.match(body(oneKeyMore).error.message, new RegExp(`^The request body holds more than ${limits.members} object keys, the most this endpoint takes`));
  }

  const ok = (res: LightMyRequestResponse) => assert.equal(res.statusCode, 200, res.body.slice(0, 500));
  const allGenerated = (count: number) => (res: LightMyRequestResponse) => {
    ok(res);
    assert.equal(body(res).meta.generated, count, res.body.slice(0, 500));
  };

  it('POST /api/batch: 50 invoices × 100 lines × 2 tax components (20,500 objects and arrays) are all generated', async () => {
    // Without the caller's own data, whose long texts would pass the 32 MB byte limit, a question of its own.
    const invoices = Array.from({ length: 50 }, () => {
      const { metadata: _metadata, custom_fields: _customFields, ...invoice } = largestInvoice(2);
      return invoice;
    });
    assert.ok(shapeOf({ invoices }).containers > 20_000, 'more than the old limit of 20,000');
    allGenerated(50)(await post('/api/batch', { invoices }, key));
  });

  it('POST /api/generate-invoice: the largest legal invoice → 200; at 5064 objects and arrays and 14644 keys → 200; one more → 400', async () => {
    ok(await post('/api/generate-invoice', largestInvoice(), key));
    // Padded under the camelCase twins of global_taxes and shipping_taxes: unknown fields are refused (D46).
    await atAndOverTheLimits('/api/generate-invoice', largestInvoice(), { containers: 5064, members: 14_644 }, ok, key, ['globalTaxes', 'shippingTaxes']);
  });

  it('POST /api/batch: the largest legal batch (50 of the largest invoices) → 200; at 250068 and 729066 → 200; one more → 400', async () => {
    // The largest by shape; its long texts are cut to 64 characters, since 50 invoices with every
    // text at its maximum length would pass the byte limit (D27), which is a question of its own.
    const shortTexts = (key: string, value: unknown) => (typeof value === 'string' && value.length > 64 && !value.includes('@') && !value.startsWith('data:') ? value.slice(0, 64) : value);
    const largest = { invoices: Array.from({ length: 50 }, () => JSON.parse(JSON.stringify(largestInvoice()), shortTexts) as Json) };
    assert.ok(Buffer.byteLength(JSON.stringify(largest)) < 32 * 1024 * 1024, 'within the 32 MB byte limit (D27)');
    allGenerated(50)(await post('/api/batch', largest, key));
    await atAndOverTheLimits('/api/batch', largest, { containers: 250_068, members: 729_066 }, allGenerated(50), key);
  });

  it('an object of more than 20,000 keys is refused on every route, also within the route\'s total', async () => {
    const wide = { invoices: [largestInvoice(2)], pad: Object.fromEntries(Array.from({ length: MAX_OBJECT_MEMBERS + 1 }, (_, i) => [`k${i}`, 0])) };
    const res = await post('/api/batch', wide, key);
    assert.equal(res.statusCode, 400, res.body.slice(0, 300));
    assert.match(body(res).error.message, /^The request body holds an object with more than 20000 keys/);
  });

  // The account and webhook routes: their largest legal bodies are small; their limits too.
  const longEmail = `${text(300)}@example.com`;
  for (const [url, largest, limits] of [
    ['/api/auth/register', { email: longEmail, password: text(1024) }, { containers: 66, members: 68 }],
    ['/api/auth/login', { email: longEmail, password: text(1024) }, { containers: 66, members: 68 }],
    ['/api/auth/forgot-password', { email: longEmail }, { containers: 66, members: 66 }],
    ['/api/auth/resend-verification', { email: longEmail }, { containers: 66, members: 66 }],
    ['/api/auth/reset-password', { token: text(200), password: text(1024) }, { containers: 66, members: 68 }],
    ['/api/auth/logout', {}, { containers: 64, members: 64 }],
    ['/api/webhooks', { url: `https://example.com/${text(2028)}`, events: ['invoice.generated', 'batch.generated'] }, { containers: 68, members: 68 }],
  ] as const) {
    it(`POST ${url}: its largest legal body and one padded to ${limits.containers} objects and arrays and ${limits.members} keys are not refused for their shape; one more is`, async () => {
      const notRefusedForShape = (res: LightMyRequestResponse) => assert.ok(!refusedForShape(res), `${res.statusCode} ${res.body.slice(0, 300)}`);
      const headers = url === '/api/webhooks' ? key : {};
      notRefusedForShape(await post(url, largest, headers));
      await atAndOverTheLimits(url, largest, limits, notRefusedForShape, headers);
    });
  }
});
