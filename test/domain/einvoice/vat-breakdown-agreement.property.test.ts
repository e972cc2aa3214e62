import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { computeInvoice } from '../../../src/domain/invoice/compute-invoice.ts';
import type { Invoice } from '../../../src/domain/invoice/invoice-schema.ts';
import { parseDecimal } from '../../../src/domain/money/parse-decimal.ts';
import { makeEInvoice } from '../../helpers/make-einvoice.ts';
import { readUbl } from '../../helpers/read-ubl.ts';
import { validateInvoiceRequest } from '../../../src/requests/validate-invoice-request.ts';

/**
 * One answer, one set of numbers: the JSON's tax lines and the VAT breakdown of the UBL and CII
 * documents made from the same request state the same taxable amounts and taxes, for requests
 * that mix rates and categories, named taxes, untaxed lines, the global discount, allowances and
 * charges (with and without their own category and rate), taxed and untaxed shipping,
 * tax-inclusive prices, negative lines and a currency without decimals.
 *
 * Each tax line belongs to one VAT category (its tax_category), so for each category code the
 * taxes add up exactly; where every line of a category is taxed with one component set (every
 * request here but the deliberately mixed ones), each breakdown entry (category, rate) equals the
 * tax lines at that rate: the sum of their taxes, and each one's taxable amount.
 */

type Json = Record<string, unknown>;

const CATEGORY_OF_ZERO = ['Z', 'E', 'AE', 'K', 'G', 'O'] as const;

const lineArb = fc.record({
  quantity: fc.oneof(fc.integer({ min: 1, max: 20 }), fc.constantFrom(0.5, 1.25, 3)),
  price: fc.integer({ min: 1, max: 50_000 }).map((c) => c / 100),
  // A line's tax: a rate (0 makes a zero-rated or exempt line), the invoice's named taxes, or none.
  tax: fc.oneof(
    fc.constantFrom(19, 7, 20.5, 10).map((rate) => ({ kind: 'rate' as const, rate })),
    fc.constant({ kind: 'zero' as const }),
    fc.constant({ kind: 'global' as const }),
    fc.constant({ kind: 'none' as const }),
  ),
  zeroCategory: fc.constantFrom(...CATEGORY_OF_ZERO),
  negative: fc.boolean(),
  discount: fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }),
});

/** Mostly placed: an allowance without a category of its own needs lines of one category, which mixed requests rarely have. */
const placedArb = fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) });

const requestArb = fc.record({
  lines: fc.array(lineArb, { minLength: 1, maxLength: 6 }),
  // The invoice's named taxes: one VAT-like component, or two components taxing every line alike.
  globalTaxes: fc.constantFrom(
    [{ name: 'GST', rate: 10 }],
    [{ name: 'MwSt', rate: 19 }],
    [{ name: 'CGST', rate: 9 }, { name: 'SGST', rate: 9 }],
  ),
  inclusive: fc.boolean(),
  currency: fc.constantFrom('EUR', 'JPY'),
  globalDiscount: fc.option(fc.integer({ min: 1, max: 15 }), { nil: undefined }),
  allowance: fc.option(fc.record({ amount: fc.integer({ min: 1, max: 500 }).map((c) => c / 100), placed: placedArb }), { nil: undefined }),
  charge: fc.option(fc.record({ percent: fc.integer({ min: 1, max: 10 }), amount: fc.integer({ min: 1, max: 900 }).map((c) => c / 100), placed: placedArb }), { nil: undefined }),
  shipping: fc.option(fc.record({ amount: fc.integer({ min: 1, max: 3000 }).map((c) => c / 100), rate: fc.option(fc.constantFrom(19, 7, 0), { nil: undefined }) }), { nil: undefined }),
});

