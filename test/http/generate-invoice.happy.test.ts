import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, validInvoice, type TestApp } from '../helpers/build-test-app.ts';

type Json = Record<string, any>;

describe('POST /api/generate-invoice — JSON output', () => {
  let t: TestApp;
  before(async () => { t = await buildTestApp(); });
  after(async () => { await t.close(); });

  async function generate(body: unknown): Promise<{ status: number; json: Json; headers: Json }> {
    const res = await t.app.inject({ method: 'POST', url: '/api/generate-invoice', payload: body as Json });
    return { status: res.statusCode, json: res.json() as Json, headers: res.headers };
  }

  it('answers {success, invoice, meta, anonymous} with X-Request-Id', async () => {
    // The real plan table (the shared app of this file has no limits): one request counted.
    const own = await buildTestApp({ PLAN_LIMITS: '{}' });
    const res = await own.app.inject({ method: 'POST', url: '/api/generate-invoice', payload: validInvoice() });
    await own.close();
    const { status, json, headers } = { status: res.statusCode, json: res.json() as Json, headers: res.headers as Json };
    assert.equal(status, 200);
    assert.deepEqual(Object.keys(json).sort(), ['anonymous', 'invoice', 'meta', 'success']);
    assert.equal(json.success, true);
    assert.equal(json.anonymous, true);
    assert.match(headers['content-type'], /^application\/json/);
    assert.match(headers['x-request-id'], /^req_[A-Za-z0-9_-]{16}$/);
    assert.equal(json.meta.request_id, headers['x-request-id']);
    assert.ok(Number.isInteger(json.meta.processing_ms) && json.meta.processing_ms >= 0);
    assert.deepEqual(Object.keys(json.meta.rate_limits).sort(), ['hourly', 'monthly_equivalent', 'weekly']);
    assert.equal(json.meta.rate_limits.hourly.limit, 20);
    assert.equal(json.meta.rate_limits.weekly.limit, 100);
    assert.equal(json.meta.rate_limits.monthly_equivalent, 433);
    assert.ok(json.meta.rate_limits.hourly.reset_at > Date.now() / 1000);
    assert.equal(json.meta.rate_limits.hourly.reset_at % 3600, 0);
    assert.deepEqual(json.meta.credits_remaining, { hourly: 19, weekly: 99 });
    assert.equal(json.meta.rate_limits.hourly.used, 1);
    assert.equal(json.meta.monthly, undefined, 'meta.monthly is for authenticated callers only (D22)');
  });

  it('computes the spec facts: 12 × 25 less 10 % = 270; 2 × 100 at 20 % = 240; 3000 at 22 % = 3660', async () => {
    const a = await generate({ ...validInvoice(), items: [{ description: 'A', quantity: 12, unit_price: 25, discount: 10 }] });
    assert.equal(a.json.invoice.items[0].line_total, 270);
    const b = await generate({ ...validInvoice(), items: [{ description: 'B', quantity: 2, unit_price: 100, tax_rate: 20 }] });
    assert.equal(b.json.invoice.grand_total, 240);
    const c = await generate({ ...validInvoice(), global_tax: 22, items: [{ description: 'C', quantity: 1, unit_price: 3000 }] });
    assert.equal(c.json.invoice.subtotal, 3000);
    assert.equal(c.json.invoice.grand_total, 3660);
  });

  it('the example invoice adds up', async () => {
    const { json } = await generate(validInvoice());
    const inv = json.invoice;
    assert.equal(inv.subtotal, 370);
    assert.equal(inv.total_tax, 74);
    assert.equal(inv.grand_total, 444);
    assert.equal(inv.balance_due, 444);
    assert.equal(inv.status, 'unpaid');
    assert.deepEqual(inv.tax_lines, [{ name: 'VAT', rate: 20, tax_category: 'S', taxable_amount: 370, amount: 74 }]);
  });

  it('accepts every field of the request and echoes what belongs on the invoice', async () => {
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const party = { name: 'Acme', address: 'A\nB', email: 'a@acme.example', phone: '+49 30 1', tax_id: 'DE1', registration_no: 'HRB 1', website: 'https://acme.example', logo: png };
    const payment = {
      pay_to: 'Acme', bank_name: 'Bank', account_name: 'Acme GmbH', account_number: '123', routing_number: '456',
      iban: 'DE89370400440532013000', swift: 'COBADEFFXXX', instructions: 'Quote the number', method_note: 'SEPA',
      status: 'partial', qr: { type: 'text', value: 'pay me' },
    };
    const body = {
      from: party, to: { ...party, logo: undefined }, ship_to: { name: 'Dock', address: 'Pier 4' },
      invoice: { number: 'N-1', date: '2026-01-10', due_date: '2026-02-10', po_number: 'PO', terms: 'Net 30', currency: 'GBP', language: 'it', title: 'Fattura', tax_inclusive: false },
      items: [
        { description: 'A', quantity: 1.5, unit: 'hrs', unit_price: 80, discount: 10, discount_type: 'amount', tax_rate: 20 },
        { description: 'B', quantity: 2, unit_price: 10, discount: 5, discount_type: 'percent', taxes: [{ name: 'X', rate: 1 }, { rate: 2 }] },
        { description: 'C', unit_price: 5 },
      ],
      global_taxes: [{ name: 'G', rate: 3 }], global_discount: 1, global_discount_type: 'amount',
      shipping: 4.5, shipping_label: 'Corriere', deposit: 10, rounding: 'nearest', rounding_increment: 0.05, amount_paid: 50,
      payment, template: 'navy', accent_color: '#0A1B2C', signature: png, output: 'json', page_size: 'letter',
      features: { hosted_link: false, qr: false }, notes: 'Grazie', refund_policy: '14 days', footer: 'Acme GmbH · Berlin',
    };
    const { status, json } = await generate(body);
    assert.equal(status, 200, JSON.stringify(json));
    const inv = json.invoice;
    // D45: a logo sent as a data: URI is left out of the echo; the rest of the party is echoed.
    const { logo: _dataUri, ...echoedParty } = party;
    assert.deepEqual(inv.from, echoedParty);
    assert.deepEqual(inv.payment, payment);
    assert.deepEqual(inv.ship_to, { name: 'Dock', address: 'Pier 4' });
    assert.equal(inv.number, 'N-1');
    assert.equal(inv.title, 'Fattura');
    assert.equal(inv.template, 'navy');
    assert.equal(inv.status, 'partial', 'an explicit payment.status wins (D10)');
    assert.deepEqual(inv.tax_lines.map((l: Json) => [l.name, l.rate]), [['IVA', 20], ['X', 1], ['IVA', 2], ['G', 3]]);
    assert.equal(inv.items[2].taxes[0].name, 'G');
    assert.equal(inv.shipping_label, 'Corriere');
    assert.equal(inv.deposit, 10);
    assert.equal(Math.round(inv.grand_total * 100) % 5, 0, 'rounded to 0.05');
    for (const key of ['notes', 'refund_policy', 'footer', 'terms', 'po_number', 'due_date', 'accent_color']) assert.ok(inv[key] !== undefined, key);
  });

  describe('defaults (D14, D15)', () => {
    it('fills every default', async () => {
      const { json } = await generate({ from: { name: 'A' }, to: { name: 'B' }, items: [{ description: 'Thing' }] });
      const inv = json.invoice;
      const today = new Date().toISOString().slice(0, 10);
      assert.equal(inv.currency, 'USD');
      assert.equal(inv.language, 'en');
      assert.equal(inv.template, 'classic');
      assert.equal(inv.page_size, 'a4');
      assert.equal(inv.title, 'INVOICE');
      assert.equal(inv.date, today);
      assert.equal(inv.due_date, undefined);
      assert.equal(inv.tax_inclusive, false);
      assert.equal(inv.items[0].quantity, 1);
      assert.equal(inv.items[0].unit_price, 0);
      assert.equal(inv.items[0].line_total, 0);
      assert.deepEqual(inv.items[0].taxes, []);
      assert.equal(inv.shipping, 0);
      assert.equal(inv.shipping_label, 'Shipping');
      assert.equal(inv.deposit, 0);
      assert.equal(inv.amount_paid, 0);
      assert.equal(inv.rounding_adjustment, 0);
      assert.equal(inv.grand_total, 0);
      assert.equal(inv.status, 'paid', 'D10: a grand total of 0 is paid');
      assert.equal(inv.hosted_url, undefined, 'D14: anonymous callers get no hosted link');
      assert.equal(inv.qr, undefined, 'D14: anonymous callers get no QR');
      assert.match(inv.number, new RegExp(`^INV-${today.replaceAll('-', '')}-[A-Z2-7]{6}$`));
    });

    it('numbers anonymous invoices with the issue date and random base32 (D15)', async () => {
      const numbers = new Set<string>();
      for (let i = 0; i < 5; i++) {
        const { json } = await generate({ ...validInvoice(), invoice: { date: '2026-03-31' } });
        assert.match(json.invoice.number, /^INV-20260331-[A-Z2-7]{6}$/);
        numbers.add(json.invoice.number);
      }
      assert.equal(numbers.size, 5);
    });

    it('keeps a number the caller sends in invoice.number', async () => {
      const { json } = await generate({ ...validInvoice(), invoice: { number: 'ACME-0042' } });
      assert.equal(json.invoice.number, 'ACME-0042');
    });

    it('defaults the title to the language\'s heading', async () => {
      const { json } = await generate({ ...validInvoice(), invoice: { language: 'de' } });
      assert.equal(json.invoice.title, 'RECHNUNG');
      assert.equal(json.invoice.tax_lines[0].name, 'MwSt.');
    });

    it('explicit features false is allowed for anonymous callers', async () => {
      const { status } = await generate({ ...validInvoice(), features: { hosted_link: false, qr: false }, output: 'json' });
      assert.equal(status, 200);
    });
  });

  describe('aliases (D13)', () => {
    const camel = {
      from: { name: 'A', taxId: 'DE1', registrationNo: 'HRB 1' },
      to: { name: 'B' },
      shipTo: { name: 'Warehouse', address: 'Dock 4' },
      invoice: { dueDate: '2026-12-31', poNumber: 'PO-7', taxInclusive: false, date: '2026-12-01' },
      items: [
        { description: 'X', quantity: 2, unitPrice: 50, discountType: 'amount', discount: 10, taxRate: 10 },
        { description: 'Y', unitPrice: 100, taxes: [{ name: 'GST', rate: 5 }] },
        { description: 'Z', unitPrice: 100 },
      ],
      globalTaxes: [{ name: 'Levy', rate: 1 }],
      globalDiscount: 10,
      globalDiscountType: 'amount',
      shippingLabel: 'Courier',
      shipping: 5,
      amountPaid: 20,
      accentColor: '#112233',
      refundPolicy: 'None',
      roundingIncrement: 1,
      pageSize: 'letter',
      payment: { payTo: 'Acme', bankName: 'Bank', accountName: 'Acme GmbH', accountNumber: '1', routingNumber: '2', methodNote: 'SEPA' },
      features: { hostedLink: false },
    };

    it('accepts camelCase at every level', async () => {
      const { status, json } = await generate(camel);
      assert.equal(status, 200, JSON.stringify(json));
      const inv = json.invoice;
      assert.equal(inv.from.tax_id, 'DE1');
      assert.equal(inv.from.registration_no, 'HRB 1');
      assert.deepEqual(inv.ship_to, { name: 'Warehouse', address: 'Dock 4' });
      assert.equal(inv.due_date, '2026-12-31');
      assert.equal(inv.po_number, 'PO-7');
      assert.equal(inv.items[0].line_total, 90);
      assert.equal(inv.items[0].discount, 10);
      assert.deepEqual(inv.items[0].taxes.map((x: Json) => x.rate), [10]);
      assert.deepEqual(inv.items[1].taxes.map((x: Json) => x.name), ['GST']);
      assert.deepEqual(inv.items[2].taxes.map((x: Json) => x.name), ['Levy']);
      assert.equal(inv.global_discount, 10);
      assert.equal(inv.shipping_label, 'Courier');
      assert.equal(inv.amount_paid, 20);
      assert.equal(inv.accent_color, '#112233');
      assert.equal(inv.refund_policy, 'None');
      assert.equal(inv.page_size, 'letter');
      assert.equal(inv.payment.pay_to, 'Acme');
      assert.equal(inv.payment.bank_name, 'Bank');
      assert.equal(inv.payment.account_name, 'Acme GmbH');
      assert.equal(inv.payment.routing_number, '2');
      assert.equal(inv.payment.method_note, 'SEPA');
    });

    it('gives the same invoice for the camelCase and the snake_case form', async () => {
      const snake = {
        from: { name: 'A', tax_id: 'DE1', registration_no: 'HRB 1' },
        to: { name: 'B' },
        ship_to: { name: 'Warehouse', address: 'Dock 4' },
        invoice: { due_date: '2026-12-31', po_number: 'PO-7', tax_inclusive: false, date: '2026-12-01' },
        items: [
          { description: 'X', quantity: 2, unit_price: 50, discount_type: 'amount', discount: 10, tax_rate: 10 },
          { description: 'Y', unit_price: 100, taxes: [{ name: 'GST', rate: 5 }] },
          { description: 'Z', unit_price: 100 },
        ],
        global_taxes: [{ name: 'Levy', rate: 1 }],
        global_discount: 10,
        global_discount_type: 'amount',
        shipping_label: 'Courier',
        shipping: 5,
        amount_paid: 20,
        accent_color: '#112233',
        refund_policy: 'None',
        rounding_increment: 1,
        page_size: 'letter',
        payment: { pay_to: 'Acme', bank_name: 'Bank', account_name: 'Acme GmbH', account_number: '1', routing_number: '2', method_note: 'SEPA' },
        features: { hosted_link: false },
      };
      const a = (await generate(camel)).json.invoice;
      const b = (await generate(snake)).json.invoice;
      delete a.number;
      delete b.number;
      assert.deepEqual(a, b);
    });

    it('accepts camelCase payment.qr and features.qr keys', async () => {
      const { status } = await generate({ ...validInvoice(), payment: { qr: { type: 'url', value: 'https://pay.example/1' } }, features: { qr: false, hostedLink: false } });
      assert.equal(status, 200);
    });

    it('accepts flat invoice metadata at the top level', async () => {
      const { status, json } = await generate({
        from: { name: 'A' }, to: { name: 'B' }, items: [{ description: 'X', unit_price: 10 }],
        number: 'F-1', date: '2026-05-01', dueDate: '2026-05-31', po_number: 'PO-1', terms: 'Net 30',
        currency: 'JPY', language: 'fr', title: 'Facture pro forma', taxInclusive: true,
      });
      assert.equal(status, 200, JSON.stringify(json));
      const inv = json.invoice;
      assert.equal(inv.number, 'F-1');
      assert.equal(inv.date, '2026-05-01');
      assert.equal(inv.due_date, '2026-05-31');
      assert.equal(inv.po_number, 'PO-1');
      assert.equal(inv.terms, 'Net 30');
      assert.equal(inv.currency, 'JPY');
      assert.equal(inv.language, 'fr');
      assert.equal(inv.title, 'Facture pro forma');
      assert.equal(inv.tax_inclusive, true);
    });

    it('lets the nested value win over the flat one', async () => {
      const { json } = await generate({ ...validInvoice(), currency: 'GBP', invoice: { currency: 'CHF', date: '2026-01-01' }, date: '2025-01-01' });
      assert.equal(json.invoice.currency, 'CHF');
      assert.equal(json.invoice.date, '2026-01-01');
    });

    it('lets the snake_case spelling win when both are sent', async () => {
      const body = validInvoice();
      (body.items as Json[])[1] = { description: 'L', unit_price: 100, unitPrice: 999 };
      const { json } = await generate(body);
      assert.equal(json.invoice.items[1].unit_price, 100);
    });

    it('ignores a top-level invoice_number and invoiceNumber', async () => {
      for (const key of ['invoice_number', 'invoiceNumber']) {
        const { status, json } = await generate({ ...validInvoice(), [key]: 'MINE-1' });
        assert.equal(status, 200);
        assert.notEqual(json.invoice.number, 'MINE-1');
        assert.match(json.invoice.number, /^INV-/);
      }
    });

    it('refuses unknown fields, naming them (D46; test/http/unknown-fields.test.ts has the cases)', async () => {
      const { status, json } = await generate({ ...validInvoice(), colour_scheme: 'dark', extra: { deep: [1, 2] } });
      assert.equal(status, 400);
      assert.deepEqual(json.error.unknown_fields, [{ field: 'colour_scheme' }, { field: 'extra' }]);
    });
  });
});
