import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveFieldRules, type FieldRule, type ObjectRule, type SchemaNode } from '../../src/requests/derive-field-rules.ts';
import { InvoiceRequestSchema } from '../../src/domain/invoice/invoice-request-schema.ts';

const RULES = deriveFieldRules(InvoiceRequestSchema as unknown as SchemaNode);

/** The rule at `path` (`items.taxes.name`: arrays are stepped through). */
function ruleAt(path: string): FieldRule {
  let object: ObjectRule = RULES;
  let field: FieldRule | undefined;
  for (const name of path.split('.')) {
    field = object.fields.get(name);
    assert.ok(field !== undefined, `${path}: no ${name}`);
    const value = field.value.array ?? field.value;
    if (value.object !== undefined) object = value.object;
  }
  return field!;
}

describe('deriveFieldRules: what the request reader does with each field, read from the schema once', () => {
  it('free text, with or without a pattern or format, is text: blank means absent where it is optional', () => {
    for (const path of [
      'notes', 'footer', 'refund_policy', 'shipping_label', 'from.phone', 'from.tax_id', 'from.email', 'from.country', 'from.website',
      'from.registration_scheme', 'from.contact.email', 'invoice.terms', 'invoice.number', 'invoice.date', 'invoice.due_date',
      'invoice.buyer_reference', 'invoice.period.start', 'items.note', 'items.unit', 'items.unit_code', 'items.taxes.name',
      'payment.iban', 'payment.means_code', 'payment.qr.value', 'accent_color', 'signature', 'billing_reference.date', 'custom_fields.value',
      'tax_exemption_code', 'allowances.reason', 'allowances.reason_code',
    ]) {
      assert.equal(ruleAt(path).value.string, 'text', path);
      assert.equal(ruleAt(path).required, false, path);
    }
  });

  it('a required text is text too, and stays for the schema to refuse when blank', () => {
    for (const path of ['from.name', 'to.name', 'ship_to.name', 'items.description', 'billing_reference.number', 'from.identifier.value', 'from.electronic_address.value', 'custom_fields.label']) {
      assert.deepEqual([ruleAt(path).value.string, ruleAt(path).required], ['text', true], path);
    }
  });

  it('enumerated codes and numbers that may come as decimal strings are codes: never removed', () => {
    for (const path of [
      'invoice.currency', 'invoice.language', 'template', 'output', 'profile', 'page_size', 'document_type', 'rounding', 'tax_category',
      'items.discount_type', 'items.tax_category', 'payment.status', 'payment.qr.type', 'global_discount_type',
      'items.unit_price', 'items.quantity', 'items.discount', 'items.tax_rate', 'items.taxes.rate', 'global_tax', 'shipping', 'deposit',
      'amount_paid', 'rounding_increment', 'allowances.amount', 'allowances.percent', 'items.charges.amount',
    ]) {
      assert.equal(ruleAt(path).value.string, 'code', path);
    }
  });

  it('an address may be text or an object in parts; its lines are a list of texts', () => {
    const address = ruleAt('from.address').value;
    assert.equal(address.string, 'text');
    assert.ok(address.object?.fields.has('postal_code'));
    assert.equal(ruleAt('to.address.lines').value.array?.string, 'text');
  });

  it('metadata is passed as sent: no string rule, no fields', () => {
    assert.deepEqual(ruleAt('metadata').value, { string: undefined, object: undefined, array: undefined });
  });

  it('booleans are left alone', () => {
    assert.equal(ruleAt('invoice.tax_inclusive').value.string, undefined);
    assert.equal(ruleAt('features.qr').value.string, undefined);
  });
});
