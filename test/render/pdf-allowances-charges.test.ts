import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Language } from '../../src/domain/invoice/catalog.ts';
import { LABELS } from '../../src/domain/wording/labels.ts';
import { bearer, generateInvoice, signUpWithKey, startAccountsApp, type AccountsApp } from '../helpers/accounts-helpers.ts';
import { compact, pdfShows, readPdf, type ReadPdf } from '../helpers/read-pdf.ts';

/**
 * An invoice with what D37 and D38 add: shipping taxed at 19 %, two allowances (a percent one with
 * a reason code only, one with a reason), a charge, a line charge and a returned (negative) line.
 * Subtotal 1,200.00 + 906.99 − 30.00 = 2,076.99; 3 % of it 62.31; taxable 2,076.99 − 62.31 − 50.00
 * + 12.50 + 20.00 = 1,997.18; VAT 379.46; total 2,376.64.
 */
function request(language: Language, template: string): Record<string, unknown> {
  return {
    output: 'pdf',
    template,
    from: { name: 'Acme GmbH' }, to: { name: 'Client AG' },
    invoice: { number: `AC-${language}`, date: '2026-11-20', currency: 'EUR', language },
    global_tax: 19,
    items: [
      { description: 'Consulting', quantity: 10, unit_price: 120 },
      { description: 'Laptop', quantity: 1, unit_price: '899.00', charges: [{ amount: 7.99, reason: 'Express shipping' }] },
      { description: 'Returned cable', quantity: -2, unit_price: 15 },
    ],
    shipping: 20,
    shipping_tax_rate: 19,
    allowances: [{ percent: 3, reason_code: '95' }, { amount: 50, reason: 'Loyalty rebate' }],
    charges: [{ amount: 12.5, reason: 'Packaging' }],
  };
}

describe('output pdf: allowances, charges, taxed shipping and a negative line (D37, D38), read back', () => {
  let ctx: AccountsApp;
  let key: Record<string, string>;
  before(async () => {
    ctx = await startAccountsApp();
    key = bearer((await signUpWithKey(ctx, 'pdf-allowances')).apiKey);
  });
  after(async () => ctx.close());

  async function render(language: Language, template: string): Promise<{ bytes: Uint8Array; pdf: ReadPdf; text: string }> {
    const res = await generateInvoice(ctx.app, request(language, template), key);
    assert.equal(res.statusCode, 200, res.body.slice(0, 500));
    assert.equal(res.headers['content-type'], 'application/pdf');
    const pdf = readPdf(res.rawPayload);
    return { bytes: res.rawPayload, pdf, text: compact(pdf.text) };
  }

  // MuPDF reads the totals row by row, label then value, so each sequence below is also their order.
  const CASES = [
    {
      language: 'en', template: 'classic',
      line: 'Laptop +€7.99 Express shipping 1 €899.00 19% €906.99',
      negative: 'Returned cable -2 €15.00 19% -€30.00',
      totals: 'Subtotal €2,076.99 Allowance (3%) -€62.31 Loyalty rebate -€50.00 Packaging +€12.50 Shipping €20.00 VAT 19% €379.46 Total €2,376.64',
    },
    {
      language: 'de', template: 'modern',
      line: 'Laptop +7,99 € Express shipping 1 899,00 € 19 % 906,99 €',
      negative: 'Returned cable -2 15,00 € 19 % -30,00 €',
      totals: 'Zwischensumme 2.076,99 € Nachlass (3 %) -62,31 € Loyalty rebate -50,00 € Packaging +12,50 € Versandkosten 20,00 € MwSt. 19 % 379,46 € Gesamtbetrag 2.376,64 €',
    },
    {
      language: 'hi', template: 'bold',
      line: 'Laptop +€7.99 Express shipping 1 €899.00 19% €906.99',
      negative: 'Returned cable -2 €15.00 19% -€30.00',
      totals: 'उप-योग €2,076.99 रियायत (3%) -€62.31 Loyalty rebate -€50.00 Packaging +€12.50 शिपिंग शुल्क €20.00 GST 19% €379.46 कुल राशि €2,376.64',
    },
  ] as const;
  for (const { language, template, line, negative, totals } of CASES) {
    it(`${language}/${template}: the totals in their order with their signs, the line charge, the negative line`, async () => {
      const { text } = await render(language, template);
      for (const expected of [line, negative, totals]) assert.ok(text.includes(compact(expected)), `${language}: "${expected}" in\n${text}`);
    });
  }

  // Arabic is right to left: its words are read in pdf.js's logical lines (pdfShows).
  it('ar/navy: the Arabic words read right to left, amounts, quantity and percent keep their signs and order', async () => {
    const { bytes, pdf, text } = await render('ar', 'navy');
    const l = LABELS.ar;
    for (const phrase of [l.subtotal, l.allowance, l.shipping, l.grand_total]) assert.ok(await pdfShows(bytes, pdf, phrase), `"${phrase}" is printed`);
    // Latin runs and figures in MuPDF's text, which keeps their left-to-right order ("-30.00 €", not "€ 30.00-").
    for (const run of ['+7.99 €Express shipping', 'Returned cable -2 15.00 € 19% -30.00 €', '906.99 €', '3%', '-62.31 €', 'Loyalty rebate', '-50.00 €', 'Packaging', '+12.50 €', '379.46 €', '2,376.64 €']) {
      assert.ok(text.includes(compact(run)), `ar: "${run}" in\n${text}`);
    }
    for (const reversed of ['30.00-', '2-', '7.99+', '62.31-']) assert.ok(!text.includes(reversed), `ar: no "${reversed}"`);
  });
});
