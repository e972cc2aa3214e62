import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { InvoiceRequest, LineItem } from '../../../src/domain/invoice/invoice-request-schema.ts';
import { compute, minor, taxLinesInMinor, totalsInMinor } from './invoice-fixtures.ts';

describe('D4 which taxes apply to a line', () => {
  const cases: Array<{
    name: string;
    item: Omit<LineItem, 'description'>;
    global: Pick<InvoiceRequest, 'global_tax' | 'global_taxes'>;
    language?: 'en' | 'de' | 'fr' | 'ja';
    taxes: Array<[string, number, number]>; // name, rate, amount in minor units
  }> = [
    { name: 'own taxes win over global_tax', item: { unit_price: 100, taxes: [{ name: 'GST', rate: 5 }] }, global: { global_tax: 10 }, taxes: [['GST', 5, 500]] },
    { name: 'own tax_rate wins over global_taxes', item: { unit_price: 100, tax_rate: 7 }, global: { global_taxes: [{ name: 'CGST', rate: 9 }] }, taxes: [['VAT', 7, 700]] },
    { name: 'tax_rate 0 counts as given', item: { unit_price: 100, tax_rate: 0 }, global: { global_tax: 20 }, taxes: [['VAT', 0, 0]] },
    { name: 'global_taxes when the line has none', item: { unit_price: 100 }, global: { global_taxes: [{ name: 'CGST', rate: 9 }, { name: 'SGST', rate: 9 }] }, taxes: [['CGST', 9, 900], ['SGST', 9, 900]] },
    { name: 'global_tax when the line has none', item: { unit_price: 100 }, global: { global_tax: 20 }, taxes: [['VAT', 20, 2000]] },
    { name: 'no tax at all', item: { unit_price: 100 }, global: {}, taxes: [] },
    { name: 'a component without a name gets the language word (de)', item: { unit_price: 100, taxes: [{ rate: 19 }] }, global: {}, language: 'de', taxes: [['MwSt.', 19, 1900]] },
    { name: 'tax_rate is named by the language word (fr)', item: { unit_price: 100, tax_rate: 20 }, global: {}, language: 'fr', taxes: [['TVA', 20, 2000]] },
    { name: 'global_tax is named by the language word (ja)', item: { unit_price: 1000 }, global: { global_tax: 10 }, language: 'ja', taxes: [['消費税', 10, 10000]] },
    { name: 'an empty name counts as no name', item: { unit_price: 100, taxes: [{ name: ' ', rate: 10 }] }, global: {}, taxes: [['VAT', 10, 1000]] },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const invoice = compute({ items: [{ description: 'x', ...c.item }], ...c.global, invoice: { language: c.language ?? 'en' } });
      const line = invoice.items[0]!;
      assert.deepEqual(line.taxes.map((t) => [t.name, t.rate, minor(t.amount)]), c.taxes);
      assert.deepEqual(taxLinesInMinor(invoice).map(([name, rate, , amount]) => [name, rate, amount]), c.taxes);
    });
  }
});

