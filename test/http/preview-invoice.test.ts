import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildTestApp, validInvoice, type TestApp } from '../helpers/build-test-app.ts';
import { buildRequest } from '../../web/src/generator/build-request.ts';
import { emptyItem } from '../../web/src/generator/draft.ts';
import { bearer, browser, cookie, FOREIGN_ORIGIN, signUpWithKey, startAccountsApp } from './accounts-helpers.ts';
import { at, generate, manualClock, type Json } from './limits-helpers.ts';

/** Wednesday 13 January 2027, 10:05 UTC: inside the epoch-aligned 10:00–10:10 throttle window. */
const NOW = '2027-01-13T10:05:00Z';

function preview(app: FastifyInstance, payload: unknown, options: { ip?: string; headers?: Record<string, string> } = {}): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/preview-invoice',
    payload: payload as Json,
    remoteAddress: options.ip ?? '127.0.0.1',
    ...(options.headers === undefined ? {} : { headers: options.headers }),
  });
}

const json = (res: LightMyRequestResponse): Json => res.json() as Json;

/** A request exercising most of the engine: taxes, discounts, shipping, rounding, payment, text. */
function richInvoice(): Json {
  return {
    from: { name: 'Acme KK', address: 'Tokyo', country: 'JP' },
    to: { name: 'Globex', email: 'ap@globex.example' },
    ship_to: { name: 'Depot', address: 'Osaka' },
    invoice: { currency: 'JPY', language: 'ja', po_number: 'PO-9', terms: 'Net 30', title: 'Rechnung' },
    items: [
      { description: 'Design', quantity: 3.5, unit: 'hrs', unit_price: 12000, discount: 5, taxes: [{ name: 'CGST', rate: 9 }, { name: 'SGST', rate: 9 }] },
      { description: 'Hosting', quantity: 1, unit_price: 999, discount: 100, discount_type: 'amount' },
      { description: 'Support', unit_price: 5000, tax_rate: 0 },
    ],
    global_tax: 10,
    global_discount: 2,
    shipping: 1500,
    shipping_label: 'Courier',
    deposit: 1000,
    rounding: 'nearest',
    rounding_increment: 10,
    amount_paid: 2000,
    payment: { iban: 'DE89370400440532013000', instructions: 'Pay by transfer', status: 'partial' },
    template: 'navy',
    accent_color: '#112233',
    notes: 'Thank you',
    refund_policy: 'None',
    footer: 'Acme KK',
  };
}

function taxInclusiveInvoice(): Json {
  const body = validInvoice() as Json;
  body.invoice = { ...body.invoice, tax_inclusive: true, currency: 'GBP', language: 'de' };
  body.items = [{ description: 'Gross', quantity: 3, unit_price: 11.99, tax_rate: 20 }, { description: 'Other', quantity: 2, unit_price: 5, discount: 1, discount_type: 'amount' }];
  body.global_tax = 7;
  return body;
}

