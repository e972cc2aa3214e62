import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { computeInvoice } from '../../../src/domain/invoice/compute-invoice.ts';
import { CURRENCY_MINOR_UNITS, type Currency } from '../../../src/domain/invoice/catalog.ts';
import type { InvoiceRequest, LineItem, TaxComponent } from '../../../src/domain/invoice/invoice-request-schema.ts';
import type { Invoice } from '../../../src/domain/invoice/invoice-schema.ts';
import { CTX, decimalsOf, minor, moneyFields, referenceLargestRemainder, referenceRound, totalsInMinor } from './invoice-fixtures.ts';

/**
 * Invariants over random invoices. Inputs are generated as integers in fixed units (quantity in
 * thousandths, price in ten-thousandths, rates in thousandths of a percent) so that a reference
 * model here can recompute line totals, global-discount shares and exact tax shares on BigInt.
 */
const RUNS = 500;
const POW = (digits: number) => 10n ** BigInt(digits);

type GenLine = {
  quantityMilli: number;
  priceTenThousandths: number;
  discount: { kind: 'percent'; tenths: number } | { kind: 'amount'; perMille: number } | null;
  tax: { kind: 'none' } | { kind: 'rate'; milli: number } | { kind: 'components'; list: Array<{ name: string; milli: number }> };
};

const rateMilli = fc.oneof(fc.constantFrom(0, 5000, 7000, 9000, 19000, 20000, 22000), fc.integer({ min: 0, max: 100_000 }));
const lineArb: fc.Arbitrary<GenLine> = fc.record({
  quantityMilli: fc.oneof(fc.integer({ min: 0, max: 100_000 }), fc.constantFrom(1000, 2000, 12_000)),
  priceTenThousandths: fc.oneof(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 0, max: 10_000 }).map((c) => c * 100)),
  discount: fc.oneof(
    fc.constant(null),
    fc.record({ kind: fc.constant('percent' as const), tenths: fc.integer({ min: 0, max: 1000 }) }),
    fc.record({ kind: fc.constant('amount' as const), perMille: fc.integer({ min: 0, max: 1000 }) }),
  ),
  tax: fc.oneof(
    fc.constant({ kind: 'none' as const }),
    fc.record({ kind: fc.constant('rate' as const), milli: rateMilli }),
    fc.record({
      kind: fc.constant('components' as const),
      list: fc.array(fc.record({ name: fc.constantFrom('CGST', 'SGST', 'VAT', 'Levy'), milli: rateMilli }), { minLength: 1, maxLength: 3 }),
    }),
  ),
});

const invoiceArb = fc.record({
  currency: fc.constantFrom<Currency>('USD', 'EUR', 'JPY', 'KRW', 'CHF', 'INR'),
  inclusive: fc.boolean(),
  lines: fc.array(lineArb, { minLength: 1, maxLength: 12 }),
  globalTax: fc.option(rateMilli, { nil: undefined }),
  globalDiscount: fc.oneof(
    fc.constant(null),
    fc.record({ kind: fc.constant('percent' as const), tenths: fc.integer({ min: 0, max: 1000 }) }),
    fc.record({ kind: fc.constant('amount' as const), perMille: fc.integer({ min: 0, max: 1000 }) }),
  ),
  shippingCents: fc.integer({ min: 0, max: 1_000_000 }),
  paidCents: fc.integer({ min: 0, max: 10_000_000 }),
  rounding: fc.constantFrom<NonNullable<InvoiceRequest['rounding']>>('none', 'nearest', 'up', 'down'),
  increment: fc.constantFrom<number | undefined>(undefined, 1, 0.05, 0.5, 10, 100),
});
type GenInvoice = typeof invoiceArb extends fc.Arbitrary<infer T> ? T : never;

/** Line totals in minor units by the reference model (D1). */
function referenceLineTotals(gen: GenInvoice, digits: number): bigint[] {
  const toMinor = POW(7 - digits); // amounts are in 10^-7 (thousandths × ten-thousandths)
  return gen.lines.map((line) => {
    const amount = BigInt(line.quantityMilli) * BigInt(line.priceTenThousandths);
    if (line.discount === null) return referenceRound(amount, toMinor);
    if (line.discount.kind === 'percent') return referenceRound(amount * (1000n - BigInt(line.discount.tenths)), 1000n * toMinor);
    return referenceRound(amount - amountDiscountCents(line) * 100_000n, toMinor);
  });
}

