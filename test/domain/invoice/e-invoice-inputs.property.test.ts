import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { AppError } from '../../../src/errors/app-error.ts';
import { computeInvoice } from '../../../src/domain/invoice/compute-invoice.ts';
import type { Invoice } from '../../../src/domain/invoice/invoice-schema.ts';
import { validateInvoiceRequest } from '../../../src/requests/validate-invoice-request.ts';

type Json = Record<string, any>;
const CTX = { today: '2026-11-25', number: 'T-1' };
const compute = (body: Json): Invoice => computeInvoice(validateInvoiceRequest(JSON.parse(JSON.stringify(body)), 'body'), CTX);
const cents = (n: number) => Math.round(n * 100);

describe('D37 and D38 worked examples (docs/calculation.md, examples 5 and 6)', () => {
  it('example 5: taxed shipping, an allowance, a charge and a line charge', () => {
    const invoice = compute({
      from: { name: 'A' }, to: { name: 'B' }, invoice: { currency: 'EUR' },
      items: [
        { description: 'Beratung', quantity: 10, unit_price: 120, tax_rate: 19, charges: [{ amount: 15, reason: 'Anfahrt' }] },
        { description: 'Buch', quantity: 2, unit_price: 24.9, tax_rate: 7 },
      ],
      global_discount: 5,
      allowances: [{ percent: 2, reason: 'Treuerabatt', tax_category: 'S', tax_rate: 19 }],
      charges: [{ amount: 3.5, reason: 'Verpackung', tax_category: 'S', tax_rate: 7 }],
      shipping: 9.9, shipping_tax_rate: 19,
    });
    assert.deepEqual(invoice.items.map((i) => [i.discount, i.line_total]), [[0, 1215], [0, 49.8]]);
    assert.deepEqual([invoice.subtotal, invoice.global_discount, invoice.allowance_total, invoice.charge_total], [1264.8, 63.24, 24.3, 3.5]);
    assert.deepEqual(invoice.tax_lines.map((t) => [t.rate, t.taxable_amount, t.amount]), [[19, 1139.85, 216.57], [7, 50.81, 3.56]]);
    assert.equal(invoice.grand_total, 1410.79);
  });

  it('example 6: a return and a deposit refund as negative lines, exact decimal strings', () => {
    const invoice = compute({
      from: { name: 'A' }, to: { name: 'B' }, invoice: { currency: 'EUR' },
      items: [
        { description: 'Kiste', quantity: 20, unit_price: '14.50', tax_rate: 19 },
        { description: 'Retoure', quantity: -1, unit_price: '14.50', tax_rate: 19 },
        { description: 'Pfand zurück', quantity: '-12', unit_price: 1.5, tax_rate: 19 },
      ],
      global_discount: 2,
    });
    assert.deepEqual(invoice.items.map((i) => i.line_total), [290, -14.5, -18]);
    assert.deepEqual(invoice.items.map((i) => i.quantity), [20, -1, '-12'], 'echoed as sent');
    assert.deepEqual([invoice.subtotal, invoice.global_discount, invoice.total_tax, invoice.grand_total], [257.5, 5.15, 47.95, 300.3]);
  });
});

const amount = fc.integer({ min: 0, max: 500_000 }).map((n) => n / 100);
const requestArb = fc.record({
  lines: fc.array(fc.record({ quantity: fc.integer({ min: -3, max: 50 }), price: amount, rate: fc.constantFrom(19, 7, 0), charge: fc.option(amount, { nil: undefined }) }), { minLength: 1, maxLength: 8 }),
  globalDiscount: fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }),
  allowance: fc.option(fc.integer({ min: 0, max: 50_000 }).map((n) => n / 100), { nil: undefined }),
  chargePercent: fc.option(fc.integer({ min: 0, max: 1000 }).map((n) => n / 100), { nil: undefined }),
  shipping: fc.option(amount, { nil: undefined }),
  shippingRate: fc.option(fc.constantFrom(19, 7), { nil: undefined }),
  inclusive: fc.boolean(),
  asStrings: fc.boolean(),
}).map((g) => {
  const text = (n: number) => (g.asStrings ? n.toFixed(2) : n);
  const body: Json = {
    from: { name: 'A' }, to: { name: 'B' }, invoice: { currency: 'EUR', tax_inclusive: g.inclusive },
    items: [{ description: 'Main', quantity: 100, unit_price: text(1000), tax_rate: 19 }, ...g.lines.map((l, i) => ({
      description: `L${i}`, quantity: l.quantity === 0 ? 1 : l.quantity, unit_price: text(l.quantity < 0 ? Math.min(l.price, 10) : l.price), tax_rate: l.rate,
      ...(l.charge !== undefined && l.quantity > 0 ? { charges: [{ amount: text(l.charge), reason: 'c' }] } : {}),
    }))],
  };
  if (g.globalDiscount !== undefined) body.global_discount = g.globalDiscount;
  if (g.allowance !== undefined) body.allowances = [{ amount: text(g.allowance), reason: 'a', tax_category: 'S', tax_rate: 19 }];
  if (g.chargePercent !== undefined) body.charges = [{ percent: g.chargePercent, reason: 'b', tax_category: 'S', tax_rate: 19 }];
  if (g.shipping !== undefined) {
    body.shipping = text(g.shipping);
    if (g.shippingRate !== undefined) body.shipping_tax_rate = g.shippingRate;
  }
  return body;
});

