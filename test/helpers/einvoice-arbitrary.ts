import fc from 'fast-check';
import { german } from './einvoice-fixtures.ts';

type Json = Record<string, any>;

const RATES = [19, 7, 0] as const;

/** A line: quantities and prices as numbers or exact decimal strings, some discounted, some charged. */
const lineArb = fc.record({
  quantity: fc.oneof(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 999_999 }).map((n) => (n / 1000).toFixed(3))),
  unit_price: fc.oneof(fc.integer({ min: 0, max: 2_000_000 }).map((n) => n / 100), fc.integer({ min: 1, max: 99_999_999 }).map((n) => (n / 10_000).toFixed(4))),
  rate: fc.constantFrom(...RATES),
  discount: fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }),
  charge: fc.option(fc.integer({ min: 1, max: 5000 }).map((n) => n / 100), { nil: undefined }),
  negative: fc.boolean(),
});

/**
 * Random German e-invoice requests, for property tests: 1–12 lines at 19, 7 or 0 %, decimal
 * strings, line discounts and charges, a return line, a global discount, taxed or untaxed shipping,
 * an allowance and a charge, tax-inclusive prices, a credit note, a reverse-charge or
 * intra-community variant — and, now and then, a datum a profile needs left out, so that both sides
 * of the pre-flight are exercised.
 */
export const eInvoiceRequestArb: fc.Arbitrary<Json> = fc.record({
  lines: fc.array(lineArb, { minLength: 1, maxLength: 12 }),
  globalDiscount: fc.option(fc.integer({ min: 1, max: 15 }), { nil: undefined }),
  shipping: fc.option(fc.integer({ min: 1, max: 9999 }).map((n) => n / 100), { nil: undefined }),
  shippingTaxed: fc.boolean(),
  allowance: fc.boolean(),
  charge: fc.boolean(),
  inclusive: fc.boolean(),
  creditNote: fc.boolean(),
  variant: fc.constantFrom('domestic', 'domestic', 'domestic', 'reverse_charge', 'intra_community'),
  drop: fc.option(fc.constantFrom('from.contact', 'to.address', 'payment', 'invoice.buyer_reference', 'from.electronic_address', 'from.tax_id'), { nil: undefined }),
}).map((g) => {
  const request = german();
  request.items = g.lines.map((l, i) => {
    const negative = l.negative && i > 0;
    // A return is small beside the main line, so the invoice stays positive.
    const item: Json = negative
      ? { description: `Retoure ${i + 1}`, quantity: typeof l.quantity === 'string' ? '-1.5' : -1, unit_price: Math.min(Number(l.unit_price), 99.99), tax_rate: l.rate }
      : { description: `Position ${i + 1}`, quantity: l.quantity, unit_price: l.unit_price, tax_rate: l.rate };
    if (!negative && l.discount !== undefined) item.discount = l.discount;
    if (!negative && l.charge !== undefined) item.charges = [{ amount: l.charge, reason: 'Verpackung' }];
    return item;
  });
  // Negative lines must not outweigh the rest (an invoice is never negative, D38).
  request.items.unshift({ description: 'Hauptleistung', quantity: 1, unit_price: 100_000, tax_rate: 19 });
  if (g.globalDiscount !== undefined) request.global_discount = g.globalDiscount;
  if (g.shipping !== undefined) {
    request.shipping = g.shipping;
    if (g.shippingTaxed) request.shipping_tax_rate = 19;
  }
  if (g.allowance) request.allowances = [{ amount: 12.34, reason: 'Rabatt', tax_category: 'S', tax_rate: 19 }];
  if (g.charge) request.charges = [{ percent: 1.5, reason: 'Zuschlag', reason_code: 'ZZZ', tax_category: 'S', tax_rate: 19 }];
  if (g.inclusive) request.invoice.tax_inclusive = true;
  if (g.creditNote) {
    request.document_type = 'credit_note';
    request.billing_reference = { number: 'RE-2026-0001', date: '2026-10-01' };
  }
  if (g.variant !== 'domestic') {
    // The buyer abroad; every line (and what is placed in the lines' category) zero rated by category.
    request.to = { ...request.to, address: 'Ringstraße 1\n1010 Wien', country: 'AT', tax_id: 'ATU87654321', electronic_address: { scheme: '9915', value: 'ATU87654321' } };
    request.tax_category = g.variant === 'reverse_charge' ? 'AE' : 'K';
    for (const item of request.items) delete item.tax_rate;
    if (request.shipping_tax_rate !== undefined) delete request.shipping_tax_rate;
    for (const list of [request.allowances, request.charges]) for (const a of list ?? []) { a.tax_category = request.tax_category; a.tax_rate = 0; }
    if (g.variant === 'intra_community') {
      request.ship_to = { name: 'Wiener Handel GmbH', address: 'Industriestraße 5\n1230 Wien', country: 'AT' };
      request.invoice.delivery_date = '2026-10-30';
    }
  }
  if (g.drop !== undefined) {
    const [head, tail] = g.drop.split('.') as [string, string];
    delete request[head][tail];
  }
  return request;
});