/** An amount discount of perMille ‰ of the line amount, in whole cents (never above the amount). */
function amountDiscountCents(line: GenLine): bigint {
  if (line.discount?.kind !== 'amount') return 0n;
  return (BigInt(line.quantityMilli) * BigInt(line.priceTenThousandths) * BigInt(line.discount.perMille)) / (1000n * 100_000n);
}

function lineRatesMilli(gen: GenInvoice, line: GenLine): bigint[] {
  if (line.tax.kind === 'rate') return [BigInt(line.tax.milli)];
  if (line.tax.kind === 'components') return line.tax.list.map((c) => BigInt(c.milli));
  return gen.globalTax === undefined ? [] : [BigInt(gen.globalTax)];
}

function build(gen: GenInvoice): { request: InvoiceRequest; digits: number; globalDiscountMinor: bigint } {
  const digits = CURRENCY_MINOR_UNITS[gen.currency];
  const subtotal = referenceLineTotals(gen, digits).reduce((a, b) => a + b, 0n);
  const items: LineItem[] = gen.lines.map((line, i) => {
    const item: LineItem = { description: `line ${i}`, quantity: line.quantityMilli / 1000, unit_price: line.priceTenThousandths / 10_000 };
    if (line.discount?.kind === 'percent') item.discount = line.discount.tenths / 10;
    if (line.discount?.kind === 'amount') {
      item.discount = Number(amountDiscountCents(line)) / 100;
      item.discount_type = 'amount';
    }
    if (line.tax.kind === 'rate') item.tax_rate = line.tax.milli / 1000;
    if (line.tax.kind === 'components') item.taxes = line.tax.list.map((c): TaxComponent => ({ name: c.name, rate: c.milli / 1000 }));
    return item;
  });
  const request: InvoiceRequest = {
    from: { name: 'S' },
    to: { name: 'B' },
    invoice: { currency: gen.currency, tax_inclusive: gen.inclusive },
    items,
    shipping: gen.shippingCents / 100,
    amount_paid: gen.paidCents / 100,
    rounding: gen.rounding,
  };
  if (gen.globalTax !== undefined) request.global_tax = gen.globalTax / 1000;
  // The increment must be a multiple of the minor unit: 0.05 and 0.5 only where there are cents.
  if (gen.increment !== undefined && (digits === 2 || Number.isInteger(gen.increment))) request.rounding_increment = gen.increment;
  let globalDiscountMinor = 0n;
  if (gen.globalDiscount?.kind === 'percent') {
    request.global_discount = gen.globalDiscount.tenths / 10;
    globalDiscountMinor = referenceRound(subtotal * BigInt(gen.globalDiscount.tenths), 1000n);
  } else if (gen.globalDiscount?.kind === 'amount') {
    globalDiscountMinor = (subtotal * BigInt(gen.globalDiscount.perMille)) / 1000n;
    request.global_discount = Number(globalDiscountMinor) / 10 ** digits;
    request.global_discount_type = 'amount';
  }
  return { request, digits, globalDiscountMinor };
}

function stepMinor(request: InvoiceRequest, digits: number): number {
  return Math.round(Number(request.rounding_increment ?? 1) * 10 ** digits);
}

function run(property: (gen: GenInvoice, invoice: Invoice, digits: number, request: InvoiceRequest) => void): void {
  fc.assert(
    fc.property(invoiceArb, (gen) => {
      const { request, digits } = build(gen);
      const invoice = computeInvoice(request, CTX);
      property(gen, invoice, digits, request);
    }),
    { numRuns: RUNS },
  );
}

