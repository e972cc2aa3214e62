import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LANGUAGES, type Language } from '../../../src/domain/invoice/catalog.ts';
import { computeInvoice } from '../../../src/domain/invoice/compute-invoice.ts';
import type { InvoiceRequest } from '../../../src/domain/invoice/invoice-request-schema.ts';
import { TAX_WORD } from '../../../src/domain/invoice/language-words.ts';
import { buildInvoiceView } from '../../../src/domain/pdf/build-invoice-view.ts';
import type { InvoiceView } from '../../../src/domain/pdf/invoice-view.ts';
import { formatMoney, formatPercent } from '../../../src/domain/wording/format-money.ts';
import { LABELS } from '../../../src/domain/wording/labels.ts';

function view(input: Record<string, unknown>, language: Language = 'en'): InvoiceView {
  const { invoice, ...rest } = input as { invoice?: Record<string, unknown> };
  const request = {
    from: { name: 'Seller GmbH' }, to: { name: 'Buyer SARL' },
    ...rest,
    invoice: { language, currency: 'EUR', ...invoice },
  } as unknown as InvoiceRequest;
  return buildInvoiceView(computeInvoice(request, { today: '2026-11-24', number: 'N-1' }));
}

/** Bidi isolates and Intl's no-break spaces as plain text, for readable expectations. */
const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, '').replace(/[\u00A0\u202F]/g, ' ');
const rows = (v: InvoiceView) => v.totals.map((row) => `${plain(row.label)} = ${plain(row.value)}`);

const TWO_RATES = { items: [{ description: 'Work', quantity: 2, unit_price: 100, tax_rate: 19 }, { description: 'Book', quantity: 1, unit_price: 50, tax_rate: 7 }] };
/** Gross prices: 1,000.00 at 19 % holds 159.66 on 840.34; 107.00 at 7 % holds 7.00 on 100.00. */
const INCLUSIVE = { invoice: { tax_inclusive: true }, items: [{ description: 'Laptop', unit_price: 1000, tax_rate: 19 }, { description: 'Book', unit_price: 107, tax_rate: 7 }] };