describe('POST /api/preview-invoice: the generator\'s live totals', () => {
  let t: TestApp;
  before(async () => { t = await buildTestApp({}, { clock: () => at(NOW) }); });
  after(async () => { await t.close(); });

  describe('happy path', () => {
    it('answers exactly the invoice generate-invoice computes for the same body, but for the number', async () => {
      const withoutDates = (): Json => {
        const body = validInvoice() as Json;
        body.invoice = { currency: 'EUR' }; // issue date defaults to today of the injected clock
        return body;
      };
      for (const [name, body] of [['validInvoice', validInvoice], ['rich', richInvoice], ['tax inclusive', taxInclusiveInvoice], ['no dates', withoutDates]] as const) {
        const previewed = await preview(t.app, body());
        assert.equal(previewed.statusCode, 200, `${name}: ${previewed.body}`);
        assert.match(String(previewed.headers['content-type']), /^application\/json/);
        assert.deepEqual(Object.keys(json(previewed)).sort(), ['invoice', 'preview', 'success'], 'no meta, no anonymous flag: nothing was generated');
        assert.equal(json(previewed).success, true);
        assert.equal(json(previewed).preview, true);

        const generated = await generate(t.app, body());
        assert.equal(generated.statusCode, 200, `${name}: ${generated.body}`);
        const real = json(generated).invoice as Json;
        assert.match(real.number, /^INV-\d{8}-[A-Z2-7]{6}$/, 'the anonymous generation drew a random number');
        assert.deepEqual(json(previewed).invoice, { ...real, number: 'PREVIEW' }, name);
      }
      const today = json(await preview(t.app, withoutDates())).invoice;
      assert.equal(today.date, '2027-01-13', 'the issue date is today by the app\'s clock');
    });

    it('keeps the number sent (nested or flat); else the number reads PREVIEW', async () => {
      const nested = validInvoice() as Json;
      nested.invoice.number = 'MY-0042';
      assert.equal(json(await preview(t.app, nested)).invoice.number, 'MY-0042');
      const flat = { ...validInvoice(), number: 'FLAT-7' };
      assert.equal(json(await preview(t.app, flat)).invoice.number, 'FLAT-7');
      assert.equal(json(await preview(t.app, validInvoice())).invoice.number, 'PREVIEW');
      // A top-level invoice_number is dropped for generate-invoice (D13), so for the preview too.
      assert.equal(json(await preview(t.app, { ...validInvoice(), invoice_number: 'IGNORED' })).invoice.number, 'PREVIEW');
    });

    it('accepts the camelCase aliases and flat metadata of D13', async () => {
      const snake = richInvoice();
      const camel: Json = {
        from: { name: 'Acme KK', address: 'Tokyo', country: 'JP' },
        to: { name: 'Globex', email: 'ap@globex.example' },
        shipTo: { name: 'Depot', address: 'Osaka' },
        currency: 'JPY', language: 'ja', poNumber: 'PO-9', terms: 'Net 30', title: 'Rechnung',
        items: [
          { description: 'Design', quantity: 3.5, unit: 'hrs', unitPrice: 12000, discount: 5, taxes: [{ name: 'CGST', rate: 9 }, { name: 'SGST', rate: 9 }] },
          { description: 'Hosting', quantity: 1, unitPrice: 999, discount: 100, discountType: 'amount' },
          { description: 'Support', unitPrice: 5000, taxRate: 0 },
        ],
        globalTax: 10, globalDiscount: 2, shipping: 1500, shippingLabel: 'Courier', deposit: 1000,
        rounding: 'nearest', roundingIncrement: 10, amountPaid: 2000,
        payment: { iban: 'DE89370400440532013000', instructions: 'Pay by transfer', status: 'partial' },
        template: 'navy', accentColor: '#112233', notes: 'Thank you', refundPolicy: 'None', footer: 'Acme KK',
      };
      const fromSnake = await preview(t.app, snake);
      const fromCamel = await preview(t.app, camel);
      assert.equal(fromCamel.statusCode, 200, fromCamel.body);
      assert.deepEqual(json(fromCamel), json(fromSnake));
      // The aliases were read, not ignored: an amount discount of 100 (not 100 %), the ship-to block, the rounding step.
      assert.equal(json(fromCamel).invoice.items[1].line_total, 899);
      assert.equal(json(fromCamel).invoice.ship_to.name, 'Depot');
      assert.equal(json(fromCamel).invoice.po_number, 'PO-9');
      assert.equal(json(fromCamel).invoice.grand_total % 10, 0);
    });

    it('takes what the generator page builds from a draft, and the API names a field typed wrong', async () => {
      const draft = {
        fields: {
          'from.name': 'Acme', 'to.name': 'Globex', 'invoice.currency': 'EUR', 'invoice.date': '2026-11-02',
          tax: 'CGST 9, SGST 9', shipping: '4.50', global_discount_type: 'percent', 'payment.qr.type': '', 'to.country': 'gb',
        },
        items: [{ ...emptyItem(), description: 'Work', quantity: '2', unit_price: '50' }, emptyItem()],
        images: {},
      };
      const ok = await preview(t.app, buildRequest(draft, { signedIn: false, withImages: false }).request);
      assert.equal(ok.statusCode, 200, ok.body);
      assert.equal(json(ok).invoice.grand_total, 122.5); // 100 + 9 + 9 + 4.50
      const typo = await preview(t.app, buildRequest({ ...draft, fields: { ...draft.fields, shipping: 'four' } }, { signedIn: false, withImages: false }).request);
      assert.equal(typo.statusCode, 400);
      assert.equal(json(typo).error.code, 'validation_error');
      assert.match(json(typo).error.message, /shipping/);
    });
  });

  describe('errors: the same status, code and message as generate-invoice', () => {
    const edit = (change: (body: Json) => void): Json => {
      const body = validInvoice() as Json;
      change(body);
      return body;
    };
    const cases: Array<[name: string, body: unknown, status: number, code: string]> = [
      ['missing from', edit((b) => { delete b.from; }), 400, 'validation_error'],
      ['missing to.name', edit((b) => { b.to = {}; }), 400, 'validation_error'],
      ['empty items', edit((b) => { b.items = []; }), 400, 'validation_error'],
      ['negative unit_price', edit((b) => { b.items[1].unit_price = -5; }), 400, 'validation_error'],
      ['quantity as text', edit((b) => { b.items[0].quantity = '12'; }), 400, 'validation_error'],
      ['bad currency', edit((b) => { b.invoice.currency = 'XYZ'; }), 400, 'invalid_currency'],
      ['lower-case currency alias', edit((b) => { delete b.invoice.currency; b.currency = 'eur'; }), 400, 'invalid_currency'],
      ['bad language', edit((b) => { b.invoice.language = 'xx'; }), 400, 'invalid_language'],
      ['bad template', edit((b) => { b.template = 'fancy'; }), 400, 'invalid_template'],
      ['bad output', edit((b) => { b.output = 'docx'; }), 400, 'invalid_output'],
      ['bad qr type', edit((b) => { b.payment = { qr: { type: 'bitcoin', value: 'x' } }; }), 400, 'invalid_qr_type'],
      ['no such date', edit((b) => { b.invoice.date = '2026-02-30'; }), 400, 'validation_error'],
      ['due before issue', edit((b) => { b.invoice.due_date = '2026-11-01'; }), 400, 'validation_error'],
      ['deposit over the total', edit((b) => { b.deposit = 100000; }), 422, 'calculation_error'],
      ['amount discount over the line', edit((b) => { b.items[1].discount = 150; b.items[1].discount_type = 'amount'; }), 422, 'calculation_error'],
      ['an array', [validInvoice()], 400, 'validation_error'],
      ['__proto__ key', '{"from":{"name":"A","__proto__":{"admin":true}},"to":{"name":"B"},"items":[{"description":"x"}]}', 400, 'validation_error'],
      ['malformed JSON', '{"from":', 400, 'invalid_json'],
    ];
    for (const [name, body, status, code] of cases) {
      it(`${name} → ${status} ${code}`, async () => {
        const send = (url: string) => t.app.inject({
          method: 'POST', url, remoteAddress: '198.51.100.7',
          ...(typeof body === 'string' ? { body, headers: { 'content-type': 'application/json' } } : { payload: body as Json }),
        });
        const previewed = await send('/api/preview-invoice');
        const generated = await send('/api/generate-invoice');
        assert.equal(previewed.statusCode, status, previewed.body);
        assert.equal(json(previewed).success, false);
        assert.equal(json(previewed).error.code, code);
        assert.ok(json(previewed).error.message.length > 0);
        assert.deepEqual(
          { status: previewed.statusCode, error: json(previewed).error },
          { status: generated.statusCode, error: json(generated).error },
        );
      });
    }

    it('a body over 8 MB is refused with 413 payload_too_large, as for generate-invoice', async () => {
      const body = { ...validInvoice(), notes: 'x'.repeat(8 * 1024 * 1024) };
      const previewed = await preview(t.app, body);
      assert.equal(previewed.statusCode, 413);
      assert.equal(json(previewed).error.code, 'payload_too_large');
      assert.deepEqual(json(previewed).error, json(await generate(t.app, body)).error);
    });

    it('answers 405 or 404 to other methods rather than computing anything', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/preview-invoice' });
      assert.ok([404, 405].includes(res.statusCode), String(res.statusCode));
      assert.equal(json(res).success, false);
    });
  });

  describe('security', () => {
    it('hands out no document: output pdf or ubl, features and images are checked but the answer is JSON totals only', async () => {
      const logo = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
      for (const output of ['pdf', 'ubl']) {
        const body = { ...validInvoice(), output, features: { hosted_link: true, qr: true }, signature: logo, payment: { qr: { type: 'url', value: 'https://pay.example/1' } } };
        const res = await preview(t.app, body);
        assert.equal(res.statusCode, 200, res.body);
        assert.match(String(res.headers['content-type']), /^application\/json/);
        assert.equal(res.headers['content-disposition'], undefined);
        assert.equal(res.headers['x-hosted-url'], undefined);
        const invoice = json(res).invoice;
        assert.equal(invoice.hosted_url, undefined, 'no hosted link for a preview');
        assert.equal(invoice.qr, undefined, 'no QR for a preview');
        // generate-invoice refuses the same body to an anonymous caller.
        assert.equal((await generate(t.app, body)).statusCode, 403);
      }
      const badImage = await preview(t.app, { ...validInvoice(), signature: 'data:image/gif;base64,R0lGOD' });
      assert.equal(badImage.statusCode, 400, 'images are still validated');
    });

    it('carries no rate-limit headers and no Set-Cookie: it counts in no generation window and reads no credential', async () => {
      const res = await preview(t.app, validInvoice(), { headers: { authorization: 'Bearer inv_not-a-real-key' } });
      assert.equal(res.statusCode, 200, 'an unknown key is not even looked at');
      assert.deepEqual(Object.keys(res.headers).filter((h) => h.startsWith('x-ratelimit') || h === 'set-cookie'), []);
    });
  });
});