function sample(g: Parameters<Parameters<typeof requestArb.map>[0]>[0]): Json {
  const money = (n: number) => (g.currency === 'JPY' ? Math.max(1, Math.round(n)) : n);
  // Exempt lines of one category must state one reason; one zero category per invoice keeps it simple.
  const zeroCategory = g.lines[0]!.zeroCategory;
  const anyTaxed = g.lines.some((l) => l.tax.kind !== 'none');
  const items = g.lines.map((l, i) => {
    const item: Json = { description: `L${i}`, quantity: l.negative && i > 0 ? -1 : l.quantity, unit_price: money(l.price) };
    if (l.discount !== undefined && !(l.negative && i > 0)) item.discount = l.discount;
    if (l.tax.kind === 'rate') item.tax_rate = l.tax.rate;
    if (l.tax.kind === 'zero') {
      item.tax_rate = 0;
      item.tax_category = zeroCategory === 'O' && anyTaxed ? 'Z' : zeroCategory;
      if (item.tax_category !== 'Z') item.tax_exemption_reason = 'Exempt by law';
    }
    if (l.tax.kind === 'none') item.tax_rate = undefined;
    return item;
  });
  const usesGlobal = g.lines.some((l) => l.tax.kind === 'global');
  // A line without tax of its own takes the global taxes (D4); "none" lines need them absent.
  const body: Json = {
    from: { name: 'A' }, to: { name: 'B' },
    invoice: { currency: g.currency, tax_inclusive: g.inclusive },
    items: items.map((item, i) => (g.lines[i]!.tax.kind === 'none' && usesGlobal ? { ...item, tax_rate: 0, tax_category: 'Z', tax_exemption_reason: undefined } : item)),
  };
  if (usesGlobal) body.global_taxes = g.globalTaxes;
  if (g.globalDiscount !== undefined) body.global_discount = g.globalDiscount;
  if (g.allowance !== undefined) {
    body.allowances = [{ amount: money(g.allowance.amount), reason: 'a', ...(g.allowance.placed ? { tax_category: 'S', tax_rate: 19 } : {}) }];
  }
  // A percent is of its category's lines, which a charge placed at 7 % rarely has: it takes an amount.
  if (g.charge !== undefined) body.charges = [g.charge.placed ? { amount: money(g.charge.amount), reason: 'c', tax_category: 'S', tax_rate: 7 } : { percent: g.charge.percent, reason: 'c' }];
  if (g.shipping !== undefined) {
    body.shipping = money(g.shipping.amount);
    if (g.shipping.rate !== undefined) body.shipping_tax_rate = g.shipping.rate;
  }
  return JSON.parse(JSON.stringify(body)) as Json;
}

interface BreakdownEntry { category: string; rate: bigint; taxable: bigint; tax: bigint }

const scaled = (text: string) => parseDecimal(text, 'xml');

async function breakdownOf(xml: string, syntax: 'ubl' | 'cii'): Promise<BreakdownEntry[]> {
  const doc = await readUbl(xml);
  if (syntax === 'ubl') {
    const base = '/inv:Invoice/cac:TaxTotal/cac:TaxSubtotal';
    const categories = doc.values(`${base}/cac:TaxCategory/cbc:ID`);
    const rates = doc.values(`${base}/cac:TaxCategory/cbc:Percent`);
    const taxables = doc.values(`${base}/cbc:TaxableAmount`);
    const taxes = doc.values(`${base}/cbc:TaxAmount`);
    return categories.map((category, i) => ({ category, rate: scaled(rates[i]!), taxable: scaled(taxables[i]!), tax: scaled(taxes[i]!) }));
  }
  const base = '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax';
  const categories = doc.values(`${base}/ram:CategoryCode`);
  const rates = doc.values(`${base}/ram:RateApplicablePercent`);
  const taxables = doc.values(`${base}/ram:BasisAmount`);
  const taxes = doc.values(`${base}/ram:CalculatedAmount`);
  return categories.map((category, i) => ({ category, rate: rates[i] === undefined ? 0n : scaled(rates[i]!), taxable: scaled(taxables[i]!), tax: scaled(taxes[i]!) }));
}

