import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Ajv } from 'ajv';
import ajvFormats from 'ajv-formats';
import { InvoiceRequestSchema } from '../../src/domain/invoice/invoice-request-schema.ts';
import { compileInParts } from '../../src/requests/compile-in-parts.ts';
import { invoiceRequestValidator } from '../../src/requests/invoice-request-validator.ts';
import { AJV_FORMATS_OPTIONS, AJV_OPTIONS } from '../../src/schemas/ajv-options.ts';
import { TEN_LINE_INVOICE } from '../../bench/ten-line-invoice.ts';
import { EINVOICE_FIXTURES } from '../helpers/einvoice-fixtures.ts';

/** The schema compiled whole, as Ajv does by default: the validator in parts must agree with it to the byte. */
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
    ['to: an unknown field', (b) => { (b.to as Json).vat = 'x'; }],
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
    ['a delivery address with an unknown field', (b) => { b.ship_to = { name: 'X', floor: 3 }; }],
    ['a top-level field of the wrong type', (b) => { b.notes = 7; }],
  ];
  for (const [name, change] of cases) {
    it(`${name}: the same outcome and failures as the schema compiled whole`, () => {
      const body = base();
      change(body);
      assert.equal(invoiceRequestValidator(body), whole(body));
      assert.deepEqual(invoiceRequestValidator.errors, whole.errors ?? null);
    });
  }

  it('every e-invoice fixture, as sent: the same outcome and failures as the schema compiled whole', () => {
    for (const fixture of EINVOICE_FIXTURES) {
      assert.equal(invoiceRequestValidator(fixture.request), whole(fixture.request), fixture.name);
      assert.deepEqual(invoiceRequestValidator.errors, whole.errors ?? null, fixture.name);
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
