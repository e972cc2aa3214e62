import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LineItem } from '../../../src/domain/invoice/invoice-request-schema.ts';
import { compute, minor, referenceLargestRemainder, referenceRound, taxLinesInMinor, totalsInMinor } from './invoice-fixtures.ts';

/**
 * 100 lines with fractional quantities (3 decimals), prices (4 decimals), percent discounts and
 * four rates (one fractional), a global discount and shipping, checked against an expectation
 * computed here on BigInt integers in other units (quantity in thousandths, price in
 * ten-thousandths, rates and discounts in tenths of a percent), independent of the engine.
 */
describe('100 lines against an independent integer computation', () => {
  const RATES_TENTHS = [0n, 70n, 190n, 205n];
  const lines = Array.from({ length: 100 }, (_, i) => ({
    quantityMilli: BigInt(1 + ((i * 7919) % 5000)),
    priceTenThousandths: BigInt(1 + ((i * 104729) % 2_000_000)),
    discountTenths: i % 5 === 0 ? BigInt((i % 4) * 25) : 0n,
    rateTenths: RATES_TENTHS[i % 4]!,
  }));
  const items: LineItem[] = lines.map((line, i) => ({
    description: `line ${i}`,
    quantity: Number(line.quantityMilli) / 1000,
    unit_price: Number(line.priceTenThousandths) / 10000,
    ...(line.discountTenths === 0n ? {} : { discount: Number(line.discountTenths) / 10 }),
    tax_rate: Number(line.rateTenths) / 10,
  }));

  // amount in 10^-7 units; cents are 10^-2, so divide by 10^5.
  const lineTotals = lines.map((l) => referenceRound(l.quantityMilli * l.priceTenThousandths * (1000n - l.discountTenths), 1000n * 100_000n));
  const lineDiscounts = lines.map((l, i) => referenceRound(l.quantityMilli * l.priceTenThousandths, 100_000n) - lineTotals[i]!);
  const subtotal = lineTotals.reduce((a, b) => a + b, 0n);
  const globalDiscount = referenceRound(subtotal * 3n, 100n);
  const shares = referenceLargestRemainder(globalDiscount, lineTotals);
  const bases = lineTotals.map((t, i) => t - shares[i]!);
  assert.ok(shares.some((share, i) => share * subtotal !== globalDiscount * lineTotals[i]!), 'the split has remainders');
  // Untaxed shipping is zero rated, so its base joins the 0 % tax line (it adds no tax).
  const shipping = 1234n;
  const groups = RATES_TENTHS.map((rate) => {
    const taxable = bases.filter((_, i) => lines[i]!.rateTenths === rate).reduce((a, b) => a + b, 0n) + (rate === 0n ? shipping : 0n);
    return { rate, taxable, amount: referenceRound(taxable * rate, 1000n) };
  });
  const totalTax = groups.reduce((a, g) => a + g.amount, 0n);
  const grandTotal = subtotal - globalDiscount + totalTax + shipping;

  const invoice = compute({ items, global_discount: 3, shipping: 12.34, invoice: { currency: 'EUR' } });

  it('line totals and displayed discounts', () => {
    assert.deepEqual(invoice.items.map((item) => minor(item.line_total)), lineTotals.map(Number));
    assert.deepEqual(invoice.items.map((item) => minor(item.discount)), lineDiscounts.map(Number));
  });

  it('per-line tax amounts are each line\'s exact share rounded', () => {
    assert.deepEqual(
      invoice.items.map((item) => minor(item.tax_amount)),
      bases.map((base, i) => Number(referenceRound(base * lines[i]!.rateTenths, 1000n))),
    );
  });

  it('tax lines, totals and grand total', () => {
    assert.deepEqual(
      taxLinesInMinor(invoice),
      groups.map((g) => ['VAT', Number(g.rate) / 10, Number(g.taxable), Number(g.amount)]),
    );
    const t = totalsInMinor(invoice);
    assert.equal(t.subtotal, Number(subtotal));
    assert.equal(t.global_discount, Number(globalDiscount));
    assert.equal(t.discount_total, Number(lineDiscounts.reduce((a, b) => a + b, 0n) + globalDiscount));
    assert.equal(t.total_tax, Number(totalTax));
    assert.equal(t.grand_total, Number(grandTotal));
    assert.equal(t.balance_due, Number(grandTotal));
  });
});
