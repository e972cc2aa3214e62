import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { InvoiceRequest, LineItem } from '../../../src/domain/invoice/invoice-request-schema.ts';
import { compute, minor, taxLinesInMinor, totalsInMinor } from './invoice-fixtures.ts';

type Case = {
  name: string;
  items: Array<Omit<LineItem, 'description'>>;
  extra?: Pick<InvoiceRequest, 'global_discount' | 'global_discount_type' | 'shipping' | 'global_tax' | 'global_taxes'>;
  currency?: 'EUR' | 'JPY';
  taxLines: Array<[string, number, number, number]>; // name, rate, taxable (net), amount
  lineTax: number[];
  subtotal: number;
  totalTax: number;
  grandTotal: number;
};

describe('D6 tax-inclusive prices', () => {
  const cases: Case[] = [
    { name: '119 gross at 19 % holds 19 tax on a net of 100', items: [{ unit_price: 119, tax_rate: 19 }], taxLines: [['VAT', 19, 10000, 1900]], lineTax: [1900], subtotal: 11900, totalTax: 1900, grandTotal: 11900 },
    {
      name: 'mixed 7 % and 19 % lines',
      items: [{ unit_price: 119, tax_rate: 19 }, { unit_price: 107, tax_rate: 7 }],
      taxLines: [['VAT', 19, 10000, 1900], ['VAT', 7, 10000, 700]], lineTax: [1900, 700], subtotal: 22600, totalTax: 2600, grandTotal: 22600,
    },
    {
      name: 'extraction with a remainder: 10 × 9.99 at 19 % (15.9504… → 15.95, net 83.9495… → 83.95)',
      items: [{ quantity: 10, unit_price: 9.99, tax_rate: 19 }],
      taxLines: [['VAT', 19, 8395, 1595]], lineTax: [1595], subtotal: 9990, totalTax: 1595, grandTotal: 9990,
    },
    {
      name: 'group sums stay exact and round once (3 × 1.09 at 19 %: lines 0.174 → 0.17 each, group 0.5221… → 0.52)',
      items: [{ unit_price: 1.09, tax_rate: 19 }, { unit_price: 1.09, tax_rate: 19 }, { unit_price: 1.09, tax_rate: 19 }],
      taxLines: [['VAT', 19, 275, 52]], lineTax: [17, 17, 17], subtotal: 327, totalTax: 52, grandTotal: 327,
    },
    {
      name: 'global discount spread over gross lines (10 % of 226 = 22.60: shares 11.90 / 10.70)',
      items: [{ unit_price: 119, tax_rate: 19 }, { unit_price: 107, tax_rate: 7 }],
      extra: { global_discount: 10 },
      taxLines: [['VAT', 19, 9000, 1710], ['VAT', 7, 9000, 630]], lineTax: [1710, 630], subtotal: 22600, totalTax: 2340, grandTotal: 20340,
    },
    {
      name: 'shipping is added, tax is not added on top',
      items: [{ quantity: 2, unit_price: 59.5, tax_rate: 19 }, { quantity: 3, unit_price: 10.7, tax_rate: 7 }],
      extra: { shipping: 4.9 },
      taxLines: [['VAT', 19, 10000, 1900], ['VAT', 7, 3000, 210]], lineTax: [1900, 210], subtotal: 15110, totalTax: 2110, grandTotal: 15600,
    },
    {
      name: 'multi-component inclusive: 118 gross with CGST 9 + SGST 9 is 100 net, 9 + 9 tax',
      items: [{ unit_price: 118 }],
      extra: { global_taxes: [{ name: 'CGST', rate: 9 }, { name: 'SGST', rate: 9 }] },
      taxLines: [['CGST', 9, 10000, 900], ['SGST', 9, 10000, 900]], lineTax: [1800], subtotal: 11800, totalTax: 1800, grandTotal: 11800,
    },
    {
      name: 'one group over lines with different rate sets (CGST 9 alone and with SGST 9)',
      // line a: 109 gross, R = 9 → CGST 9, net 100; line b: 118 gross, R = 18 → CGST 9, SGST 9, net 100
      items: [{ unit_price: 109, taxes: [{ name: 'CGST', rate: 9 }] }, { unit_price: 118, taxes: [{ name: 'CGST', rate: 9 }, { name: 'SGST', rate: 9 }] }],
      taxLines: [['CGST', 9, 20000, 1800], ['SGST', 9, 10000, 900]], lineTax: [900, 1800], subtotal: 22700, totalTax: 2700, grandTotal: 22700,
    },
    {
      name: 'mixed denominators in one group round once: 1.00 at VAT 19 + 1.00 at VAT 19 & GST 7 (0.1597 + 0.1508 = 0.3105 → 0.31)',
      items: [{ unit_price: 1, tax_rate: 19 }, { unit_price: 1, taxes: [{ name: 'VAT', rate: 19 }, { name: 'GST', rate: 7 }] }],
      taxLines: [['VAT', 19, 163, 31], ['GST', 7, 79, 6]], lineTax: [16, 21], subtotal: 200, totalTax: 37, grandTotal: 200,
    },
    {
      name: 'JPY: 1080 gross at 8 % holds 80',
      currency: 'JPY',
      items: [{ unit_price: 1080, tax_rate: 8 }],
      taxLines: [['VAT', 8, 1000, 80]], lineTax: [80], subtotal: 1080, totalTax: 80, grandTotal: 1080,
    },
    {
      name: 'a line without tax adds its gross to the total and nothing to the taxes',
      items: [{ unit_price: 50 }, { unit_price: 119, tax_rate: 19 }],
      taxLines: [['VAT', 19, 10000, 1900]], lineTax: [0, 1900], subtotal: 16900, totalTax: 1900, grandTotal: 16900,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const digits = c.currency === 'JPY' ? 0 : 2;
      const invoice = compute({
        invoice: { tax_inclusive: true, currency: c.currency ?? 'EUR' },
        items: c.items.map((item) => ({ description: 'line', ...item })),
        ...c.extra,
      });
      assert.equal(invoice.tax_inclusive, true);
      assert.deepEqual(taxLinesInMinor(invoice, digits), c.taxLines);
      assert.deepEqual(invoice.items.map((item) => minor(item.tax_amount, digits)), c.lineTax);
      const totals = totalsInMinor(invoice, digits);
      assert.equal(totals.subtotal, c.subtotal);
      assert.equal(totals.total_tax, c.totalTax);
      assert.equal(totals.grand_total, c.grandTotal);
      assert.equal(totals.grand_total, totals.subtotal - totals.global_discount + totals.shipping + totals.rounding_adjustment);
    });
  }

  it('line totals stay gross', () => {
    const invoice = compute({ invoice: { tax_inclusive: true }, items: [{ description: 'x', quantity: 2, unit_price: 59.5, tax_rate: 19, discount: 10 }] });
    assert.equal(minor(invoice.items[0]!.line_total), 10710); // 119 less 10 %
    assert.equal(minor(invoice.items[0]!.tax_amount), 1710); // 107.10 × 19 / 119
  });
});