for (const postgres of [false, true]) {
  describe(`previews draw no number and meter nothing (${postgres ? 'PostgreSQL' : 'SQLite'})`, () => {
    it('an account\'s previews by key and by session leave its numbers, its usage and its windows as they were', async () => {
      const ctx = await startAccountsApp({ postgres, env: { PLAN_LIMITS: '{}' }, clock: () => at(NOW) });
      try {
        const a = await signUpWithKey(ctx, 'preview');
        const usage = async () => {
          const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/usage', headers: bearer(a.apiKey) });
          assert.equal(res.statusCode, 200, res.body);
          return json(res).usage as Json;
        };
        const before = await usage();
        assert.equal(before.monthly.documents_used, 0);
        assert.equal(before.rate_limits.hourly.used, 0);

        for (const headers of [bearer(a.apiKey), browser(a.sessionId), cookie(a.sessionId), { ...cookie(a.sessionId), origin: FOREIGN_ORIGIN }]) {
          for (const output of ['json', 'pdf', 'ubl']) {
            const res = await preview(ctx.app, { ...validInvoice(), output }, { headers, ip: '192.0.2.80' });
            assert.equal(res.statusCode, 200, res.body);
            assert.equal(json(res).invoice.number, 'PREVIEW');
          }
        }
        assert.deepEqual(await usage(), before, 'previews are not metered and not counted');

        const first = await generate(ctx.app, validInvoice(), { apiKey: a.apiKey, ip: '192.0.2.80' });
        assert.equal(first.statusCode, 200, first.body);
        assert.equal(json(first).invoice.number, 'INV-2026-00001', 'no number was used up by the previews');
        assert.equal(first.headers['x-ratelimit-limit-hourly'], '40');
        assert.equal(first.headers['x-ratelimit-remaining-hourly'], '39');
        assert.equal(first.headers['x-ratelimit-remaining-weekly'], '399');
        assert.deepEqual(json(first).meta.credits_remaining, { hourly: 39, weekly: 399 });
        assert.equal(json(first).meta.monthly.documents_used, 0.1);

        // And an anonymous visitor's previews leave the address's window alone.
        for (let i = 0; i < 25; i++) assert.equal((await preview(ctx.app, validInvoice(), { ip: '192.0.2.81' })).statusCode, 200);
        const anonymous = await generate(ctx.app, validInvoice(), { ip: '192.0.2.81' });
        assert.equal(anonymous.statusCode, 200, '25 previews did not use up the 20 anonymous generations of the hour');
        assert.equal(anonymous.headers['x-ratelimit-remaining-hourly'], '19');
      } finally {
        await ctx.close();
      }
    });
  });
}

