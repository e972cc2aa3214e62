import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Language } from '../../src/domain/invoice/catalog.ts';
import { CREDIT_NOTE_TITLE, INVOICE_TITLE } from '../../src/domain/invoice/language-words.ts';
import { EXEMPTION_WORDING } from '../../src/domain/wording/exemption-wording.ts';
import { formatDate } from '../../src/domain/wording/format-date.ts';
import { LABELS } from '../../src/domain/wording/labels.ts';
import { bearer, generateInvoice, signUpWithKey, startAccountsApp, type AccountsApp } from '../helpers/accounts-helpers.ts';
import { compact, pdfShows, readPdf, type ReadPdf } from '../helpers/read-pdf.ts';
import { LANGUAGES, TEMPLATES } from './pdf-fixtures.ts';

const ARABIC = /\p{Script=Arabic}/u;

/**
 * A credit note carrying every field D33–D36 print: the invoice it corrects, date of supply, the
 * buyer's references, a seller contact and tax number, lines in AE (top level), K and E (a code
 * only), and a line with an item id, a note and a period.
 */
function creditNote(language: Language, template: string, number: string): Record<string, unknown> {
  return {
    output: 'pdf',
    template,
    document_type: 'credit_note',
    billing_reference: { number: 'INV-2026-00001', date: '2026-11-02' },
    from: {
      name: 'Acme Consulting GmbH', address: 'Hauptstraße 1\n10115 Berlin', email: 'billing@acme.example', phone: '+49 30 1234567',
      tax_id: 'DE123456789', tax_registration_id: '30/123/45678', contact: { name: 'Jana Weber', phone: '+49 30 7654321' },
    },
    to: { name: 'Client BV', address: 'Keizersgracht 1\n1015 Amsterdam', tax_id: 'NL123456789B01' },
    invoice: {
      number, date: '2026-11-20', currency: 'EUR', language, delivery_date: '2026-11-05', po_number: 'PO-4711',
      buyer_reference: '04011000-12345-34', contract_reference: 'C-2026-7', project_reference: 'PRJ-9',
    },
    tax_category: 'AE',
    items: [
      { description: 'Consulting', quantity: 2, unit_price: 100, item_id: 'SKU-1', note: 'On site in Hamburg', period: { start: '2026-11-01', end: '2026-11-15' } },
      { description: 'Widgets', quantity: 1, unit_price: 50, tax_category: 'K' },
      { description: 'Training', quantity: 1, unit_price: 80, tax_category: 'E', tax_exemption_code: 'VATEX-EU-132-1I' },
    ],
  };
}

/** Latin text (numbers, codes) is looked up in MuPDF's text, Arabic in logical right-to-left lines. */
async function assertShows(bytes: Uint8Array, pdf: ReadPdf, phrases: readonly string[], where: string): Promise<void> {
  for (const phrase of phrases) assert.ok(await pdfShows(bytes, pdf, phrase), `${where}: "${phrase}" is printed`);
}

