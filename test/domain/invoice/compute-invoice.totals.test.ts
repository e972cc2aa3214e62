import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { InvoiceRequest } from '../../../src/domain/invoice/invoice-request-schema.ts';
import type { Currency } from '../../../src/domain/invoice/catalog.ts';
import { CURRENCY_MINOR_UNITS } from '../../../src/domain/invoice/catalog.ts';
import { compute, decimalsOf, minor, moneyFields, totalsInMinor } from './invoice-fixtures.ts';

describe('D7 grand total (tax-exclusive)', () => {
  it('subtotal − global discount + total tax + shipping; shipping is not taxed', () => {
    const invoice = compute({
      items: [{ description: 'a', quantity: 2, unit_price: 100, tax_rate: 20 }, { description: 'b', unit_price: 50, tax_rate: 10 }],
      global_discount: 10,
      global_discount_type: 'amount',
      shipping: 12.5,
    });
    const t = totalsInMinor(invoice);
    // discount 10 over 200 / 50 → 8 / 2; tax 192 × 20 % + 48 × 10 % = 38.40 + 4.80
    assert.equal(t.total_tax, 4320);
    assert.equal(t.shipping, 1250);
    assert.equal(t.grand_total, 25000 - 1000 + 4320 + 1250);
  });

  it('shipping is rounded to the minor unit on entry (9.995 → 10.00)', () => {
    const invoice = compute({ items: [{ description: 'a', unit_price: 10 }], shipping: 9.995, shipping_label: 'Freight' });
    assert.equal(minor(invoice.shipping), 1000);
    assert.equal(invoice.shipping_label, 'Freight');
    assert.equal(minor(invoice.grand_total), 2000);
  });
});

describe('D8 rounding of the grand total', () => {
  const cases: Array<{
    name: string;
    currency?: Currency;
    unitPrice: number;
    rounding: NonNullable<InvoiceRequest['rounding']>;
    increment?: number;
    grandTotal: number;
    adjustment: number;
  }> = [
    { name: 'none leaves the total', unitPrice: 103.4, rounding: 'none', grandTotal: 10340, adjustment: 0 },
    { name: 'nearest, down by 0.40 (negative adjustment)', unitPrice: 103.4, rounding: 'nearest', grandTotal: 10300, adjustment: -40 },
    { name: 'nearest, a half goes up', unitPrice: 103.5, rounding: 'nearest', grandTotal: 10400, adjustment: 50 },
    { name: 'up from 103.01', unitPrice: 103.01, rounding: 'up', grandTotal: 10400, adjustment: 99 },
    { name: 'down from 103.99', unitPrice: 103.99, rounding: 'down', grandTotal: 10300, adjustment: -99 },
    { name: 'up on a whole number does nothing', unitPrice: 103, rounding: 'up', grandTotal: 10300, adjustment: 0 },
    { name: 'CHF cash rounding 0.05, nearest up (10.33 → 10.35)', currency: 'CHF', unitPrice: 10.33, rounding: 'nearest', increment: 0.05, grandTotal: 1035, adjustment: 2 },
    { name: 'CHF cash rounding 0.05, nearest down (10.32 → 10.30)', currency: 'CHF', unitPrice: 10.32, rounding: 'nearest', increment: 0.05, grandTotal: 1030, adjustment: -2 },
    { name: 'EUR 0.05 up (10.31 → 10.35)', currency: 'EUR', unitPrice: 10.31, rounding: 'up', increment: 0.05, grandTotal: 1035, adjustment: 4 },
    { name: 'EUR 0.05 down (10.34 → 10.30)', currency: 'EUR', unitPrice: 10.34, rounding: 'down', increment: 0.05, grandTotal: 1030, adjustment: -4 },
    { name: 'JPY to 10 yen, nearest down (1234 → 1230)', currency: 'JPY', unitPrice: 1234, rounding: 'nearest', increment: 10, grandTotal: 1230, adjustment: -4 },
    { name: 'JPY to 10 yen, half goes up (1235 → 1240)', currency: 'JPY', unitPrice: 1235, rounding: 'nearest', increment: 10, grandTotal: 1240, adjustment: 5 },
    { name: 'JPY default increment is one yen (nothing to round)', currency: 'JPY', unitPrice: 1234, rounding: 'up', grandTotal: 1234, adjustment: 0 },
    { name: 'increment 5 whole units, up', unitPrice: 101, rounding: 'up', increment: 5, grandTotal: 10500, adjustment: 400 },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const digits = CURRENCY_MINOR_UNITS[c.currency ?? 'USD'];
      const invoice = compute({
        invoice: { currency: c.currency ?? 'USD' },
        items: [{ description: 'x', unit_price: c.unitPrice }],
        rounding: c.rounding,
        ...(c.increment === undefined ? {} : { rounding_increment: c.increment }),
      });
      const t = totalsInMinor(invoice, digits);
      assert.equal(t.grand_total, c.grandTotal);
      assert.equal(t.rounding_adjustment, c.adjustment);
      assert.equal(t.grand_total, t.subtotal + t.rounding_adjustment);
      assert.equal(t.balance_due, c.grandTotal);
    });
  }

  it('rounds after tax and shipping (100 + 19 % + 4.95 = 123.95 → 124)', () => {
    const invoice = compute({ items: [{ description: 'x', unit_price: 100, tax_rate: 19 }], shipping: 4.95, rounding: 'nearest' });
    assert.deepEqual([minor(invoice.grand_total), minor(invoice.rounding_adjustment)], [12400, 5]);
  });
});

