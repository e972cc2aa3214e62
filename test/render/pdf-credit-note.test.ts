import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CREDIT_NOTE_TITLE } from '../../src/domain/invoice/language-words.ts';
import { formatDate } from '../../src/domain/wording/format-date.ts';
import { formatMoney } from '../../src/domain/wording/format-money.ts';
import { LABELS } from '../../src/domain/wording/labels.ts';
import { bearer, generateInvoice, signUpWithKey, startAccountsApp, type AccountsApp } from '../helpers/accounts-helpers.ts';
import { compact, decodeQr, readPdf, rightToLeftLines } from '../helpers/read-pdf.ts';
import { CORRECTED_INVOICE, creditNoteRequest, LANGUAGES, TEMPLATES } from './pdf-fixtures.ts';
import { HOSTED_URL, renderRequest } from './render-request.ts';

const ARABIC = /\p{Script=Arabic}/u;

describe('output pdf: a credit note credits, read back from the PDF', () => {
  for (const [i, language] of LANGUAGES.entries()) {
    const template = TEMPLATES[i % TEMPLATES.length]!;
    it(`${language}/${template}: "${LABELS[language].total_credited}", the corrected invoice and the custom fields; nothing that asks for payment`, async () => {
      const l = LABELS[language];
      const where = `${language}/${template}`;
      const { pdf: bytes } = renderRequest(creditNoteRequest(language, template), { hostedQr: true });
      const pdf = readPdf(bytes);
      const text = compact(pdf.text);
      // Arabic phrases in logical right-to-left lines (pdf.js, read once), others in MuPDF's text.
      const arabicLines = language === 'ar' ? (await rightToLeftLines(bytes)).map(compact) : [];
      const shows = (phrase: string) => (ARABIC.test(phrase) ? arabicLines.some((line) => line.includes(compact(phrase))) : text.includes(compact(phrase)));

      for (const phrase of [CREDIT_NOTE_TITLE[language], l.total_credited, l.original_invoice, 'Cost centre', 'CC-4711', 'Projekt', 'Relaunch 2026']) {
        assert.ok(shows(phrase), `${where}: "${phrase}" is printed`);
      }
      // The total credited, as one label and amount: 200.00 + 38.00 + 50.00 + 3.50.
      if (!ARABIC.test(l.total_credited)) assert.ok(text.includes(compact(`${l.total_credited} ${formatMoney(291.5, 'EUR', language)}`)), `${where}: the total credited`);
      assert.ok(text.includes(CORRECTED_INVOICE.number), `${where}: the corrected invoice's number`);
      if (language !== 'ar') assert.ok(text.includes(compact(formatDate(CORRECTED_INVOICE.date, language))), `${where}: the corrected invoice's date`);
      assert.ok(text.indexOf('CC-4711') < text.indexOf('Relaunch2026'), `${where}: custom fields in the order sent`);
      assert.ok(!text.includes('Unprinted'), `${where}: a custom field without a value is not printed`);

      // Nothing that asks for payment: due date, terms, the payment block, the PAID/PARTIAL stamp,
      // deposit, amount paid, balance due. A label that is part of a printed one ("Total" in
      // "Total credited") cannot be told apart and is left out.
      const printed = [l.total_credited, l.subtotal, CREDIT_NOTE_TITLE[language], l.credit_note_number, l.credit_note_date, l.original_invoice, l.scan_to_view].map(compact);
      for (const label of [l.due_date, l.terms, l.payment_details, l.bank_name, l.account_name, l.iban, l.swift, l.stamp_paid, l.stamp_partial, l.deposit, l.amount_paid, l.balance_due, l.grand_total, l.scan_to_pay]) {
        if (printed.some((word) => word.includes(compact(label)))) continue;
        assert.ok(!shows(label), `${where}: no "${label}"`);
      }
      for (const value of ['Net30', 'BerlinerBank', 'DE89370400440532013000', 'COBADEFFXXX', compact(formatDate('2026-12-20', language))]) {
        assert.ok(!text.includes(value), `${where}: no "${value}"`);
      }
      // The hosted link's QR stays, with its caption: it shows the document. (Decoding costs ~0.5 s,
      // and the QR is the same in every language: read once.)
      assert.ok(shows(l.scan_to_view), `${where}: "${l.scan_to_view}"`);
      if (i === 0) assert.equal(decodeQr(bytes), HOSTED_URL, `${where}: the QR is the hosted link's`);
    });
  }
});

describe('output pdf and json: a credit note through the API', () => {
  let ctx: AccountsApp;
  let key: Record<string, string>;
  before(async () => {
    ctx = await startAccountsApp();
    key = bearer((await signUpWithKey(ctx, 'pdf-credit-note')).apiKey);
  });
  after(async () => ctx.close());

  it('the PDF carries the hosted link\'s QR and no payment; the JSON answer keeps every field', async () => {
    const request = creditNoteRequest('de', 'modern');
    const res = await generateInvoice(ctx.app, { ...request, output: 'pdf' }, key);
    assert.equal(res.statusCode, 200, res.body.slice(0, 500));
    assert.match(decodeQr(res.rawPayload) ?? '', /\/api\/i\/[0-9A-Za-z]{22}\?t=/, 'the QR opens the hosted credit note');
    const text = compact(readPdf(res.rawPayload).text);
    assert.ok(text.includes(compact(`${LABELS.de.total_credited} 291,50 €`)), 'credited');
    assert.ok(!text.includes('DE89370400440532013000') && !text.includes(compact(LABELS.de.balance_due)), 'no IBAN, no balance due');

    const json = await generateInvoice(ctx.app, { ...request, output: 'json' }, key);
    assert.equal(json.statusCode, 200, json.body.slice(0, 500));
    const invoice = (json.json() as { invoice: Record<string, unknown> }).invoice;
    assert.equal(invoice.due_date, '2026-12-20');
    assert.equal(invoice.terms, 'Net 30');
    assert.deepEqual(invoice.payment, request.payment);
    assert.deepEqual([invoice.grand_total, invoice.deposit, invoice.amount_paid, invoice.balance_due], [291.5, 10, 100, 191.5]);
  });

  for (const output of ['json', 'pdf'] as const) {
    it(`${output}: payment.qr on a credit note is a 400 validation_error naming payment.qr`, async () => {
      const request = creditNoteRequest('en', 'classic') as { payment: Record<string, unknown> };
      const res = await generateInvoice(ctx.app, { ...request, output, payment: { ...request.payment, qr: { type: 'sepa' } } }, key);
      assert.equal(res.statusCode, 400, res.body.slice(0, 500));
      const error = (res.json() as { error: { code: string; message: string } }).error;
      assert.equal(error.code, 'validation_error');
      assert.match(error.message, /payment\.qr/);
    });
  }
});
