import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LineItem } from '../../../src/domain/invoice/invoice-request-schema.ts';
import { compute, minor } from './invoice-fixtures.ts';

describe('D1 line amount, line discount and line_total', () => {
  const cases: Array<{ name: string; item: Omit<LineItem, 'description'>; lineTotal: number; discount: number; percent?: number }> = [
    { name: 'spec fact: 12 × 25 less 10 % is 270', item: { quantity: 12, unit_price: 25, discount: 10 }, lineTotal: 27000, discount: 3000, percent: 10 },
    { name: 'no discount', item: { quantity: 3, unit_price: 19.99 }, lineTotal: 5997, discount: 0 },
    { name: 'fractional quantity, half a cent rounds away from zero', item: { quantity: 2.5, unit_price: 10.01 }, lineTotal: 2503, discount: 0 },
    { name: 'amount discount is for the whole line, not per unit', item: { quantity: 4, unit_price: 10, discount: 5, discount_type: 'amount' }, lineTotal: 3500, discount: 500 },
    { name: 'amount discount with cents', item: { quantity: 1, unit_price: 100, discount: 15.5, discount_type: 'amount' }, lineTotal: 8450, discount: 1550 },
    { name: 'exact product rounded once', item: { quantity: 3, unit_price: 33.333333 }, lineTotal: 10000, discount: 0 },
    { name: 'percent discount rounded once (8.05 less 15 % = 6.8425)', item: { quantity: 7, unit_price: 1.15, discount: 15 }, lineTotal: 684, discount: 121, percent: 15 },
    { name: '0.125 rounds to 0.13', item: { quantity: 1, unit_price: 0.125 }, lineTotal: 13, discount: 0 },
    { name: 'defaults: quantity 1, unit_price 0', item: {}, lineTotal: 0, discount: 0 },
    { name: 'quantity defaults to 1', item: { unit_price: 42.42 }, lineTotal: 4242, discount: 0 },
    { name: '100 % discount', item: { quantity: 2, unit_price: 50, discount: 100 }, lineTotal: 0, discount: 10000, percent: 100 },
    { name: 'percent discount with decimals', item: { quantity: 1, unit_price: 200, discount: 12.5 }, lineTotal: 17500, discount: 2500, percent: 12.5 },
    { name: 'displayed discount = round(amount) − line_total (0.995 → 1.00, discount 0.005 shows as 0)', item: { quantity: 1, unit_price: 1, discount: 0.005, discount_type: 'amount' }, lineTotal: 100, discount: 0 },
    { name: 'amount discount equal to the line amount', item: { quantity: 3, unit_price: 7, discount: 21, discount_type: 'amount' }, lineTotal: 0, discount: 2100 },
    { name: 'a percent discount of 0 is still reported as a percent', item: { quantity: 1, unit_price: 9, discount: 0 }, lineTotal: 900, discount: 0, percent: 0 },
  ];
  for (const { name, item, lineTotal, discount, percent } of cases) {
    it(name, () => {
      const invoice = compute({ items: [{ description: 'line', ...item }] });
      const line = invoice.items[0]!;
      assert.equal(minor(line.line_total), lineTotal);
      assert.equal(minor(line.discount), discount);
      assert.equal(line.discount_percent, percent);
      assert.equal(minor(invoice.discount_total), discount);
      assert.equal(line.quantity, item.quantity ?? 1);
      assert.equal(line.unit_price, item.unit_price ?? 0);
    });
  }

  it('echoes quantity and unit_price exactly as sent, with up to 6 decimals', () => {
    const line = compute({ items: [{ description: 'x', quantity: 0.333333, unit_price: 1.234567 }] }).items[0]!;
    assert.equal(line.quantity, 0.333333);
    assert.equal(line.unit_price, 1.234567);
    assert.equal(minor(line.line_total), 41); // 0.411522… → 0.41
  });
});

describe('D2 subtotal', () => {
  const cases: Array<{ name: string; items: Array<Omit<LineItem, 'description'>>; subtotal: number }> = [
    { name: 'sum of rounded line totals', items: [{ quantity: 12, unit_price: 25, discount: 10 }, { quantity: 3, unit_price: 19.99 }, { quantity: 2.5, unit_price: 10.01 }], subtotal: 35500 },
    { name: 'rounds each line, not the sum (3 × 0.005 → 3 × 0.01)', items: [{ unit_price: 0.005 }, { unit_price: 0.005 }, { unit_price: 0.005 }], subtotal: 3 },
    { name: 'single line', items: [{ quantity: 1, unit_price: 3000 }], subtotal: 300000 },
  ];
  for (const { name, items, subtotal } of cases) {
    it(name, () => {
      const invoice = compute({ items: items.map((item) => ({ description: 'line', ...item })) });
      assert.equal(minor(invoice.subtotal), subtotal);
      assert.equal(invoice.items.reduce((sum, item) => sum + minor(item.line_total), 0), subtotal);
      assert.equal(minor(invoice.grand_total), subtotal);
    });
  }
});