describe('D9 deposit', () => {
  const cases: Array<{ name: string; deposit: number; expected: number }> = [
    { name: 'shown, totals unchanged', deposit: 30, expected: 3000 },
    { name: 'rounded on entry (10.005 → 10.01)', deposit: 10.005, expected: 1001 },
    { name: 'equal to the grand total is allowed', deposit: 119, expected: 11900 },
    { name: 'zero', deposit: 0, expected: 0 },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const invoice = compute({ items: [{ description: 'x', unit_price: 100, tax_rate: 19 }], deposit: c.deposit });
      const t = totalsInMinor(invoice);
      assert.equal(t.deposit, c.expected);
      assert.equal(t.grand_total, 11900);
      assert.equal(t.balance_due, 11900);
    });
  }
});

describe('D10 balance and status', () => {
  const cases: Array<{ name: string; unitPrice: number; paid?: number; explicit?: 'paid' | 'partial' | 'unpaid'; balance: number; status: string; paidMinor: number }> = [
    { name: 'nothing paid → unpaid', unitPrice: 100, balance: 10000, status: 'unpaid', paidMinor: 0 },
    { name: 'part paid → partial', unitPrice: 100, paid: 40, balance: 6000, status: 'partial', paidMinor: 4000 },
    { name: 'all paid → paid', unitPrice: 100, paid: 100, balance: 0, status: 'paid', paidMinor: 10000 },
    { name: 'overpaid → paid, negative balance', unitPrice: 100, paid: 120, balance: -2000, status: 'paid', paidMinor: 12000 },
    { name: 'nothing to pay → paid', unitPrice: 0, balance: 0, status: 'paid', paidMinor: 0 },
    { name: 'amount_paid rounded on entry (99.995 → 100.00) → paid', unitPrice: 100, paid: 99.995, balance: 0, status: 'paid', paidMinor: 10000 },
    { name: 'one cent short → partial', unitPrice: 100, paid: 99.99, balance: 1, status: 'partial', paidMinor: 9999 },
    { name: 'explicit unpaid wins over a full payment', unitPrice: 100, paid: 100, explicit: 'unpaid', balance: 0, status: 'unpaid', paidMinor: 10000 },
    { name: 'explicit paid wins over nothing paid', unitPrice: 100, explicit: 'paid', balance: 10000, status: 'paid', paidMinor: 0 },
    { name: 'explicit partial', unitPrice: 100, explicit: 'partial', balance: 10000, status: 'partial', paidMinor: 0 },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const invoice = compute({
        items: [{ description: 'x', unit_price: c.unitPrice }],
        ...(c.paid === undefined ? {} : { amount_paid: c.paid }),
        ...(c.explicit === undefined ? {} : { payment: { status: c.explicit } }),
      });
      assert.equal(minor(invoice.balance_due), c.balance);
      assert.equal(minor(invoice.amount_paid), c.paidMinor);
      assert.equal(invoice.status, c.status);
    });
  }
});

describe('D12 minor units', () => {
  const cases: Array<{ name: string; currency: Currency; items: Array<{ quantity?: number; unit_price: number; tax_rate?: number }>; shipping?: number; lineTotals: number[]; totalTax: number; grandTotal: number }> = [
    { name: 'JPY: 3 × 333.5 = 1000.5 → 1001, 10 % = 100.1 → 100', currency: 'JPY', items: [{ quantity: 3, unit_price: 333.5, tax_rate: 10 }], lineTotals: [1001], totalTax: 100, grandTotal: 1101 },
    { name: 'KRW: 0.5 → 1 (half away from zero)', currency: 'KRW', items: [{ unit_price: 0.5 }], lineTotals: [1], totalTax: 0, grandTotal: 1 },
    { name: 'KRW: 0.49 → 0', currency: 'KRW', items: [{ unit_price: 0.49 }], lineTotals: [0], totalTax: 0, grandTotal: 0 },
    { name: 'JPY: 8 % of 105 = 8.4 → 8; shipping 10.5 → 11', currency: 'JPY', items: [{ unit_price: 105, tax_rate: 8 }], shipping: 10.5, lineTotals: [105], totalTax: 8, grandTotal: 124 },
    { name: 'JPY: 10 % of 5 = 0.5 → 1', currency: 'JPY', items: [{ unit_price: 5, tax_rate: 10 }], lineTotals: [5], totalTax: 1, grandTotal: 6 },
    { name: 'EUR has 2 decimals', currency: 'EUR', items: [{ quantity: 3, unit_price: 333.335 }], lineTotals: [100001], totalTax: 0, grandTotal: 100001 },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const digits = CURRENCY_MINOR_UNITS[c.currency];
      const invoice = compute({
        invoice: { currency: c.currency },
        items: c.items.map((item) => ({ description: 'x', ...item })),
        ...(c.shipping === undefined ? {} : { shipping: c.shipping }),
      });
      assert.deepEqual(invoice.items.map((item) => minor(item.line_total, digits)), c.lineTotals);
      assert.equal(minor(invoice.total_tax, digits), c.totalTax);
      assert.equal(minor(invoice.grand_total, digits), c.grandTotal);
      for (const [field, value] of moneyFields(invoice)) assert.ok(decimalsOf(value) <= digits, `${field} = ${value}`);
    });
  }

  it('every currency of the catalog gets its own number of decimals', () => {
    for (const [currency, digits] of Object.entries(CURRENCY_MINOR_UNITS) as Array<[Currency, number]>) {
      const invoice = compute({ invoice: { currency }, items: [{ description: 'x', quantity: 1.5, unit_price: 0.333, tax_rate: 19 }] });
      assert.equal(invoice.currency, currency);
      for (const [field, value] of moneyFields(invoice)) assert.ok(decimalsOf(value) <= digits, `${currency} ${field} = ${value}`);
      // 0.4995 → 0.50 with 2 decimals, 0 with none
      assert.equal(minor(invoice.items[0]!.line_total, digits), digits === 0 ? 0 : 50);
    }
  });
});
