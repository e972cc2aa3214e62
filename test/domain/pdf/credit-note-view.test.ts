import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LANGUAGES, type Language } from '../../../src/domain/invoice/catalog.ts';
import { computeInvoice } from '../../../src/domain/invoice/compute-invoice.ts';
import type { InvoiceRequest } from '../../../src/domain/invoice/invoice-request-schema.ts';
import { buildInvoiceView, type ViewExtras } from '../../../src/domain/pdf/build-invoice-view.ts';
import type { InvoiceView } from '../../../src/domain/pdf/invoice-view.ts';
import { formatDate } from '../../../src/domain/wording/format-date.ts';
import { LABELS } from '../../../src/domain/wording/labels.ts';

/** Everything a payment request carries: due date, terms, a payment block, a deposit and a part paid. */
function request(language: Language, documentType: 'invoice' | 'credit_note'): InvoiceRequest {
  return {
    document_type: documentType,
    billing_reference: { number: 'INV-2026-00001', date: '2026-11-02' },
    from: { name: 'Seller GmbH' }, to: { name: 'Buyer SARL' },
    invoice: { language, currency: 'EUR', date: '2026-11-20', due_date: '2026-12-20', terms: 'Net 30', po_number: 'PO-1' },
    items: [{ description: 'Work', quantity: 2, unit_price: 100, tax_rate: 19 }],
    deposit: 10,
    amount_paid: 100,
    payment: { bank_name: 'Berliner Bank', iban: 'DE89370400440532013000' },
  } as unknown as InvoiceRequest;
}

function view(language: Language, documentType: 'invoice' | 'credit_note', extras: ViewExtras = {}): InvoiceView {
  return buildInvoiceView(computeInvoice(request(language, documentType), { today: '2026-11-24', number: 'CN-1' }), extras);
}

describe('buildInvoiceView: a credit note asks for no payment', () => {
  for (const language of LANGUAGES) {
    it(`${language}: no due date, terms, payment block or stamp; the corrected invoice is named with its date`, () => {
      const l = LABELS[language];
      const v = view(language, 'credit_note');
      const labels = v.meta.map(([label]) => label);
      assert.ok(!labels.includes(l.due_date) && !labels.includes(l.terms), `${language}: ${labels.join(', ')}`);
      assert.ok(!v.meta.some(([, value]) => value === 'Net 30'));
      assert.deepEqual(labels.slice(0, 3), [l.credit_note_number, l.credit_note_date, l.original_invoice]);
      assert.match(v.meta[2]![1], /INV-2026-00001/);
      if (language !== 'ar') assert.ok(v.meta[2]![1].includes(formatDate('2026-11-02', language)), v.meta[2]![1]);
      assert.equal(v.payment, null);
      assert.equal(v.stamp, null);
    });
  }

  it('the same request as an invoice prints all of them', () => {
    const l = LABELS.en;
    const v = view('en', 'invoice');
    assert.deepEqual(v.meta.map(([label]) => label), [l.invoice_number, l.invoice_date, l.preceding_invoice, l.due_date, l.po_number, l.terms]);
    assert.deepEqual(v.payment?.rows, [[l.bank_name, 'Berliner Bank'], [l.iban, 'DE89370400440532013000']]);
    assert.equal(v.stamp?.text, l.stamp_partial);
  });

  it('a QR of the hosted link stays (it shows the document); a payment QR is never printed on one', () => {
    assert.equal(view('en', 'credit_note', { qr: { source: 'hosted_link' } }).qr?.caption, LABELS.en.scan_to_view);
    assert.equal(view('en', 'credit_note', { qr: { source: 'payment' } }).qr, null);
    assert.equal(view('en', 'invoice', { qr: { source: 'payment' } }).qr?.caption, LABELS.en.scan_to_pay);
  });

  it('payment.qr on a credit note is refused, naming the field; on an invoice it is taken', () => {
    const withQr = (documentType: 'invoice' | 'credit_note') => {
      const r = request('en', documentType) as unknown as { payment: Record<string, unknown> };
      r.payment.qr = { type: 'url', value: 'https://pay.example/1' };
      return r as unknown as InvoiceRequest;
    };
    assert.throws(() => computeInvoice(withQr('credit_note'), { today: '2026-11-24', number: 'CN-1' }), (error: Error & { code?: string }) => {
      assert.equal(error.code, 'validation_error');
      assert.match(error.message, /^payment\.qr /);
      assert.doesNotMatch(error.message, /\(D\d+\)/, 'no decision id in a message a user reads');
      return true;
    });
    assert.doesNotThrow(() => computeInvoice(withQr('invoice'), { today: '2026-11-24', number: 'INV-1' }));
  });
});

describe('buildInvoiceView: custom fields with the invoice details', () => {
  const fields = [{ label: 'Cost centre', value: 'CC-12' }, { label: 'Nothing' }, { label: 'Empty', value: '' }, { label: 'Project', value: 'Relaunch {date} $&' }];

  it('printed in the order sent, after the references and before the terms; one without a value is not printed', () => {
    const r = { ...request('en', 'invoice'), custom_fields: fields } as unknown as InvoiceRequest;
    const v = buildInvoiceView(computeInvoice(r, { today: '2026-11-24', number: 'INV-1' }));
    assert.deepEqual(v.meta.slice(-3), [['Cost centre', 'CC-12'], ['Project', 'Relaunch {date} $&'], [LABELS.en.terms, 'Net 30']]);
  });

  it('on a credit note too, as its last details', () => {
    const r = { ...request('de', 'credit_note'), custom_fields: fields } as unknown as InvoiceRequest;
    const v = buildInvoiceView(computeInvoice(r, { today: '2026-11-24', number: 'CN-1' }));
    assert.deepEqual(v.meta.slice(-2), [['Cost centre', 'CC-12'], ['Project', 'Relaunch {date} $&']]);
  });
});
