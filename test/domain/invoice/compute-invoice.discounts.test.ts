import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { InvoiceRequest, LineItem } from '../../../src/domain/invoice/invoice-request-schema.ts';
import { compute, minor, taxLinesInMinor, totalsInMinor } from './invoice-fixtures.ts';

type Case = {
  name: string;
  items: Array<Omit<LineItem, 'description'>>;
  global: Pick<InvoiceRequest, 'global_discount' | 'global_discount_type' | 'global_tax'>;
  globalDiscount: number;
  discountTotal: number;
  taxLines: Array<[string, number, number, number]>;
  grandTotal: number;
};

describe('D3 global discount', () => {
  const cases: Case[] = [
    {
      name: 'percent of the subtotal over mixed rates, shares by largest remainder',
      // subtotal 183.33, 10 % = 18.333 → 18.33; shares 10.00 / 5.00 / 3.33 (1833 × w / 18333: .836, .918, .245)
      items: [{ unit_price: 100, tax_rate: 20 }, { unit_price: 50, tax_rate: 10 }, { unit_price: 33.33, tax_rate: 0 }],
      global: { global_discount: 10 },
      globalDiscount: 1833,
      discountTotal: 1833,
      taxLines: [['VAT', 20, 9000, 1800], ['VAT', 10, 4500, 450], ['VAT', 0, 3000, 0]],
      grandTotal: 18333 - 1833 + 2250,
    },
    {
      name: 'ties of the remainder go to the lower index (0.10 over three equal lines: 4 / 3 / 3 cents)',
      items: [{ unit_price: 10, tax_rate: 10 }, { unit_price: 10, tax_rate: 20 }, { unit_price: 10, tax_rate: 30 }],
      global: { global_discount: 0.1, global_discount_type: 'amount' },
      globalDiscount: 10,
      discountTotal: 10,
      // bases 9.96 / 9.97 / 9.97 → 0.996 → 1.00, 1.994 → 1.99, 2.991 → 2.99
      taxLines: [['VAT', 10, 996, 100], ['VAT', 20, 997, 199], ['VAT', 30, 997, 299]],
      grandTotal: 3000 - 10 + 598,
    },
    {
      name: 'amount discount rounded half away from zero to the minor unit (10.005 → 10.01)',
      items: [{ unit_price: 100, tax_rate: 20 }],
      global: { global_discount: 10.005, global_discount_type: 'amount' },
      globalDiscount: 1001,
      discountTotal: 1001,
      taxLines: [['VAT', 20, 8999, 1800]], // 89.99 × 20 % = 17.998 → 18.00
      grandTotal: 10000 - 1001 + 1800,
    },
    {
      name: 'percent discount rounded once on the subtotal (5 % of 384.70 = 19.235 → 19.24)',
      items: [{ quantity: 12, unit_price: 25, discount: 10, tax_rate: 19 }, { quantity: 3, unit_price: 24.9, tax_rate: 7 }, { quantity: 1, unit_price: 40, tax_rate: 19 }],
      global: { global_discount: 5 },
      globalDiscount: 1924,
      discountTotal: 3000 + 1924,
      taxLines: [['VAT', 19, 29450, 5596], ['VAT', 7, 7096, 497]],
      grandTotal: 38470 - 1924 + 6093,
    },
    {
      name: 'discount equal to the subtotal leaves nothing taxable',
      items: [{ unit_price: 40, tax_rate: 19 }, { unit_price: 60, tax_rate: 7 }],
      global: { global_discount: 100 },
      globalDiscount: 10000,
      discountTotal: 10000,
      taxLines: [['VAT', 19, 0, 0], ['VAT', 7, 0, 0]],
      grandTotal: 0,
    },
    {
      name: 'no global discount: taxable base is the line total',
      items: [{ unit_price: 80, tax_rate: 25 }],
      global: {},
      globalDiscount: 0,
      discountTotal: 0,
      taxLines: [['VAT', 25, 8000, 2000]],
      grandTotal: 10000,
    },
    {
      name: 'global_discount_type defaults to percent',
      items: [{ unit_price: 200 }],
      global: { global_discount: 25 },
      globalDiscount: 5000,
      discountTotal: 5000,
      taxLines: [],
      grandTotal: 15000,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const invoice = compute({ items: c.items.map((item) => ({ description: 'line', ...item })), ...c.global });
      const totals = totalsInMinor(invoice);
      assert.equal(totals.global_discount, c.globalDiscount);
      assert.equal(totals.discount_total, c.discountTotal);
      assert.deepEqual(taxLinesInMinor(invoice), c.taxLines);
      assert.equal(totals.grand_total, c.grandTotal);
      // The shares add up exactly: Σ taxable bases = subtotal − global discount (each line taxed once here).
      if (c.taxLines.length === c.items.length) {
        assert.equal(c.taxLines.reduce((sum, line) => sum + line[2], 0), totals.subtotal - totals.global_discount);
      }
    });
  }

  it('discount_total adds the displayed line discounts and the global discount', () => {
    const invoice = compute({
      items: [
        { description: 'a', quantity: 7, unit_price: 1.15, discount: 15 }, // 1.21 shown
        { description: 'b', quantity: 1, unit_price: 100, discount: 15.5, discount_type: 'amount' },
      ],
      global_discount: 3,
      global_discount_type: 'amount',
    });
    assert.equal(minor(invoice.discount_total), 121 + 1550 + 300);
    assert.equal(minor(invoice.global_discount), 300);
  });
});