describe('D5 tax amounts, tax lines and the per-line display', () => {
  it('spec fact: subtotal 3000 at 22 % gives grand_total 3660', () => {
    const invoice = compute({ items: [{ description: 'x', quantity: 1, unit_price: 3000 }], global_tax: 22 });
    assert.equal(minor(invoice.total_tax), 66000);
    assert.equal(minor(invoice.grand_total), 366000);
  });

  it('spec fact: 2 × 100 at 20 % gives grand_total 240', () => {
    const invoice = compute({ items: [{ description: 'x', quantity: 2, unit_price: 100, tax_rate: 20 }] });
    assert.equal(minor(invoice.items[0]!.tax_amount), 4000);
    assert.equal(minor(invoice.grand_total), 24000);
  });

  it('groups by (name, rate) in order of first appearance', () => {
    const invoice = compute({
      items: [
        { description: 'a', unit_price: 10, tax_rate: 7 },
        { description: 'b', unit_price: 20, tax_rate: 19 },
        { description: 'c', unit_price: 30, tax_rate: 7 },
        { description: 'd', unit_price: 40, taxes: [{ name: 'GST', rate: 7 }] },
        { description: 'e', unit_price: 50, taxes: [{ name: 'VAT', rate: 19 }] },
      ],
    });
    assert.deepEqual(taxLinesInMinor(invoice), [
      ['VAT', 7, 4000, 280],
      ['VAT', 19, 7000, 1330],
      ['GST', 7, 4000, 280],
    ]);
    assert.equal(minor(invoice.total_tax), 280 + 1330 + 280);
  });

  it('rounds each group once from the exact sum; lines may differ by one minor unit each', () => {
    // Three lines of 0.05 at 10 %: each exact 0.005 shows as 0.01, the group 0.015 → 0.02.
    const invoice = compute({ items: [1, 2, 3].map((n) => ({ description: `l${n}`, unit_price: 0.05, tax_rate: 10 })) });
    assert.deepEqual(invoice.items.map((item) => minor(item.tax_amount)), [1, 1, 1]);
    assert.deepEqual(taxLinesInMinor(invoice), [['VAT', 10, 15, 2]]);
    assert.equal(minor(invoice.total_tax), 2);
    assert.equal(minor(invoice.grand_total), 17);
  });

  it('a zero rate still makes a tax line with amount 0', () => {
    const invoice = compute({ items: [{ description: 'export', unit_price: 500, tax_rate: 0 }, { description: 'local', unit_price: 100, tax_rate: 20 }] });
    assert.deepEqual(taxLinesInMinor(invoice), [['VAT', 0, 50000, 0], ['VAT', 20, 10000, 2000]]);
  });

  it('multi-component taxes: CGST 9 + SGST 9, each its own tax line', () => {
    const invoice = compute({
      invoice: { currency: 'INR' },
      items: [
        { description: 'a', quantity: 10, unit_price: 499.5 },
        { description: 'b', unit_price: 5.5 },
        { description: 'c', unit_price: 5.5 },
        { description: 'd', unit_price: 5.5 },
      ],
      global_taxes: [{ name: 'CGST', rate: 9 }, { name: 'SGST', rate: 9 }],
    });
    // 5011.50 × 9 % = 451.035 → 451.04 per component, rounded once per group.
    assert.deepEqual(taxLinesInMinor(invoice), [['CGST', 9, 501150, 45104], ['SGST', 9, 501150, 45104]]);
    assert.equal(minor(invoice.total_tax), 90208);
    assert.equal(minor(invoice.grand_total), 501150 + 90208);
    // Line a: 449.55 + 449.55; line b: exact 0.495 per component shows 0.50, its total 0.99 shows 0.99.
    assert.deepEqual(invoice.items[0]!.taxes.map((t) => minor(t.amount)), [44955, 44955]);
    assert.equal(minor(invoice.items[0]!.tax_amount), 89910);
    assert.deepEqual(invoice.items[1]!.taxes.map((t) => [t.name, t.rate, minor(t.amount)]), [['CGST', 9, 50], ['SGST', 9, 50]]);
    assert.equal(minor(invoice.items[1]!.tax_amount), 99);
    // Display sum of CGST over lines is 451.05, one paisa more than the group: within one per line.
    const cgstDisplay = invoice.items.reduce((sum, item) => sum + minor(item.taxes[0]!.amount), 0);
    assert.equal(cgstDisplay, 45105);
    assert.ok(Math.abs(cgstDisplay - 45104) <= invoice.items.length);
  });

  it('a line with several components mixes with single-rate lines of the same name and rate', () => {
    const invoice = compute({
      items: [
        { description: 'a', unit_price: 100, taxes: [{ name: 'CGST', rate: 9 }, { name: 'SGST', rate: 9 }] },
        { description: 'b', unit_price: 50, taxes: [{ name: 'CGST', rate: 9 }] },
      ],
    });
    assert.deepEqual(taxLinesInMinor(invoice), [['CGST', 9, 15000, 1350], ['SGST', 9, 10000, 900]]);
    assert.equal(totalsInMinor(invoice).total_tax, 2250);
  });
});
