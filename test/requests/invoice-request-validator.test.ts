import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Ajv } from 'ajv';
import ajvFormats from 'ajv-formats';
import { InvoiceRequestSchema } from '../../src/domain/invoice/invoice-request-schema.ts';
import { compileInParts } from '../../src/requests/compile-in-parts.ts';
import { invoiceRequestValidator } from '../../src/requests/invoice-request-validator.ts';
import { normalizeInvoiceRequest } from '../../src/requests/normalize-invoice-request.ts';
import { AJV_FORMATS_OPTIONS, AJV_OPTIONS } from '../../src/schemas/ajv-options.ts';
import { TEN_LINE_INVOICE } from '../../bench/ten-line-invoice.ts';
import { EINVOICE_FIXTURES } from '../helpers/einvoice-fixtures.ts';

/**
 * The schema compiled whole, as Ajv does by default: on a request the reader has read (every entry
 * reads before it validates), the validator in parts must agree with it to the byte.
 */
const ajv = new Ajv({ ...AJV_OPTIONS });
ajvFormats.default(ajv, AJV_FORMATS_OPTIONS);
const whole = ajv.compile(InvoiceRequestSchema);

type Json = Record<string, unknown>;
const base = (): Json => structuredClone(TEN_LINE_INVOICE) as Json;
const items = (body: Json) => body.items as Json[];

describe('invoiceRequestValidator (compiled in parts)', () => {
  const cases: [string, (body: Json) => void][] = [
    ['a valid invoice', () => {}],
    ['no from', (b) => { delete b.from; }],
    ['from not an object', (b) => { b.from = 'Acme'; }],
    ['to: the address object with a number for its city', (b) => { (b.to as Json).address = { lines: ['1 Road'], city: 5 }; }],
    ['an item without description', (b) => { delete items(b)[3]!.description; }],
    ['a quantity above its maximum', (b) => { items(b)[2]!.quantity = 1e12; }],
    ['a unit price as a malformed decimal string', (b) => { items(b)[9]!.unit_price = '1e5'; }],
    ['a tax component with a string rate of letters', (b) => { items(b)[0]!.taxes = [{ name: 'A', rate: 'x' }]; delete items(b)[0]!.tax_rate; }],
    ['items not a list', (b) => { b.items = {}; }],
    ['too many items', (b) => { b.items = Array.from({ length: 101 }, () => items(b)[0]); }],
    ['a currency not on the list', (b) => { (b.invoice as Json).currency = 'XXX'; }],
    ['a due date not a date', (b) => { (b.invoice as Json).due_date = '2026-1-2'; }],
    ['a payment IBAN of the wrong type', (b) => { b.payment = { iban: 5 }; }],
    ['a top-level field of the wrong type', (b) => { b.notes = 7; }],
  ];
  for (const [name, change] of cases) {
    it(`${name}: the same outcome and failures as the schema compiled whole`, () => {
      const raw = base();
      change(raw);
      const body = normalizeInvoiceRequest(raw);
      assert.equal(invoiceRequestValidator(body), whole(body));
      assert.deepEqual(invoiceRequestValidator.errors, whole.errors ?? null);
    });
  }

  it('every e-invoice fixture, as read: the same outcome and failures as the schema compiled whole', () => {
    for (const fixture of EINVOICE_FIXTURES) {
      const body = normalizeInvoiceRequest(structuredClone(fixture.request));
      assert.equal(invoiceRequestValidator(body), whole(body), fixture.name);
      assert.deepEqual(invoiceRequestValidator.errors, whole.errors ?? null, fixture.name);
    }
  });

  it('an unknown field, which the schema compiled whole refuses, is refused by the reader before the validator runs (D46)', () => {
    const cases: [string, (body: Json) => void][] = [
      ['to.vat', (b) => { (b.to as Json).vat = 'x'; }],
      ['ship_to.floor', (b) => { b.ship_to = { name: 'X', floor: 3 }; }],
      ['items[4].colour', (b) => { items(b)[4]!.colour = 'red'; }],
      ['invoice.period.from', (b) => { (b.invoice as Json).period = { start: '2026-11-01', from: '2026-11-01' }; }],
    ];
    for (const [field, change] of cases) {
      const body = base();
      change(body);
      assert.equal(whole(body), false, field);
      assert.equal(whole.errors![0]!.keyword, 'additionalProperties', field);
      assert.throws(() => normalizeInvoiceRequest(body), (error: Error & { code?: string }) => error.code === 'validation_error' && error.message.includes(field), field);
    }
  });
});

describe('compileInParts', () => {
  const schema = { type: 'object', properties: { a: { type: 'object', properties: { b: { type: 'number' } } } } };
  const partsAjv = new Ajv({ inlineRefs: false });

  it('refuses a part the schema does not have, or one inside another', () => {
    assert.throws(() => compileInParts(partsAjv, schema, [['c']]), /has no c/);
    assert.throws(() => compileInParts(partsAjv, schema, [['a'], ['a', 'b']]), /overlaps/);
  });

  it('names a failure inside a part by the whole schema\'s path', () => {
    const check = compileInParts(partsAjv, schema, [['a']]);
    assert.equal(check({ a: { b: 'x' } }), false);
    assert.equal(check.errors![0]!.schemaPath, '#/properties/a/properties/b/type');
    assert.equal(check.errors![0]!.instancePath, '/a/b');
  });
});
