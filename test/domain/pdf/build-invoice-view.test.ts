import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Language } from '../../../src/domain/invoice/catalog.ts';
import { computeInvoice } from '../../../src/domain/invoice/compute-invoice.ts';
import type { InvoiceRequest } from '../../../src/domain/invoice/invoice-request-schema.ts';
import { buildInvoiceView } from '../../../src/domain/pdf/build-invoice-view.ts';
import type { InvoiceView } from '../../../src/domain/pdf/invoice-view.ts';
import { EXEMPTION_WORDING } from '../../../src/domain/wording/exemption-wording.ts';
import { formatDate } from '../../../src/domain/wording/format-date.ts';
import { LABELS } from '../../../src/domain/wording/labels.ts';

/** The view of a request, computed as the service computes it. */
function view(input: Record<string, unknown>, language: Language = 'en'): InvoiceView {
  const { invoice, ...rest } = input as { invoice?: Record<string, unknown> };
  const request = {
    from: { name: 'Seller GmbH' }, to: { name: 'Buyer SARL' },
    items: [{ description: 'Work', quantity: 1, unit_price: 100 }],
    ...rest,
    invoice: { language, ...invoice },
  } as unknown as InvoiceRequest;
  return buildInvoiceView(computeInvoice(request, { today: '2026-11-24', number: 'N-1' }));
}

/** The tax column of each line (the cell before the amount). */
const taxCells = (v: InvoiceView) => v.items.map((row) => row.cells.at(-2));
const strip = (text: string) => text.replace(/[\u2066-\u2069]/g, '');
const W = EXEMPTION_WORDING;

