import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normalizeInvoiceRequest } from '../../../src/domain/invoice/normalize-invoice-request.ts';

describe('normalizeInvoiceRequest (D13)', () => {
  it('returns what is not an object unchanged, for the validator to report', () => {
    for (const value of [null, undefined, 'x', 12, [1, 2]]) assert.deepEqual(normalizeInvoiceRequest(value), value);
  });

  it('renames camelCase at every level and keeps values as they are', () => {
    const out = normalizeInvoiceRequest({
      from: { name: 'A', taxId: 'T' }, to: { name: 'B' }, shipTo: { name: 'C' },
      items: [{ description: 'x', unitPrice: '12', taxes: [{ name: 'G', rate: 1, extraKey: 1 }] }, 'not an object'],
      globalTaxes: [{ rate: 2 }], payment: { bankName: 'B', qr: { type: 'url', value: 'v' } }, features: { hostedLink: false },
    });
    assert.deepEqual(out, {
      from: { name: 'A', tax_id: 'T' }, to: { name: 'B' }, ship_to: { name: 'C' },
      items: [{ description: 'x', unit_price: '12', taxes: [{ name: 'G', rate: 1, extra_key: 1 }] }, 'not an object'],
      global_taxes: [{ rate: 2 }], payment: { bank_name: 'B', qr: { type: 'url', value: 'v' } }, features: { hosted_link: false },
    });
  });

  it('moves flat metadata into invoice, the nested value winning', () => {
    assert.deepEqual(
      normalizeInvoiceRequest({ currency: 'EUR', dueDate: '2026-01-02', invoice: { currency: 'GBP' }, items: [] }),
      { invoice: { currency: 'GBP', due_date: '2026-01-02' }, items: [] },
    );
  });

  it('leaves a non-object invoice for the validator and drops nothing else', () => {
    assert.deepEqual(normalizeInvoiceRequest({ invoice: 'x', currency: 'EUR' }), { invoice: 'x' });
  });

  it('drops the top-level invoice_number in both spellings', () => {
    assert.deepEqual(normalizeInvoiceRequest({ invoice_number: '1', invoiceNumber: '2', notes: 'n' }), { notes: 'n' });
  });

  it('prefers the snake_case spelling when both are sent', () => {
    assert.deepEqual(normalizeInvoiceRequest({ amount_paid: 1, amountPaid: 2 }), { amount_paid: 1 });
  });
});