describe('the preview throttle (600 per client address per 10 minutes)', () => {
  it('refuses the 601st preview from one address with 429 and Retry-After; other addresses and generation are unaffected', async () => {
    const clock = manualClock(NOW);
    const t = await buildTestApp({}, { clock: clock.now });
    try {
      const ip = '192.0.2.60';
      const body = validInvoice();
      for (let sent = 0; sent < 600; sent += 50) {
        const batch = await Promise.all(Array.from({ length: 50 }, () => preview(t.app, body, { ip })));
        assert.deepEqual(batch.map((r) => r.statusCode), Array(50).fill(200), `previews ${sent + 1}–${sent + 50}`);
      }
      const refused = await preview(t.app, body, { ip });
      assert.equal(refused.statusCode, 429);
      assert.equal(json(refused).success, false);
      assert.equal(json(refused).error.code, 'rate_limit_exceeded');
      assert.equal(refused.headers['retry-after'], '300', 'the epoch-aligned window 10:00–10:10 ends in 5 minutes');
      assert.match(json(refused).error.message, /300 seconds/);
      // The IPv4-mapped IPv6 form is the same client.
      assert.equal((await preview(t.app, body, { ip: `::ffff:${ip}` })).statusCode, 429);

      assert.equal((await preview(t.app, body, { ip: '192.0.2.61' })).statusCode, 200, 'another address has its own count');
      assert.equal((await generate(t.app, body, { ip })).statusCode, 200, 'the throttle is the preview\'s own');
      // Invalid bodies are refused by validation before the throttle, with their own message.
      assert.equal((await preview(t.app, { ...body, items: [] }, { ip })).statusCode, 400);

      clock.advance(299_000);
      const almost = await preview(t.app, body, { ip });
      assert.equal(almost.statusCode, 429);
      assert.equal(almost.headers['retry-after'], '1');
      clock.advance(1_000);
      assert.equal((await preview(t.app, body, { ip })).statusCode, 200, 'a new window starts at 10:10');
    } finally {
      await t.close();
    }
  });
});