describe('buildInvoiceView: VAT category notes beside the totals (D36)', () => {
  const CASES: ReadonlyArray<{ name: string; request: Record<string, unknown>; language?: Language; notes: string[]; taxes: Array<string | undefined> }> = [
    {
      name: 'AE at the top level: reverse charge, each line marked AE',
      request: { tax_category: 'AE', items: [{ description: 'a', quantity: 1, unit_price: 10 }, { description: 'b', quantity: 2, unit_price: 5 }] },
      notes: ['AE: Reverse charge'], taxes: ['AE', 'AE'],
    },
    {
      name: 'K with its standard code: intra-community supply',
      request: { tax_category: 'K', tax_exemption_code: 'VATEX-EU-IC' },
      notes: ['K: Intra-community supply'], taxes: ['K'],
    },
    {
      name: 'E with a code only: the article\'s wording',
      request: { items: [{ description: 'a', quantity: 1, unit_price: 10, tax_category: 'E', tax_exemption_code: 'VATEX-EU-132-1I' }] },
      notes: ['E: Exempt from VAT under Article 132(1)(i) of Directive 2006/112/EC'], taxes: ['E'],
    },
    {
      name: 'E with the reason sent: the reason, as sent',
      request: { tax_category: 'E', tax_exemption_reason: 'Steuerfrei nach § 4 Nr. 21 UStG' },
      notes: ['E: Steuerfrei nach § 4 Nr. 21 UStG'], taxes: ['E'],
    },
    {
      name: 'E with neither: what E means, rather than an unexplained marker',
      request: { tax_category: 'E' },
      notes: ['E: Exempt from VAT'], taxes: ['E'],
    },
    {
      name: 'G: export; O named: not subject to VAT',
      request: { items: [{ description: 'a', quantity: 1, unit_price: 10, tax_category: 'G' }, { description: 'b', quantity: 1, unit_price: 10, tax_category: 'O' }] },
      notes: ['G: Export outside the EU', 'O: Not subject to VAT'], taxes: ['G', 'O'],
    },
    {
      name: 'a line\'s own category wins over the top level; S and Z lines keep their rates',
      request: {
        tax_category: 'AE',
        items: [
          { description: 'a', quantity: 1, unit_price: 10 },
          { description: 'b', quantity: 1, unit_price: 10, tax_category: 'S', tax_rate: 19 },
          { description: 'c', quantity: 1, unit_price: 10, tax_category: 'Z', tax_rate: 0 },
          { description: 'd', quantity: 1, unit_price: 10, tax_category: 'K' },
        ],
      },
      notes: ['AE: Reverse charge', 'K: Intra-community supply'], taxes: ['AE', '19%', '0%', 'K'],
    },
    {
      name: 'no category named and no tax: nothing is said (O is not guessed for the PDF)',
      request: {},
      notes: [], taxes: [''],
    },
    {
      name: 'standard rated only: no note',
      request: { tax_category: 'S', global_tax: 19 },
      notes: [], taxes: ['19%'],
    },
    {
      name: 'de: the wording of § 14a UStG',
      request: { items: [{ description: 'a', quantity: 1, unit_price: 10, tax_category: 'AE' }, { description: 'b', quantity: 1, unit_price: 10, tax_category: 'K' }] },
      language: 'de',
      notes: [`AE: ${W.de.reverseCharge}`, `K: ${W.de.intraCommunity}`], taxes: ['AE', 'K'],
    },
    {
      name: 'fr and ja set the colon as their typography does',
      request: { tax_category: 'AE' }, language: 'fr',
      notes: [`AE\u202F: ${W.fr.reverseCharge}`], taxes: ['AE'],
    },
    {
      name: 'ja',
      request: { tax_category: 'AE' }, language: 'ja',
      notes: [`AE\uFF1A${W.ja.reverseCharge}`], taxes: ['AE'],
    },
  ];
  for (const { name, request, language, notes, taxes } of CASES) {
    it(name, () => {
      const v = view(request, language);
      assert.deepEqual(v.tax_notes, notes);
      assert.deepEqual(taxCells(v), taxes);
    });
  }

  it('one note per distinct text, however many lines use it', () => {
    const items = Array.from({ length: 5 }, (_, i) => ({ description: `l${i}`, quantity: 1, unit_price: 10, tax_category: 'AE' }));
    assert.deepEqual(view({ items }).tax_notes, ['AE: Reverse charge']);
  });

  it('ar: the Latin parts of an exemption keep their order (isolated), the words are the Arabic wording', () => {
    const v = view({ tax_category: 'E', tax_exemption_code: 'VATEX-EU-132-1I' }, 'ar');
    assert.equal(v.tax_notes.length, 1);
    assert.equal(strip(v.tax_notes[0]!), `E: ${W.ar.exemptArticle.replace('{article}', '132(1)(i)')}`);
    assert.ok(v.tax_notes[0]!.includes('\u20662006/112/EC\u2069'), v.tax_notes[0]);
  });
});

