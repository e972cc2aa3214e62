import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, validInvoice, type TestApp } from '../helpers/build-test-app.ts';

type Body = Record<string, unknown>;
type Item = Record<string, unknown>;

/** Applies `edit` to a fresh valid request. */
function withEdit(edit: (body: Body) => void): Body {
  const body = validInvoice();
  edit(body);
  return body;
}
const item = (body: Body, i = 0): Item => (body.items as Item[])[i]!;
const invoice = (body: Body): Body => body.invoice as Body;

interface BadCase {
  name: string;
  body: Body;
  status: number;
  code: string;
  /** The field path the message must name. */
  field: string;
}

// At least 40 distinct bad inputs: each asserts status, code and that the message
// names the field path. Statuses and codes per D16; calculation errors are 422 (D1, D3, D9).
const cases: BadCase[] = [
  { name: 'no from', body: withEdit((b) => delete b.from), status: 400, code: 'validation_error', field: 'from' },
  { name: 'no to', body: withEdit((b) => delete b.to), status: 400, code: 'validation_error', field: 'to' },
  { name: 'no items', body: withEdit((b) => delete b.items), status: 400, code: 'validation_error', field: 'items' },
  { name: 'empty items', body: withEdit((b) => { b.items = []; }), status: 400, code: 'validation_error', field: 'items' },
  { name: '101 items', body: withEdit((b) => { b.items = Array.from({ length: 101 }, () => ({ description: 'x' })); }), status: 400, code: 'validation_error', field: 'items' },
  { name: 'items not an array', body: withEdit((b) => { b.items = { description: 'x' }; }), status: 400, code: 'validation_error', field: 'items' },
  { name: 'from.name missing', body: withEdit((b) => { b.from = { address: 'x' }; }), status: 400, code: 'validation_error', field: 'from.name' },
  { name: 'from.name empty', body: withEdit((b) => { b.from = { name: '' }; }), status: 400, code: 'validation_error', field: 'from.name' },
  { name: 'to.name too long', body: withEdit((b) => { b.to = { name: 'x'.repeat(201) }; }), status: 400, code: 'validation_error', field: 'to.name' },
  { name: 'from.email not an address', body: withEdit((b) => { (b.from as Body).email = 'not-an-email'; }), status: 400, code: 'validation_error', field: 'from.email' },
  { name: 'from.logo http URL', body: withEdit((b) => { (b.from as Body).logo = 'http://example.com/logo.png'; }), status: 400, code: 'validation_error', field: 'from.logo' },
  { name: 'signature gif data URI', body: withEdit((b) => { b.signature = 'data:image/gif;base64,R0lGOD'; }), status: 400, code: 'validation_error', field: 'signature' },
  { name: 'item description missing', body: withEdit((b) => { delete item(b).description; }), status: 400, code: 'validation_error', field: 'items[0].description' },
  { name: 'quantity as a string that is not a decimal (D38 takes "12")', body: withEdit((b) => { item(b).quantity = 'twelve'; }), status: 400, code: 'validation_error', field: 'items[0].quantity' },
  { name: 'quantity below −10^9 (a negative quantity is a return, D38, within the bound)', body: withEdit((b) => { item(b).quantity = -2_000_000_000; }), status: 400, code: 'validation_error', field: 'items[0].quantity' },
  { name: 'a negative line with a discount (D38)', body: withEdit((b) => { item(b).quantity = -1; }), status: 400, code: 'validation_error', field: 'items[0].discount' },
  { name: 'negative lines that make the invoice negative (D38)', body: withEdit((b) => { item(b).quantity = -100; delete item(b).discount; }), status: 422, code: 'calculation_error', field: 'grand total' },
  { name: 'huge quantity', body: withEdit((b) => { item(b).quantity = 1e10; }), status: 400, code: 'validation_error', field: 'items[0].quantity' },
  { name: 'negative unit_price', body: withEdit((b) => { item(b, 1).unit_price = -5; }), status: 400, code: 'validation_error', field: 'items[1].unit_price' },
  { name: 'unit_price null', body: withEdit((b) => { item(b, 1).unit_price = null; }), status: 400, code: 'validation_error', field: 'items[1].unit_price' },
  { name: 'unit_price 7 decimals', body: withEdit((b) => { item(b, 1).unit_price = 1.0000001; }), status: 400, code: 'validation_error', field: 'items[1].unit_price' },
  { name: 'unit_price 1e400 (Infinity)', body: withEdit((b) => { item(b, 1).unit_price = 'INF'; }), status: 400, code: 'validation_error', field: 'items[1].unit_price' },
  { name: 'percent discount over 100', body: withEdit((b) => { item(b).discount = 101; }), status: 400, code: 'validation_error', field: 'items[0].discount' },
  { name: 'discount_type unknown', body: withEdit((b) => { item(b).discount_type = 'fixed'; }), status: 400, code: 'validation_error', field: 'items[0].discount_type' },
  { name: 'amount discount over the line', body: withEdit((b) => { item(b, 1).discount = 150; item(b, 1).discount_type = 'amount'; }), status: 422, code: 'calculation_error', field: 'items[1].discount' },
  { name: 'tax_rate over 1000', body: withEdit((b) => { item(b).tax_rate = 1001; }), status: 400, code: 'validation_error', field: 'items[0].tax_rate' },
  { name: 'taxes and tax_rate together', body: withEdit((b) => { item(b).taxes = [{ name: 'GST', rate: 5 }]; }), status: 400, code: 'validation_error', field: 'items[0]' },
  { name: 'tax component without rate', body: withEdit((b) => { delete item(b).tax_rate; item(b).taxes = [{ name: 'GST' }]; }), status: 400, code: 'validation_error', field: 'items[0].taxes[0].rate' },
  { name: 'empty taxes array', body: withEdit((b) => { delete item(b).tax_rate; item(b).taxes = []; }), status: 400, code: 'validation_error', field: 'items[0].taxes' },
  { name: 'global_tax and global_taxes together', body: withEdit((b) => { b.global_tax = 10; b.global_taxes = [{ rate: 5 }]; }), status: 400, code: 'validation_error', field: 'global_tax' },
  { name: 'global_tax negative', body: withEdit((b) => { b.global_tax = -3; }), status: 400, code: 'validation_error', field: 'global_tax' },
  { name: 'global discount percent over 100', body: withEdit((b) => { b.global_discount = 120; }), status: 400, code: 'validation_error', field: 'global_discount' },
  { name: 'global discount amount over subtotal', body: withEdit((b) => { b.global_discount = 1000; b.global_discount_type = 'amount'; }), status: 422, code: 'calculation_error', field: 'global_discount' },
  { name: 'global_discount_type unknown', body: withEdit((b) => { b.global_discount_type = 'half'; }), status: 400, code: 'validation_error', field: 'global_discount_type' },
  { name: 'negative shipping', body: withEdit((b) => { b.shipping = -1; }), status: 400, code: 'validation_error', field: 'shipping' },
  { name: 'negative deposit', body: withEdit((b) => { b.deposit = -1; }), status: 400, code: 'validation_error', field: 'deposit' },
  { name: 'deposit over the grand total', body: withEdit((b) => { b.deposit = 100000; }), status: 422, code: 'calculation_error', field: 'deposit' },
  { name: 'negative amount_paid', body: withEdit((b) => { b.amount_paid = -0.01; }), status: 400, code: 'validation_error', field: 'amount_paid' },
  { name: 'rounding unknown', body: withEdit((b) => { b.rounding = 'bankers'; }), status: 400, code: 'validation_error', field: 'rounding' },
  { name: 'rounding_increment zero', body: withEdit((b) => { b.rounding = 'nearest'; b.rounding_increment = 0; }), status: 400, code: 'validation_error', field: 'rounding_increment' },
  { name: 'rounding_increment below the minor unit', body: withEdit((b) => { b.rounding = 'nearest'; b.rounding_increment = 0.005; }), status: 400, code: 'validation_error', field: 'rounding_increment' },
  { name: 'currency unknown', body: withEdit((b) => { invoice(b).currency = 'XYZ'; }), status: 400, code: 'invalid_currency', field: 'invoice.currency' },
  { name: 'currency lower-case', body: withEdit((b) => { invoice(b).currency = 'eur'; }), status: 400, code: 'invalid_currency', field: 'invoice.currency' },
  { name: 'flat currency unknown', body: withEdit((b) => { delete invoice(b).currency; b.currency = 'BTC'; }), status: 400, code: 'invalid_currency', field: 'invoice.currency' },
  { name: 'language unknown', body: withEdit((b) => { invoice(b).language = 'xx'; }), status: 400, code: 'invalid_language', field: 'invoice.language' },
  { name: 'template unknown', body: withEdit((b) => { b.template = 'fancy'; }), status: 400, code: 'invalid_template', field: 'template' },
  { name: 'output unknown', body: withEdit((b) => { b.output = 'docx'; }), status: 400, code: 'invalid_output', field: 'output' },
  { name: 'qr type unknown', body: withEdit((b) => { b.payment = { qr: { type: 'bitcoin', value: 'x' } }; }), status: 400, code: 'invalid_qr_type', field: 'payment.qr.type' },
  { name: 'payment status unknown', body: withEdit((b) => { b.payment = { status: 'overdue' }; }), status: 400, code: 'validation_error', field: 'payment.status' },
  { name: 'accent colour short form', body: withEdit((b) => { b.accent_color = '#fff'; }), status: 400, code: 'validation_error', field: 'accent_color' },
  { name: 'accent colour name', body: withEdit((b) => { b.accent_color = 'red'; }), status: 400, code: 'validation_error', field: 'accent_color' },
  { name: 'date not a calendar date', body: withEdit((b) => { invoice(b).date = '2026-02-30'; }), status: 400, code: 'validation_error', field: 'invoice.date' },
  { name: 'date in another format', body: withEdit((b) => { invoice(b).date = '02/11/2026'; }), status: 400, code: 'validation_error', field: 'invoice.date' },
  { name: 'due date before issue date', body: withEdit((b) => { invoice(b).due_date = '2026-11-01'; }), status: 400, code: 'validation_error', field: 'invoice.due_date' },
  { name: 'tax_inclusive as string', body: withEdit((b) => { invoice(b).tax_inclusive = 'yes'; }), status: 400, code: 'validation_error', field: 'invoice.tax_inclusive' },
  { name: 'invoice not an object', body: withEdit((b) => { b.invoice = 'INV-1'; }), status: 400, code: 'validation_error', field: 'invoice' },
  { name: 'invoice number with a newline', body: withEdit((b) => { invoice(b).number = 'INV\n1'; }), status: 400, code: 'validation_error', field: 'invoice.number' },
  { name: 'features.qr not boolean', body: withEdit((b) => { b.features = { qr: 'yes' }; }), status: 400, code: 'validation_error', field: 'features.qr' },
  { name: 'ship_to without name', body: withEdit((b) => { b.ship_to = { address: 'Dock 4' }; }), status: 400, code: 'validation_error', field: 'ship_to.name' },
  { name: 'notes too long', body: withEdit((b) => { b.notes = 'n'.repeat(5001); }), status: 400, code: 'validation_error', field: 'notes' },
  { name: 'page_size unknown', body: withEdit((b) => { b.page_size = 'a5'; }), status: 400, code: 'validation_error', field: 'page_size' },
  { name: 'line amount beyond the largest amount', body: withEdit((b) => { item(b).quantity = 1e9; item(b).unit_price = 1e12; }), status: 422, code: 'calculation_error', field: 'items[0]' },
];

describe('POST /api/generate-invoice — bad inputs', () => {
  let t: TestApp;
  before(async () => { t = await buildTestApp(); });
  after(async () => { await t.close(); });

  it('has at least 40 distinct cases', () => {
    assert.ok(cases.length >= 40, `only ${cases.length} cases`);
    assert.equal(new Set(cases.map((c) => c.name)).size, cases.length);
  });

  for (const c of cases) {
    it(`${c.name} → ${c.status} ${c.code} naming ${c.field}`, async () => {
      // 'INF' stands for a JSON number that overflows to Infinity, which JSON.stringify cannot write.
      const payload = JSON.stringify(c.body).replace('"INF"', '1e400');
      const res = await t.app.inject({ method: 'POST', url: '/api/generate-invoice', headers: { 'content-type': 'application/json' }, payload });
      const json = res.json() as { success: boolean; error: { code: string; message: string } };
      assert.equal(res.statusCode, c.status, res.body);
      assert.equal(json.success, false);
      assert.equal(json.error.code, c.code, json.error.message);
      assert.ok(json.error.message.includes(c.field), `message "${json.error.message}" does not name ${c.field}`);
      assert.match(res.headers['x-request-id'] as string, /^req_/);
    });
  }
});
