import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isAppError, type AppError } from '../../src/errors/app-error.ts';
import { invoiceRequestFields } from '../../src/requests/invoice-request-fields.ts';
import { normalizeInvoiceRequest } from '../../src/requests/normalize-invoice-request.ts';

type Json = Record<string, unknown>;

const minimal = (extra: Json = {}): Json => ({ from: { name: 'A' }, to: { name: 'B' }, items: [{ description: 'x' }], ...extra });

/** The refusal normalizeInvoiceRequest throws for `body`. */
function refusal(body: unknown, fields = invoiceRequestFields()): AppError {
  try {
    normalizeInvoiceRequest(body, fields);
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  assert.fail('the request was read without a refusal');
}

const unknownFields = (error: AppError) => error.details?.unknown_fields;

describe('normalizeInvoiceRequest: aliases (D13)', () => {
  it('returns what is not an object unchanged, for the validator to report', () => {
    for (const value of [null, undefined, 'x', 12, [1, 2]]) assert.deepEqual(normalizeInvoiceRequest(value), value);
  });

  it('renames camelCase at every level and keeps values that need no trimming as they are', () => {
    const out = normalizeInvoiceRequest({
      from: { name: 'A', taxId: 'T', electronicAddress: { scheme: '0088', value: 'v' } }, to: { name: 'B' }, shipTo: { name: 'C' },
      items: [{ description: 'x', unitPrice: '12', taxes: [{ name: 'G', rate: 1 }], charges: [{ amount: 1, reasonCode: 'ABL' }] }, 'not an object'],
      globalTaxes: [{ rate: 2 }], payment: { bankName: 'B', qr: { type: 'url', value: 'v' } }, features: { hostedLink: false },
      allowances: [{ amount: 1, reasonCode: '95', taxCategory: 'S' }], billingReference: { number: 'F-1' }, customFields: [{ label: 'L' }],
    });
    assert.deepEqual(out, {
      from: { name: 'A', tax_id: 'T', electronic_address: { scheme: '0088', value: 'v' } }, to: { name: 'B' }, ship_to: { name: 'C' },
      items: [{ description: 'x', unit_price: '12', taxes: [{ name: 'G', rate: 1 }], charges: [{ amount: 1, reason_code: 'ABL' }] }, 'not an object'],
      global_taxes: [{ rate: 2 }], payment: { bank_name: 'B', qr: { type: 'url', value: 'v' } }, features: { hosted_link: false },
      allowances: [{ amount: 1, reason_code: '95', tax_category: 'S' }], billing_reference: { number: 'F-1' }, custom_fields: [{ label: 'L' }],
    });
  });

  it('moves flat metadata into invoice, the nested value winning', () => {
    assert.deepEqual(
      normalizeInvoiceRequest({ currency: 'EUR', dueDate: '2026-01-02', invoice: { currency: 'GBP' }, items: [] }),
      { invoice: { currency: 'GBP', due_date: '2026-01-02' }, items: [] },
    );
  });

  it('leaves a non-object invoice for the validator and drops the flat fields it cannot take', () => {
    assert.deepEqual(normalizeInvoiceRequest({ invoice: 'x', currency: 'EUR' }), { invoice: 'x' });
  });

  it('drops the top-level invoice_number in both spellings', () => {
    assert.deepEqual(normalizeInvoiceRequest({ invoice_number: '1', invoiceNumber: '2', notes: 'n' }), { notes: 'n' });
  });

  it('prefers the snake_case spelling when both are sent, in either order, and reads nothing of the other', () => {
    assert.deepEqual(normalizeInvoiceRequest({ amount_paid: 1, amountPaid: 2 }), { amount_paid: 1 });
    assert.deepEqual(normalizeInvoiceRequest({ shipTo: { nmae: 'never read' }, ship_to: { name: 'S' } }), { ship_to: { name: 'S' } });
    assert.deepEqual(normalizeInvoiceRequest({ refund_policy: ' ', refundPolicy: 'the alias is not a fallback' }), {});
  });

  it('leaves metadata exactly as sent: keys are not renamed, values not trimmed', () => {
    const metadata = { orderId: ' 42 ', 'a b': '', __x: ' ' };
    assert.deepEqual(normalizeInvoiceRequest(minimal({ metadata: { ...metadata } })), minimal({ metadata }));
  });
});

describe('normalizeInvoiceRequest: blank text (D47)', () => {
  it('trims every text and removes an optional one that is empty or only white space', () => {
    const out = normalizeInvoiceRequest({
      from: { name: '  Acme  ', phone: '   ', tax_id: '\tDE1\n', email: '', contact: { name: ' ', phone: '\n' }, address: '  ' },
      to: { name: 'B', address: { lines: [' a ', '  ', '', 'b'], city: ' ', postal_code: ' 1 ' }, country: ' ' },
      items: [{ description: ' x ', note: ' ', unit: '', period: { start: ' ' } }],
      invoice: { terms: ' ', number: '  ', po_number: ' P ', date: '' },
      notes: '\n\n', footer: ' f ', payment: { iban: '', qr: { type: 'text', value: ' ' } },
      custom_fields: [{ label: ' Cost centre ', value: '  ' }, { label: 'L', value: ' v ' }],
    });
    assert.deepEqual(out, {
      from: { name: 'Acme', tax_id: 'DE1' },
      to: { name: 'B', address: { lines: ['a', 'b'], postal_code: '1' } },
      items: [{ description: 'x' }],
      invoice: { po_number: 'P' },
      footer: 'f', payment: { qr: { type: 'text' } },
      custom_fields: [{ label: 'Cost centre' }, { label: 'L', value: 'v' }],
    });
  });

  it('removes a group left empty by it (an address, a contact, a period, a list of texts), never one with a required field', () => {
    const out = normalizeInvoiceRequest({
      from: { name: 'A', address: { lines: [' ', ''], city: ' ' }, contact: { name: '', phone: ' ' }, identifier: { value: ' ' } },
      to: { name: 'B', address: { lines: [] }, contact: {} },
      invoice: { period: { start: ' ', end: '\n' }, terms: ' ' }, payment: { qr: { type: 'sepa', value: ' ' } },
      items: [{ description: 'x', period: { start: ' ', end: '2026-01-31' } }],
    });
    assert.deepEqual(out, {
      from: { name: 'A', identifier: { value: '' } },
      to: { name: 'B', address: { lines: [] }, contact: {} },
      payment: { qr: { type: 'sepa' } },
      items: [{ description: 'x', period: { end: '2026-01-31' } }],
    }, 'what was sent empty stays as sent, for the validator and the engine as before');
  });

  it('keeps a required text empty, for the schema to refuse naming it', () => {
    const out = normalizeInvoiceRequest({
      from: { name: ' ', identifier: { value: ' ' }, electronic_address: { scheme: ' ', value: '' } }, to: { name: '' },
      items: [{ description: '\n' }], billing_reference: { number: ' ' }, custom_fields: [{ label: ' ' }], payment: { card: { last4: ' ' } },
    });
    assert.deepEqual(out, {
      from: { name: '', identifier: { value: '' }, electronic_address: { scheme: '', value: '' } }, to: { name: '' },
      items: [{ description: '' }], billing_reference: { number: '' }, custom_fields: [{ label: '' }], payment: { card: { last4: '' } },
    });
  });

  it('keeps a blank code or decimal string, so it is refused and never taken for the default', () => {
    const out = normalizeInvoiceRequest({
      invoice: { currency: ' ', language: '' }, template: ' ', output: '\t', global_tax: ' ',
      items: [{ description: 'x', unit_price: '', quantity: ' ', discount_type: ' ', tax_category: '' }], payment: { qr: { type: ' ' } },
    });
    assert.deepEqual(out, {
      invoice: { currency: '', language: '' }, template: '', output: '', global_tax: '',
      items: [{ description: 'x', unit_price: '', quantity: '', discount_type: '', tax_category: '' }], payment: { qr: { type: '' } },
    });
  });

  it('trims codes and decimal strings too', () => {
    assert.deepEqual(
      normalizeInvoiceRequest({ invoice: { currency: ' EUR ' }, items: [{ description: 'x', unit_price: ' 12.50 ' }] }),
      { invoice: { currency: 'EUR' }, items: [{ description: 'x', unit_price: '12.50' }] },
    );
  });

  it('reads flat metadata by the same rule: a blank flat text is absent, a blank flat code is kept', () => {
    assert.deepEqual(normalizeInvoiceRequest({ terms: ' ', currency: ' ', poNumber: ' 7 ' }), { invoice: { currency: '', po_number: '7' } });
  });

  it('leaves values of the wrong type for the validator', () => {
    const body = { from: { name: 3 }, items: [' x '], notes: ['  '], features: { qr: ' ' } };
    assert.deepEqual(normalizeInvoiceRequest(structuredClone(body)), body);
  });
});

describe('normalizeInvoiceRequest: unknown fields (D46)', () => {
  it('refuses the four misspellings found in use, each named with its suggestion', () => {
    const error = refusal(minimal({ invoice: { curency: 'EUR' }, global_tx: 19, items: [{ description: 'x', tax: 19 }], from: { name: 'A', vat: 'DE1' } }));
    assert.equal(error.code, 'validation_error');
    assert.deepEqual(unknownFields(error), [
      { field: 'from.vat', did_you_mean: 'from.tax_id' },
      { field: 'items[0].tax', did_you_mean: 'items[0].tax_rate' },
      { field: 'invoice.curency', did_you_mean: 'invoice.currency' },
      { field: 'global_tx', did_you_mean: 'global_tax' },
    ]);
    assert.equal(error.message, 'from.vat is not a field; did you mean from.tax_id? items[0].tax is not a field; did you mean items[0].tax_rate? '
      + 'invoice.curency is not a field; did you mean invoice.currency? global_tx is not a field; did you mean global_tax? '
      + 'Correct or remove them; every field is described at /docs.');
  });

  it('one unknown field: one sentence, and no suggestion where nothing is close', () => {
    const error = refusal(minimal({ wibble: 1 }));
    assert.equal(error.message, 'wibble is not a field. Correct or remove it; every field is described at /docs.');
    assert.deepEqual(unknownFields(error), [{ field: 'wibble' }]);
  });

  it('names the canonical path, and the path as sent when it differs', () => {
    const error = refusal({ shipTo: { nmae: 'S' }, period: { strat: '2026-01-01' }, invoice: { dueDat: '2026-01-01' } });
    assert.deepEqual(unknownFields(error), [
      { field: 'ship_to.nmae', did_you_mean: 'ship_to.name' },
      { field: 'invoice.dueDat', did_you_mean: 'invoice.due_date' },
      { field: 'invoice.period.strat', did_you_mean: 'invoice.period.start' },
    ]);
    assert.match(error.message, /^ship_to\.nmae \(sent as shipTo\.nmae\) is not a field; did you mean ship_to\.name\? /);
    assert.match(error.message, / invoice\.period\.strat \(sent as period\.strat\) is not a field; did you mean invoice\.period\.start\? /);
  });

  it('at the top level suggests a flat metadata field by its nested path', () => {
    assert.deepEqual(unknownFields(refusal(minimal({ curency: 'EUR', duedate: '2026-01-01' }))), [
      { field: 'curency', did_you_mean: 'invoice.currency' },
      { field: 'duedate', did_you_mean: 'invoice.due_date' },
    ]);
  });

  it('quotes a key that is not a plain name, cut when long', () => {
    const long = 'k'.repeat(100);
    assert.deepEqual(unknownFields(refusal(minimal({ from: { name: 'A', 'tax id': 'x' }, [long]: 1 }))), [
      { field: 'from["tax id"]', did_you_mean: 'from.tax_id' },
      { field: `[${JSON.stringify(`${'k'.repeat(40)}…`)}]` },
    ]);
  });

  it('does not read under an unknown key, and names at most 50, counting the rest', () => {
    const junk = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`junk${i}`, { deeper: { notes: 1 } }]));
    const error = refusal(minimal(junk));
    assert.equal((unknownFields(error) as unknown[]).length, 50);
    assert.match(error.message, / And 10 more unknown fields\. Correct or remove them;/);
  });

  it('knows an MCP tool\'s own fields and refuses the request fields it does not take', () => {
    const fields = invoiceRequestFields({ add: ['idempotency_key', 'output'], omit: ['output', 'template'] });
    assert.deepEqual(fields.own, ['idempotency_key']);
    const out = normalizeInvoiceRequest(minimal({ idempotencyKey: ' key ', output: ' json ' }), fields);
    assert.deepEqual(out, minimal({ idempotency_key: ' key ', output: 'json' }), 'its own fields are left as sent, a request field it adds keeps its rule');
    assert.deepEqual(unknownFields(refusal(minimal({ template: 'classic', idempotency_ky: 'k' }), fields)), [
      { field: 'template' },
      { field: 'idempotency_ky', did_you_mean: 'idempotency_key' },
    ]);
  });

  it('still takes every alias: a body in camelCase with flat metadata is read without a refusal', () => {
    const out = normalizeInvoiceRequest({
      from: { name: 'A', registrationNo: 'R' }, to: { name: 'B' }, items: [{ description: 'x', unitPrice: 1, taxRate: 19, discountType: 'amount' }],
      dueDate: '2026-02-01', poNumber: 'P', taxInclusive: true, globalDiscount: 1, shippingLabel: 'S', pageSize: 'letter', invoiceNumber: 'ignored',
    }) as Json;
    assert.deepEqual(out.invoice, { due_date: '2026-02-01', po_number: 'P', tax_inclusive: true });
  });
});
