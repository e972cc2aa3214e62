import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { computeInvoice } from '../../../src/domain/invoice/compute-invoice.ts';
import { INVOICE_TITLE } from '../../../src/domain/invoice/language-words.ts';
import { LANGUAGES } from '../../../src/domain/invoice/catalog.ts';
import type { InvoiceRequest } from '../../../src/domain/invoice/invoice-request-schema.ts';
import { CTX, compute, request } from './invoice-fixtures.ts';

describe('defaults', () => {
  it('fills every default of the contract', () => {
    const invoice = compute({ items: [{ description: 'x' }] });
    assert.deepEqual(
      {
        number: invoice.number, title: invoice.title, date: invoice.date, currency: invoice.currency,
        language: invoice.language, template: invoice.template, page_size: invoice.page_size,
        tax_inclusive: invoice.tax_inclusive, shipping: invoice.shipping, shipping_label: invoice.shipping_label,
        deposit: invoice.deposit, amount_paid: invoice.amount_paid, rounding_adjustment: invoice.rounding_adjustment,
        quantity: invoice.items[0]!.quantity, unit_price: invoice.items[0]!.unit_price,
      },
      {
        number: CTX.number, title: 'INVOICE', date: CTX.today, currency: 'USD', language: 'en', template: 'classic',
        page_size: 'a4', tax_inclusive: false, shipping: 0, shipping_label: 'Shipping', deposit: 0, amount_paid: 0,
        rounding_adjustment: 0, quantity: 1, unit_price: 0,
      },
    );
  });

  for (const language of LANGUAGES) {
    it(`title defaults to the ${language} word for INVOICE`, () => {
      assert.equal(compute({ invoice: { language }, items: [{ description: 'x' }] }).title, INVOICE_TITLE[language]);
    });
  }

  it('takes the number from the context and leaves hosted_url, hosted_expires_at and qr to others', () => {
    const invoice = computeInvoice(request({ items: [{ description: 'x' }] }), { today: '2024-02-29', number: 'INV-2024-00007' });
    assert.equal(invoice.number, 'INV-2024-00007');
    assert.equal(invoice.date, '2024-02-29');
    for (const key of ['hosted_url', 'hosted_expires_at', 'qr']) assert.ok(!(key in invoice), key);
  });
});

describe('echo', () => {
  const full: InvoiceRequest = {
    from: { name: 'Seller', address: 'Street 1\nCity', email: 's@example.com', tax_id: 'DE1', logo: 'https://example.com/logo.png' },
    to: { name: 'Buyer', phone: '+49 1' },
    ship_to: { name: 'Warehouse', address: 'Dock 4' },
    invoice: {
      date: '2025-01-31', due_date: '2025-02-28', po_number: 'PO-9', terms: 'Net 28', currency: 'EUR',
      language: 'de', title: 'Rechnung Nr.', tax_inclusive: true,
    },
    items: [{ description: 'Work', quantity: 2, unit: 'hrs', unit_price: 59.5, tax_rate: 19 }],
    payment: { iban: 'DE89370400440532013000', status: 'partial', qr: { type: 'sepa' } },
    template: 'navy',
    page_size: 'letter',
    accent_color: '#112233',
    notes: 'Thanks',
    refund_policy: '30 days',
    footer: 'Footer text',
    shipping_label: 'Versand',
    output: 'pdf',
    signature: 'https://example.com/sig.png',
    features: { hosted_link: true, qr: true },
  };

  it('echoes what was sent', () => {
    const invoice = computeInvoice(full, CTX);
    assert.deepEqual(invoice.from, full.from);
    assert.deepEqual(invoice.to, full.to);
    assert.deepEqual(invoice.ship_to, full.ship_to);
    assert.deepEqual(invoice.payment, full.payment);
    assert.deepEqual(
      [invoice.date, invoice.due_date, invoice.po_number, invoice.terms, invoice.currency, invoice.language, invoice.title, invoice.tax_inclusive],
      ['2025-01-31', '2025-02-28', 'PO-9', 'Net 28', 'EUR', 'de', 'Rechnung Nr.', true],
    );
    assert.deepEqual(
      [invoice.template, invoice.page_size, invoice.accent_color, invoice.notes, invoice.refund_policy, invoice.footer, invoice.shipping_label],
      ['navy', 'letter', '#112233', 'Thanks', '30 days', 'Footer text', 'Versand'],
    );
    assert.equal(invoice.items[0]!.unit, 'hrs');
    assert.equal(invoice.status, 'partial');
  });

  it('leaves out optional fields that were not sent', () => {
    const invoice = compute({ items: [{ description: 'x' }] });
    for (const key of ['due_date', 'po_number', 'terms', 'accent_color', 'ship_to', 'payment', 'notes', 'refund_policy', 'footer']) {
      assert.ok(!(key in invoice), key);
    }
    assert.ok(!('unit' in invoice.items[0]!));
    assert.ok(!('discount_percent' in invoice.items[0]!));
  });

  it('is pure: the same request gives the same invoice and the request is not changed', () => {
    const snapshot = structuredClone(full);
    assert.deepEqual(computeInvoice(full, CTX), computeInvoice(full, CTX));
    assert.deepEqual(full, snapshot);
  });
});