describe('output pdf: what the law asks (D33–D36), read back from the PDF', () => {
  let ctx: AccountsApp;
  let key: Record<string, string>;
  before(async () => {
    ctx = await startAccountsApp();
    key = bearer((await signUpWithKey(ctx, 'pdf-legal')).apiKey);
  });
  after(async () => ctx.close());

  async function render(request: Record<string, unknown>): Promise<{ bytes: Uint8Array; pdf: ReadPdf }> {
    const res = await generateInvoice(ctx.app, request, key);
    assert.equal(res.statusCode, 200, res.body.slice(0, 500));
    assert.equal(res.headers['content-type'], 'application/pdf');
    return { bytes: res.rawPayload, pdf: readPdf(res.rawPayload) };
  }

  for (const [i, language] of LANGUAGES.entries()) {
    const template = TEMPLATES[i % TEMPLATES.length]!;
    it(`${language}/${template}: a credit note prints the invoice it corrects, dates and references, the seller's contact, and why no VAT is charged`, async () => {
      const l = LABELS[language];
      const w = EXEMPTION_WORDING[language];
      const number = `CN-${language}-1`;
      const { bytes, pdf } = await render(creditNote(language, template, number));
      const where = `${language}/${template}`;
      assert.equal(pdf.title, `${CREDIT_NOTE_TITLE[language]} ${number}`, `${where}: the credit note's heading (D33)`);
      await assertShows(bytes, pdf, [
        CREDIT_NOTE_TITLE[language], l.credit_note_number, l.credit_note_date, l.original_invoice,
        l.delivery_date, l.buyer_reference, l.contract_reference, l.project_reference, l.contact, l.tax_registration_id, l.period,
        number, 'INV-2026-00001', '04011000-12345-34', 'C-2026-7', 'PRJ-9', 'Jana Weber', '30/123/45678', 'SKU-1', 'On site in Hamburg',
        // D36 beside the totals, in the invoice language.
        w.reverseCharge, w.intraCommunity,
      ], where);
      const text = compact(pdf.text);
      // Left-to-right values keep their order on every page, the Arabic one too (isolated there).
      assert.ok(text.includes(compact('+49 30 7654321')), `${where}: the contact's phone in its order`);
      if (!l.credit_note_number.includes(l.invoice_number)) assert.ok(!text.includes(compact(l.invoice_number)), `${where}: no "${l.invoice_number}" on a credit note`);
      const article = w.exemptArticle.replace('{article}', '132(1)(i)');
      if (ARABIC.test(article)) {
        // pdf.js rebuilds an Arabic line in logical order but reverses its Latin runs: look for the
        // words there, and for the Latin runs in MuPDF's text, where an unisolated one reads "EC/2006/112".
        await assertShows(bytes, pdf, article.split(/\s*[0-9][^\s]*\s*/).filter((part) => part !== ''), where);
        for (const run of ['2006/112/EC', '132(1)(i)']) assert.ok(text.includes(run), `${where}: "${run}" in its order`);
      } else {
        await assertShows(bytes, pdf, [article], where);
      }
      if (language === 'ar') {
        await assertShows(bytes, pdf, ['بتاريخ'], where);
      } else {
        await assertShows(bytes, pdf, [
          l.reference_dated.replace('{ref}', 'INV-2026-00001').replace('{date}', formatDate('2026-11-02', language)),
          formatDate('2026-11-05', language),
          `${formatDate('2026-11-01', language)} – ${formatDate('2026-11-15', language)}`,
        ], where);
      }
    });
  }

  it('an invoice with a billing reference names it the preceding invoice, under the invoice heading (D33)', async () => {
    for (const [language, template] of [['en', 'classic'], ['de', 'modern']] as const) {
      const request = creditNote(language, template, `INV-REF-${language}`);
      delete request.document_type;
      const { bytes, pdf } = await render(request);
      const l = LABELS[language];
      assert.equal(pdf.title, `${INVOICE_TITLE[language]} INV-REF-${language}`);
      await assertShows(bytes, pdf, [l.invoice_number, l.preceding_invoice, 'INV-2026-00001'], language);
      assert.ok(!compact(pdf.text).includes(compact(l.original_invoice)), `${language}: not "${l.original_invoice}"`);
    }
  });

  it('a K invoice with a delivery date prints both, in German (§ 14 (4) and § 14a UStG)', async () => {
    const { bytes, pdf } = await render({
      output: 'pdf', template: 'modern',
      from: { name: 'Acme GmbH', tax_id: 'DE123456789' }, to: { name: 'Client SARL', tax_id: 'FR12345678901' },
      invoice: { number: 'K-1', date: '2026-11-20', delivery_date: '2026-11-05', currency: 'EUR', language: 'de' },
      tax_category: 'K', items: [{ description: 'Maschine', quantity: 1, unit_price: 5000 }],
    });
    await assertShows(bytes, pdf, ['Leistungsdatum', '5. November 2026', 'K: Steuerfreie innergemeinschaftliche Lieferung'], 'de/modern');
  });

  it('an invoice without these fields prints none of them: no reference, no dates of supply, no VAT note', async () => {
    const { pdf } = await render({
      output: 'pdf', template: 'classic',
      from: { name: 'Acme GmbH', contact: { phone: '+49 30 1234567' }, phone: '+49 30 1234567' }, to: { name: 'Client' },
      invoice: { number: 'PLAIN-1', currency: 'EUR', language: 'en', po_number: 'PO-1', buyer_reference: 'PO-1' },
      global_tax: 19, items: [{ description: 'Work', quantity: 1, unit_price: 100 }],
    });
    const text = compact(pdf.text);
    const l = LABELS.en;
    const w = EXEMPTION_WORDING.en;
    for (const absent of [l.original_invoice, l.preceding_invoice, l.delivery_date, l.period, l.buyer_reference, l.contract_reference,
      l.project_reference, l.contact, `${l.phone}:`, l.tax_registration_id, w.reverseCharge, w.intraCommunity, w.exempt, w.notSubject]) {
      assert.ok(!text.includes(compact(absent)), `"${absent}" is not printed`);
    }
  });
});