describe('the JSON tax lines and the e-invoices\' VAT breakdown agree', () => {
  it('for each category the taxes add up, and each breakdown entry states its tax lines\' figures', async () => {
    let checked = 0;
    await fc.assert(fc.asyncProperty(requestArb, async (g) => {
      const body = sample(g);
      let invoice: Invoice;
      try {
        invoice = computeInvoice(validateInvoiceRequest(structuredClone(body), 'body'), { today: '2026-11-25', number: 'X' });
      } catch {
        return; // refused requests make no documents (a negative total, an S allowance without S lines …)
      }
      checked += 1;
      for (const syntax of ['ubl', 'cii'] as const) {
        const { xml } = makeEInvoice({ ...body, output: syntax }, { preflight: false });
        const breakdown = await breakdownOf(xml, syntax);
        const where = `${syntax} of ${JSON.stringify(body)}`;
        const codes = new Set([...breakdown.map((b) => b.category), ...invoice.tax_lines.map((t) => t.tax_category)]);
        for (const code of codes) {
          const documentTax = breakdown.filter((b) => b.category === code).reduce((sum, b) => sum + b.tax, 0n);
          const jsonTax = invoice.tax_lines.filter((t) => t.tax_category === code).reduce((sum, t) => sum + scaled(String(t.amount)), 0n);
          assert.equal(documentTax, jsonTax, `taxes of category ${code}, ${where}`);
        }
        for (const entry of breakdown) {
          const lines = invoice.tax_lines.filter((t) => t.tax_category === entry.category);
          const components = lines.filter((t) => scaled(String(t.rate)) === entry.rate);
          if (lines.length === 0) {
            assert.equal(entry.tax, 0n, `untaxed category ${entry.category} has no tax, ${where}`);
            continue;
          }
          if (components.length > 0) {
            // Single-rate tax lines at this rate: their taxable amounts add up to the entry's.
            assert.equal(components.reduce((sum, t) => sum + scaled(String(t.taxable_amount)), 0n), entry.taxable, `taxable of ${entry.category} ${entry.rate}, ${where}`);
            assert.equal(components.reduce((sum, t) => sum + scaled(String(t.amount)), 0n), entry.tax, `tax of ${entry.category} ${entry.rate}, ${where}`);
          } else {
            // Components of one set (CGST 9 + SGST 9 = 18): each tax line's taxable is the entry's.
            const named: readonly { name: string }[] = g.globalTaxes;
            const set = lines.filter((t) => named.some((c) => c.name === t.name));
            assert.ok(set.length > 1, `the tax lines of ${entry.category} ${entry.rate} are one set, ${where}`);
            for (const t of set) assert.equal(scaled(String(t.taxable_amount)), entry.taxable, `taxable of ${t.name} in ${entry.category} ${entry.rate}, ${where}`);
            assert.equal(set.reduce((sum, t) => sum + scaled(String(t.amount)), 0n), entry.tax, `tax of the set in ${entry.category} ${entry.rate}, ${where}`);
          }
        }
      }
    }), { numRuns: 300, seed: 32 });
    assert.ok(checked >= 150, `${checked} of 300 requests reached a document`);
  });

  it('a zero-rated line\'s allowance lowers the 0 % base in the JSON as in the documents (90, not 100)', async () => {
    const body = { from: { name: 'A' }, to: { name: 'B' }, invoice: { currency: 'EUR' }, items: [{ description: 'x', unit_price: 100, tax_rate: 0 }], allowances: [{ amount: 10, reason: 'r' }] };
    const invoice = computeInvoice(validateInvoiceRequest(structuredClone(body), 'body'), { today: '2026-11-25', number: 'X' });
    assert.deepEqual(invoice.tax_lines, [{ name: 'VAT', rate: 0, tax_category: 'Z', taxable_amount: 90, amount: 0 }]);
    const breakdown = await breakdownOf(makeEInvoice({ ...body, output: 'ubl' }, { preflight: false }).xml, 'ubl');
    assert.deepEqual(breakdown, [{ category: 'Z', rate: 0n, taxable: 90_000_000n, tax: 0n }]);
  });

  it('an exempt line without a rate of its own is stated at 0 % in its category beside the taxed lines', async () => {
    const body = { from: { name: 'A' }, to: { name: 'B' }, invoice: { currency: 'EUR' }, items: [{ description: 'x', unit_price: 100, tax_rate: 19 }, { description: 'y', unit_price: 50, tax_category: 'E', tax_exemption_reason: 'Exempt' }] };
    const invoice = computeInvoice(validateInvoiceRequest(structuredClone(body), 'body'), { today: '2026-11-25', number: 'X' });
    assert.deepEqual(invoice.tax_lines, [
      { name: 'VAT', rate: 19, tax_category: 'S', taxable_amount: 100, amount: 19 },
      { name: 'VAT', rate: 0, tax_category: 'E', taxable_amount: 50, amount: 0 },
    ]);
    const breakdown = await breakdownOf(makeEInvoice({ ...body, output: 'ubl' }, { preflight: false }).xml, 'ubl');
    assert.deepEqual(breakdown.map((b) => [b.category, b.taxable, b.tax]), [['S', 100_000_000n, 19_000_000n], ['E', 50_000_000n, 0n]]);
  });

  it('an allowance joins a named tax: GST 10 % on 1.15 less 0.04 is 0.11 on 1.11, in the JSON and the documents', async () => {
    const body = { from: { name: 'A' }, to: { name: 'B' }, invoice: { currency: 'AUD' }, items: [{ description: 'x', unit_price: 1.15 }], global_taxes: [{ name: 'GST', rate: 10 }], allowances: [{ amount: 0.04, reason: 'r' }] };
    const invoice = computeInvoice(validateInvoiceRequest(structuredClone(body), 'body'), { today: '2026-11-25', number: 'X' });
    assert.deepEqual(invoice.tax_lines, [{ name: 'GST', rate: 10, tax_category: 'S', taxable_amount: 1.11, amount: 0.11 }]);
    assert.equal(invoice.total_tax, 0.11);
    for (const syntax of ['ubl', 'cii'] as const) {
      const breakdown = await breakdownOf(makeEInvoice({ ...body, output: syntax }, { preflight: false }).xml, syntax);
      assert.deepEqual(breakdown, [{ category: 'S', rate: 10_000_000n, taxable: 1_110_000n, tax: 110_000n }], syntax);
    }
  });
});