describe('D37 and D38 properties', () => {
  it('the grand total is subtotal − global discount − allowances + charges + shipping (+ tax when exclusive), and the tax bases hold every part', () => {
    fc.assert(fc.property(requestArb, (body) => {
      const invoice = compute(body);
      const tax = invoice.tax_inclusive ? 0 : cents(invoice.total_tax);
      assert.equal(cents(invoice.grand_total), cents(invoice.subtotal) - cents(invoice.global_discount) - cents(invoice.allowance_total) + cents(invoice.charge_total) + cents(invoice.shipping) + tax);
      if (!invoice.tax_inclusive) {
        // Every amount with a rate is in exactly one tax line's base: lines, allowances, charges,
        // taxed shipping, and untaxed shipping too when zero-rated lines have a tax line to join.
        const shippingJoins = body.shipping_tax_rate !== undefined || invoice.tax_lines.some((t) => t.tax_category === 'Z');
        const taxedShipping = shippingJoins ? cents(invoice.shipping) : 0;
        const bases = invoice.tax_lines.reduce((sum, t) => sum + cents(t.taxable_amount), 0);
        const untaxed = invoice.items.filter((item) => item.taxes.length === 0).reduce((sum, item) => sum + cents(item.line_total), 0);
        assert.ok(Math.abs(bases - (cents(invoice.subtotal) - cents(invoice.global_discount) - cents(invoice.allowance_total) + cents(invoice.charge_total) + taxedShipping - untaxed)) <= invoice.items.length, 'bases');
      }
      assert.ok(invoice.grand_total >= 0);
      for (const item of invoice.items) {
        const charges = (item.charges ?? []).reduce((sum, c) => sum + cents(c.amount), 0);
        if (!invoice.tax_inclusive || charges === 0) assert.ok(cents(item.line_total) - charges <= Math.round(Number(item.quantity) * Number(item.unit_price) * 100) + 1);
      }
    }), { numRuns: 300, seed: 37 });
  });

  it('a decimal string gives the same invoice as the same number', () => {
    fc.assert(fc.property(requestArb, (body) => {
      const asNumbers = JSON.parse(JSON.stringify(body), (_k, v) => (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v));
      const a = compute(body);
      const b = compute(asNumbers);
      for (const field of ['subtotal', 'global_discount', 'allowance_total', 'charge_total', 'shipping', 'total_tax', 'grand_total'] as const) assert.equal(a[field], b[field], field);
    }), { numRuns: 200, seed: 38 });
  });

  it('negative lines never make an invoice negative: it is computed non-negative or refused as a calculation_error', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: -20, max: 20 }).filter((q) => q !== 0), { minLength: 1, maxLength: 6 }), (quantities) => {
      const body = { from: { name: 'A' }, to: { name: 'B' }, items: quantities.map((q, i) => ({ description: `L${i}`, quantity: q, unit_price: 10, tax_rate: 19 })) };
      try {
        assert.ok(compute(body).grand_total >= 0);
      } catch (error) {
        assert.ok(error instanceof AppError && error.code === 'calculation_error', String(error));
        assert.ok(quantities.reduce((a, b) => a + b, 0) < 0);
      }
    }), { numRuns: 200, seed: 39 });
  });
});