describe('computeInvoice properties', () => {
  it('line totals and the global discount match the reference model', () => {
    run((gen, invoice, digits) => {
      const expected = referenceLineTotals(gen, digits);
      assert.deepEqual(invoice.items.map((item) => BigInt(minor(item.line_total, digits))), expected);
      assert.equal(BigInt(minor(invoice.global_discount, digits)), build(gen).globalDiscountMinor);
    });
  });

  it('exclusive: grand_total = subtotal − global_discount + total_tax + shipping + rounding_adjustment', () => {
    run((gen, invoice, digits) => {
      fc.pre(!gen.inclusive);
      const t = totalsInMinor(invoice, digits);
      assert.equal(t.grand_total, t.subtotal - t.global_discount + t.total_tax + t.shipping + t.rounding_adjustment);
    });
  });

  it('inclusive: grand_total = Σ gross line totals − global_discount + shipping + rounding_adjustment', () => {
    run((gen, invoice, digits) => {
      fc.pre(gen.inclusive);
      const t = totalsInMinor(invoice, digits);
      const gross = invoice.items.reduce((sum, item) => sum + minor(item.line_total, digits), 0);
      assert.equal(t.grand_total, gross - t.global_discount + t.shipping + t.rounding_adjustment);
    });
  });

  it('Σ tax_lines = total_tax, and balance_due = grand_total − amount_paid', () => {
    run((_gen, invoice, digits) => {
      const t = totalsInMinor(invoice, digits);
      assert.equal(invoice.tax_lines.reduce((sum, line) => sum + minor(line.amount, digits), 0), t.total_tax);
      assert.equal(t.balance_due, t.grand_total - t.amount_paid);
    });
  });

  it('no money result has more decimals than the currency allows', () => {
    run((_gen, invoice, digits) => {
      for (const [field, value] of moneyFields(invoice)) assert.ok(decimalsOf(value) <= digits, `${field} = ${value}`);
    });
  });

  it('rounding moves the total by less than one increment, in the direction asked', () => {
    run((_gen, invoice, digits, request) => {
      const step = stepMinor(request, digits);
      const adjustment = minor(invoice.rounding_adjustment, digits);
      const grand = minor(invoice.grand_total, digits);
      assert.ok(Math.abs(adjustment) < step);
      if (request.rounding === 'none') assert.equal(adjustment, 0);
      else assert.equal(grand % step, 0);
      if (request.rounding === 'up') assert.ok(adjustment >= 0);
      if (request.rounding === 'down') assert.ok(adjustment <= 0);
      if (request.rounding === 'nearest') assert.ok(2 * Math.abs(adjustment) <= step);
    });
  });

  it('each line\'s tax_amount is within half a minor unit of its exact share', () => {
    run((gen, invoice, digits) => {
      const lineTotals = referenceLineTotals(gen, digits);
      const shares = referenceLargestRemainder(build(gen).globalDiscountMinor, lineTotals);
      gen.lines.forEach((line, i) => {
        const base = lineTotals[i]! - shares[i]!;
        const rate = lineRatesMilli(gen, line).reduce((a, b) => a + b, 0n);
        // exact share = base × rate / den (rates in thousandths of a percent)
        const den = gen.inclusive ? 100_000n + rate : 100_000n;
        const shown = BigInt(minor(invoice.items[i]!.tax_amount, digits));
        const error = shown * den - base * rate;
        assert.ok(2n * (error < 0n ? -error : error) <= den, `line ${i}: ${shown} vs ${base * rate}/${den}`);
      });
    });
  });

  it('each tax line is its members\' exact sum rounded once, and lines differ from it by at most one unit each', () => {
    run((gen, invoice, digits) => {
      const lineTotals = referenceLineTotals(gen, digits);
      const shares = referenceLargestRemainder(build(gen).globalDiscountMinor, lineTotals);
      for (const taxLine of invoice.tax_lines) {
        const rate = BigInt(Math.round(Number(taxLine.rate) * 1000));
        let numerator = 0n;
        let denominator = 1n;
        let members = 0;
        let shownSum = 0;
        gen.lines.forEach((line, i) => {
          const names = line.tax.kind === 'components' ? line.tax.list.map((c) => [c.name, BigInt(c.milli)] as const)
            : lineRatesMilli(gen, line).map((r) => ['VAT', r] as const);
          const count = names.filter(([name, r]) => name === taxLine.name && r === rate).length;
          if (count === 0) return;
          const base = lineTotals[i]! - shares[i]!;
          const den = gen.inclusive ? 100_000n + lineRatesMilli(gen, line).reduce((a, b) => a + b, 0n) : 100_000n;
          numerator = numerator * den + BigInt(count) * base * rate * denominator;
          denominator *= den;
          members += count;
          invoice.items[i]!.taxes.forEach((t) => {
            if (t.name === taxLine.name && t.rate === taxLine.rate) shownSum += minor(t.amount, digits);
          });
        });
        assert.equal(BigInt(minor(taxLine.amount, digits)), referenceRound(numerator, denominator));
        assert.ok(Math.abs(shownSum - minor(taxLine.amount, digits)) <= members);
      }
    });
  });
});