describe('totals: the taxable amount of each tax line', () => {
  it('two rates: each tax line names its taxable amount, with its tax as the value', () => {
    assert.deepEqual(rows(view(TWO_RATES)), ['Subtotal = €250.00', 'VAT 19% on €200.00 = €38.00', 'VAT 7% on €50.00 = €3.50', 'Total = €291.50']);
    assert.deepEqual(rows(view(TWO_RATES, 'de')).slice(1, 3), ['MwSt. 19 % auf 200,00 € = 38,00 €', 'MwSt. 7 % auf 50,00 € = 3,50 €']);
    assert.deepEqual(rows(view(TWO_RATES, 'ja')).slice(1, 3), ['消費税（19%対象 €200.00） = €38.00', '消費税（7%対象 €50.00） = €3.50']);
    assert.deepEqual(rows(view(TWO_RATES, 'hi')).slice(1, 3), ['€200.00 पर GST 19% = €38.00', '€50.00 पर GST 7% = €3.50']);
  });

  it('tax-inclusive: the line says the tax is included, and on which net amount', () => {
    assert.deepEqual(rows(view(INCLUSIVE)), ['Subtotal = €1,107.00', 'incl. 19% VAT on €840.34 = €159.66', 'incl. 7% VAT on €100.00 = €7.00', 'Total = €1,107.00']);
    assert.deepEqual(rows(view(INCLUSIVE, 'de')).slice(1, 3), ['inkl. 19 % MwSt. auf 840,34 € = 159,66 €', 'inkl. 7 % MwSt. auf 100,00 € = 7,00 €']);
    assert.deepEqual(rows(view(INCLUSIVE, 'fr')).slice(1, 3), ['dont TVA 19 % sur 840,34 € = 159,66 €', 'dont TVA 7 % sur 100,00 € = 7,00 €']);
    // One rate, inclusive: still said, since the reader cannot see the net amount anywhere else.
    const single = view({ invoice: { tax_inclusive: true }, items: [{ description: 'Laptop', unit_price: 1000, tax_rate: 19 }] });
    assert.deepEqual(rows(single).slice(1, 2), ['incl. 19% VAT on €840.34 = €159.66']);
  });

  for (const language of LANGUAGES) {
    it(`${language}: both forms carry the tax's name, rate, taxable amount and tax`, () => {
      const l = LABELS[language];
      const figures = (rate: number, base: number) => [TAX_WORD[language], formatPercent(rate, language), formatMoney(base, 'EUR', language)].map(plain);
      for (const [request, pattern, lines] of [
        [TWO_RATES, l.tax_on_base, [[19, 200, 38], [7, 50, 3.5]]],
        [INCLUSIVE, l.tax_included_on_base, [[19, 840.34, 159.66], [7, 100, 7]]],
      ] as const) {
        const totals = view(request, language).totals;
        for (const [i, [rate, base, tax]] of lines.entries()) {
          const [name, percent, amount] = figures(rate, base);
          const expected = pattern.replace('{tax}', name!).replace('{rate}', percent!).replace('{base}', amount!);
          assert.equal(plain(totals[i + 1]!.label), expected, `${language} row ${i + 1}`);
          assert.equal(totals[i + 1]!.value, formatMoney(tax, 'EUR', language));
        }
      }
    });
  }

  it('one rate, prices without tax: the line reads as before', () => {
    assert.deepEqual(rows(view({ items: [{ description: 'Work', unit_price: 100, tax_rate: 19 }] })), ['Subtotal = €100.00', 'VAT 19% = €19.00', 'Total = €119.00']);
  });

  it('an exempt category beside a taxed one: each names its base, the exempt one at 0 % (two categories)', () => {
    const v = view({ items: [{ description: 'Work', unit_price: 100, tax_rate: 19 }, { description: 'Course', unit_price: 50, tax_category: 'E', tax_exemption_reason: 'Exempt under § 4 Nr. 21 UStG' }] });
    assert.deepEqual(rows(v), ['Subtotal = €150.00', 'VAT 19% on €100.00 = €19.00', 'VAT (E) 0% on €50.00 = €0.00', 'Total = €169.00']);
  });

  it('Z and E at 0 % are two tax lines; the exempt one names its category, which its note explains', () => {
    const v = view({ items: [{ description: 'Book', unit_price: 100, tax_rate: 0, tax_category: 'Z' }, { description: 'Course', unit_price: 50, tax_rate: 0, tax_category: 'E', tax_exemption_reason: 'Exempt under § 4 Nr. 21 UStG' }] });
    assert.deepEqual(rows(v), ['Subtotal = €150.00', 'VAT 0% on €100.00 = €0.00', 'VAT (E) 0% on €50.00 = €0.00', 'Total = €150.00']);
    assert.deepEqual(v.tax_notes, ['E: Exempt under § 4 Nr. 21 UStG']);
  });

  it('a tax name is the caller\'s text, placed as it is ("{base}", "$&" included)', () => {
    const v = view({ items: [{ description: 'a', unit_price: 100, taxes: [{ name: 'Tax {base} $&', rate: 5 }, { name: 'B', rate: 2 }] }] });
    assert.equal(plain(v.totals[1]!.label), 'Tax {base} $& 5% on €100.00');
  });

  it('ar: the rate and amount stay one left-to-right unit each, inside the Arabic words', () => {
    const label = view({ ...TWO_RATES, invoice: { currency: 'SAR' } }, 'ar').totals[1]!.label;
    // Isolated whole: an isolate of only its Latin tokens would split "200.00" from "ر.س." and "6,494.44" at its comma.
    assert.ok(label.includes(`\u2066${formatMoney(200, 'SAR', 'ar')}\u2069`), JSON.stringify(label));
    assert.ok(label.includes(`\u2066${formatPercent(19, 'ar')}\u2069`), JSON.stringify(label));
    assert.ok(label.startsWith(`${TAX_WORD.ar} `), JSON.stringify(label));
  });
});

describe('totals of a credit note: it credits and asks for nothing', () => {
  for (const language of LANGUAGES) {
    it(`${language}: the total reads "${LABELS[language].total_credited}"; no deposit, amount paid or balance`, () => {
      const l = LABELS[language];
      const v = view({ ...TWO_RATES, document_type: 'credit_note', billing_reference: { number: 'INV-1' }, deposit: 10, amount_paid: 100 }, language);
      const labels = v.totals.map((row) => row.label);
      assert.equal(labels.at(-1), l.total_credited);
      assert.equal(v.totals.at(-1)!.value, formatMoney(291.5, 'EUR', language));
      for (const absent of [l.grand_total, l.deposit, l.amount_paid, l.balance_due]) assert.ok(!labels.includes(absent), `${language}: no "${absent}"`);
    });
  }

  it('the same request as an invoice keeps its total, deposit, amount paid and balance', () => {
    const v = view({ ...TWO_RATES, deposit: 10, amount_paid: 100 });
    assert.deepEqual(v.totals.slice(3).map((row) => row.label), ['Total', 'Deposit due', 'Amount paid', 'Balance due']);
  });
});