describe('buildInvoiceView: references, dates of supply and parties (D33–D35)', () => {
  const meta = (v: InvoiceView) => Object.fromEntries(v.meta.map(([label, value]) => [label, strip(value)]));

  it('a credit note names its own number and date and prints the invoice it corrects', () => {
    for (const [language, printed] of [
      ['en', 'INV-2026-00001 dated November 2, 2026'],
      ['de', 'INV-2026-00001 vom 2. November 2026'],
      ['fr', 'INV-2026-00001 du 2 novembre 2026'],
      ['ja', 'INV-2026-00001（2026年11月2日付）'],
      ['hi', 'INV-2026-00001 दिनांक 2 नवंबर 2026'],
      ['ru', 'INV-2026-00001 от 2 ноября 2026 г.'],
    ] as const) {
      const v = view({ document_type: 'credit_note', billing_reference: { number: 'INV-2026-00001', date: '2026-11-02' } }, language);
      const l = LABELS[language];
      assert.deepEqual(v.meta.slice(0, 3).map(([label]) => label), [l.credit_note_number, l.credit_note_date, l.original_invoice], language);
      assert.equal(meta(v)[l.original_invoice], printed, language);
      assert.equal(meta(v)[l.invoice_number], undefined, `${language}: a credit note is not headed "invoice number"`);
    }
  });

  it('an invoice with a billing reference prints it as the preceding invoice; without a date, the number alone', () => {
    const v = view({ billing_reference: { number: 'INV-7' } });
    assert.equal(meta(v)['Preceding invoice'], 'INV-7');
    assert.equal(meta(v)['Invoice number'], 'N-1');
    assert.equal(meta(v)['Original invoice'], undefined);
  });

  it('the referenced number is the caller\'s text: "{date}" and "$&" in it print as they are', () => {
    const v = view({ document_type: 'credit_note', billing_reference: { number: 'A-{date}-$&', date: '2026-11-02' } });
    assert.equal(meta(v)['Original invoice'], 'A-{date}-$& dated November 2, 2026');
  });

  it('prints delivery date, period, buyer, contract and project references in that order; the buyer reference only where it is not the PO', () => {
    const v = view({ invoice: {
      due_date: '2026-12-24', delivery_date: '2026-11-05', period: { start: '2026-11-01', end: '2026-11-30' },
      po_number: 'PO-1', buyer_reference: '04011000-12345-34', contract_reference: 'C-7', project_reference: 'P-9', terms: 'Net 30',
    } }, 'de');
    assert.deepEqual(v.meta.map(([label, value]) => `${label}=${value}`), [
      'Rechnungsnummer=N-1', 'Rechnungsdatum=24. November 2026', 'Fällig am=24. Dezember 2026',
      'Leistungsdatum=5. November 2026', 'Leistungszeitraum=1. November 2026 – 30. November 2026',
      'Bestellnummer=PO-1', 'Ihre Referenz=04011000-12345-34', 'Vertragsnummer=C-7', 'Projektnummer=P-9', 'Zahlungsbedingungen=Net 30',
    ]);
    const same = view({ invoice: { po_number: 'PO-1', buyer_reference: 'PO-1' } });
    assert.equal(meta(same)['Your reference'], undefined, 'the same reference is not printed twice');
    const open = view({ invoice: { period: { start: '2026-11-01' } } });
    assert.equal(meta(open)['Billing period'], 'November 1, 2026 –');
  });

  it('the seller\'s contact and tax number: name labelled, phone and e-mail only where the contact\'s differ from the party\'s', () => {
    const v = view({ from: {
      name: 'Seller GmbH', email: 'billing@seller.example', phone: '+49 30 1234567', tax_id: 'DE123456789', tax_registration_id: '30/123/45678',
      contact: { name: 'Jana Weber', phone: '+49 30 7654321', email: 'billing@seller.example' },
    } }, 'de');
    assert.deepEqual(v.parties[0]!.lines, [
      'billing@seller.example', '+49 30 1234567', 'Ansprechpartner: Jana Weber', 'Telefon: +49 30 7654321',
      'USt-IdNr.: DE123456789', 'Steuernummer: 30/123/45678',
    ]);
  });

  it('ar: a labelled Latin value is isolated, so "+49 30 7654321" keeps its order after an Arabic label', () => {
    const v = view({ from: { name: 'S', contact: { name: 'Jana Weber', phone: '+49 30 7654321' } } }, 'ar');
    assert.ok(v.parties[0]!.lines.includes(`${LABELS.ar.phone}: \u2066+49 30 7654321\u2069`), JSON.stringify(v.parties[0]!.lines));
  });

  it('a line prints its item id before the description, its note and period under it', () => {
    const v = view({ items: [
      { description: 'Consulting', quantity: 1, unit_price: 10, item_id: 'SKU-1', note: 'On site', period: { start: '2026-11-01', end: '2026-11-15' } },
      { description: 'Plain', quantity: 1, unit_price: 10 },
    ] });
    assert.deepEqual(v.items.map(({ item_id, cells, details }) => ({ item_id, description: cells[0], details })), [
      { item_id: 'SKU-1', description: 'Consulting', details: ['On site', `Billing period: ${formatDate('2026-11-01', 'en')} – ${formatDate('2026-11-15', 'en')}`] },
      { item_id: null, description: 'Plain', details: [] },
    ]);
  });
});
