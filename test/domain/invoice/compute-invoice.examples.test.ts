import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compute, minor, taxLinesInMinor, totalsInMinor } from './invoice-fixtures.ts';

/** The worked examples of docs/calculation.md, number for number. Keep the two in step. */
describe('docs/calculation.md worked examples', () => {
  it('Example 1: exclusive, line and global discount over two rates (EUR)', () => {
    const invoice = compute({
      invoice: { currency: 'EUR' },
      items: [
        { description: 'Consulting', quantity: 12, unit_price: 25, discount: 10, tax_rate: 19 },
        { description: 'Books', quantity: 3, unit_price: 24.9, tax_rate: 7 },
        { description: 'Licence', quantity: 1, unit_price: 40, tax_rate: 19 },
      ],
      global_discount: 5,
      shipping: 4.95,
    });
    assert.deepEqual(invoice.items.map((i) => [minor(i.line_total), minor(i.discount), minor(i.tax_amount)]), [
      [27000, 3000, 4874],
      [7470, 0, 497],
      [4000, 0, 722],
    ]);
    assert.deepEqual(taxLinesInMinor(invoice), [['VAT', 19, 29450, 5596], ['VAT', 7, 7096, 497]]);
    assert.deepEqual(totalsInMinor(invoice), {
      subtotal: 38470, global_discount: 1924, discount_total: 4924, shipping: 495, total_tax: 6093,
      rounding_adjustment: 0, grand_total: 43134, deposit: 0, amount_paid: 0, balance_due: 43134,
    });
  });

  it('Example 2: tax-inclusive with 19 % and 7 % (EUR)', () => {
    const invoice = compute({
      invoice: { currency: 'EUR', tax_inclusive: true },
      items: [
        { description: 'Headphones', quantity: 2, unit_price: 59.5, tax_rate: 19 },
        { description: 'Coffee', quantity: 3, unit_price: 10.7, tax_rate: 7 },
        { description: 'Cable', quantity: 1, unit_price: 9.99, tax_rate: 19 },
      ],
      shipping: 4.9,
    });
    assert.deepEqual(invoice.items.map((i) => [minor(i.line_total), minor(i.tax_amount)]), [[11900, 1900], [3210, 210], [999, 160]]);
    assert.deepEqual(taxLinesInMinor(invoice), [['VAT', 19, 10839, 2060], ['VAT', 7, 3000, 210]]);
    const t = totalsInMinor(invoice);
    assert.deepEqual([t.subtotal, t.total_tax, t.shipping, t.grand_total], [16109, 2270, 490, 16599]);
  });

  it('Example 3: JPY with cash rounding to 10 yen and a part payment', () => {
    const invoice = compute({
      invoice: { currency: 'JPY', language: 'ja' },
      items: [
        { description: '部品', quantity: 3, unit_price: 333.5, tax_rate: 10 },
        { description: '食品', quantity: 1, unit_price: 1480, discount: 5, tax_rate: 8 },
      ],
      rounding: 'nearest',
      rounding_increment: 10,
      amount_paid: 1000,
    });
    assert.deepEqual(invoice.items.map((i) => [i.line_total, i.discount, i.tax_amount]), [[1001, 0, 100], [1406, 74, 112]]);
    assert.deepEqual(taxLinesInMinor(invoice, 0), [['消費税', 10, 1001, 100], ['消費税', 8, 1406, 112]]);
    assert.deepEqual(
      [invoice.subtotal, invoice.total_tax, invoice.rounding_adjustment, invoice.grand_total, invoice.balance_due, invoice.status],
      [2407, 212, 1, 2620, 1620, 'partial'],
    );
  });

  it('Example 4: multi-component CGST 9 + SGST 9 (INR), display differs by one paisa', () => {
    const invoice = compute({
      invoice: { currency: 'INR', language: 'hi' },
      items: [
        { description: 'Service', quantity: 10, unit_price: 499.5 },
        { description: 'Part', unit_price: 5.5 },
        { description: 'Part', unit_price: 5.5 },
        { description: 'Part', unit_price: 5.5 },
      ],
      global_taxes: [{ name: 'CGST', rate: 9 }, { name: 'SGST', rate: 9 }],
    });
    assert.deepEqual(invoice.items.map((i) => [i.taxes.map((t) => minor(t.amount)), minor(i.tax_amount)]), [
      [[44955, 44955], 89910],
      [[50, 50], 99],
      [[50, 50], 99],
      [[50, 50], 99],
    ]);
    assert.deepEqual(taxLinesInMinor(invoice), [['CGST', 9, 501150, 45104], ['SGST', 9, 501150, 45104]]);
    const t = totalsInMinor(invoice);
    assert.deepEqual([t.subtotal, t.total_tax, t.grand_total], [501150, 90208, 591358]);
  });
});
