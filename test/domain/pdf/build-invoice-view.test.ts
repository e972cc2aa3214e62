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
/** Intl's no-break spaces (de "7,99 €", fr "1 234,50 €") as plain spaces, for readable expectations. */
const spaced = (text: string) => text.replace(/[\u00A0\u202F]/g, ' ');
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

describe('buildInvoiceView: allowances, charges and taxed shipping (D37), negative lines (D38)', () => {
  const rows = (v: InvoiceView) => v.totals.map(({ label, value }) => `${strip(label)} = ${value}`);

  it('totals in the order the amounts apply: subtotal, discount, allowances, charges, taxed shipping, taxes, rounding, total', () => {
    const v = view({
      global_tax: 19, global_discount: 10, rounding: 'nearest', rounding_increment: 1,
      items: [{ description: 'Work', quantity: 3, unit_price: 33.33 }],
      allowances: [{ percent: 2.5, reason_code: '95' }, { amount: 4, reason: 'Loyalty rebate' }],
      charges: [{ amount: 6, reason: 'Packaging' }, { amount: 1.5, reason_code: 'ABL' }],
      shipping: 7, shipping_tax_rate: 19,
    });
    assert.deepEqual(rows(v), [
      'Subtotal = $99.99', 'Discount = -$10.00',
      'Allowance (2.5%) = -$2.50', 'Loyalty rebate = -$4.00',
      'Packaging = +$6.00', 'Surcharge = +$1.50',
      'Shipping = $7.00', 'VAT 19% = $18.62',
      'Rounding adjustment = $0.39', 'Total = $117.00',
    ]);
  });

  it('untaxed shipping stays after the taxes (D7), as before D37', () => {
    const v = view({ global_tax: 19, shipping: 7, allowances: [{ amount: 4, reason: 'Rebate' }] });
    assert.deepEqual(rows(v), ['Subtotal = $100.00', 'Rebate = -$4.00', 'VAT 19% = $18.24', 'Shipping = $7.00', 'Total = $121.24']);
  });

  it('without allowances, charges or taxed shipping the totals are the rows of before, nothing added', () => {
    const v = view({ global_tax: 19, global_discount: 5, shipping: 7 });
    assert.deepEqual(rows(v), ['Subtotal = $100.00', 'Discount = -$5.00', 'VAT 19% = $18.05', 'Shipping = $7.00', 'Total = $120.05']);
  });

  it('each language words an allowance and a charge sent with a code only, and prints their signs', () => {
    for (const language of ['en', 'de', 'fr', 'nl', 'es', 'pt', 'it', 'ru', 'ja', 'hi', 'ar'] as const) {
      const l = LABELS[language];
      const v = view({ invoice: { currency: 'EUR' }, allowances: [{ amount: 4, reason_code: '95' }], charges: [{ amount: 2, reason_code: 'ABL' }] }, language);
      const [, allowance, charge] = v.totals;
      assert.equal(allowance!.label, l.allowance, language);
      assert.equal(charge!.label, l.charge, language);
      assert.match(allowance!.value, /-\D{0,3}4[.,]00/, `${language}: ${allowance!.value}`);
      assert.match(charge!.value, /\+\D{0,3}2[.,]00/, `${language}: ${charge!.value}`);
    }
  });

  it('the percent of a percent allowance, in the language\'s form; full-width brackets in ja; isolated in ar', () => {
    const request = { allowances: [{ percent: 3, reason: 'Skonto' }] };
    assert.equal(spaced(view(request, 'de').totals[1]!.label), 'Skonto (3 %)');
    assert.equal(view(request, 'ja').totals[1]!.label, 'Skonto（3%）');
    const ar = view(request, 'ar').totals[1]!.label;
    assert.equal(strip(ar), 'Skonto (3\u200E%\u200E)');
    assert.ok(ar.startsWith('\u2066Skonto\u2069 (\u2066'), JSON.stringify(ar));
  });

  it('a line prints its charges under the description, so quantity × price − discount + charges is its amount', () => {
    const v = view({
      invoice: { currency: 'EUR' },
      items: [
        { description: 'Laptop', quantity: 2, unit_price: 450, discount: 10, charges: [{ amount: 7.99, reason: 'Express shipping' }, { amount: 2.5, reason_code: 'ABL' }] },
        { description: 'Plain', quantity: 1, unit_price: 10 },
      ],
    }, 'de');
    assert.deepEqual(v.items.map((row) => [row.cells.slice(1, 4).map(spaced), spaced(row.cells.at(-1)!), row.details.map(spaced)]), [
      [['2', '450,00 €', '10 %'], '820,49 €', ['+7,99 € Express shipping', '+2,50 € Zuschlag']],
      [['1', '10,00 €', ''], '10,00 €', []],
    ]);
    // 2 × 450 − 10 % + 7.99 + 2.50 = 820.49
  });

  it('ar: a line charge keeps its amount as one left-to-right unit before the Arabic word', () => {
    const v = view({ invoice: { currency: 'EUR' }, items: [{ description: 'x', quantity: 1, unit_price: 10, charges: [{ amount: 2.5, reason_code: 'ABL' }] }] }, 'ar');
    const [detail] = v.items[0]!.details;
    assert.ok(detail!.startsWith('\u2066'), JSON.stringify(detail));
    assert.equal(spaced(strip(detail!).replace(/[\u200E\u200F]/g, '')), `+2.50 € ${LABELS.ar.charge}`);
  });

  it('a negative line prints its quantity and amount with a minus, in every language', () => {
    for (const language of ['en', 'de', 'fr', 'nl', 'es', 'pt', 'it', 'ru', 'ja', 'hi', 'ar'] as const) {
      const v = view({ invoice: { currency: 'EUR' }, items: [{ description: 'Work', quantity: 3, unit_price: 20 }, { description: 'Returned', quantity: '-2', unit_price: '15' }] }, language);
      const cells = v.items[1]!.cells.map((cell) => cell.replace(/[\u200E\u200F]/g, ''));
      assert.equal(cells[1], '-2', language);
      assert.match(cells.at(-1)!, /^(-30[.,]00\s?€|-€\s?30[.,]00|€\s?-30,00)$/u, `${language}: ${cells.at(-1)}`);
      assert.match(v.totals[0]!.value.replace(/[\u200E\u200F]/g, ''), /30[.,]00/, language);
    }
  });
});

describe('buildInvoiceView: VAT notes for allowances, charges and shipping in an exempt category (D37)', () => {
  it('a charge in E that no line is in: its note with the invoice-level reason, its row marked', () => {
    const v = view({
      global_tax: 19, tax_exemption_reason: 'Steuerfrei nach § 4 Nr. 8 UStG',
      charges: [{ amount: 5, reason: 'Fee', tax_category: 'E' }],
    });
    assert.deepEqual(v.tax_notes, ['E: Steuerfrei nach § 4 Nr. 8 UStG']);
    // Two VAT categories: each names its taxable amount, the exempt one at 0 %.
    assert.deepEqual(v.totals.map((row) => row.label), ['Subtotal', 'Fee (E)', 'VAT 19% on $100.00', 'VAT (E) 0% on $5.00', 'Total']);
    assert.deepEqual(taxCells(v), ['19%'], 'the line keeps its rate');
  });

  it('an allowance in E with the invoice-level code only: the wording of the code', () => {
    const v = view({ global_tax: 19, tax_exemption_code: 'VATEX-EU-132-1I', allowances: [{ amount: 5, reason_code: '95', tax_category: 'E' }] }, 'de');
    assert.deepEqual(v.tax_notes, ['E: Steuerbefreit nach Artikel 132(1)(i) der Richtlinie 2006/112/EG']);
    assert.equal(v.totals[1]!.label, 'Nachlass (E)');
  });

  it('shipping in AE (shipping_tax_category): the reverse charge note, before the taxes', () => {
    const v = view({ global_tax: 19, shipping: 10, shipping_tax_category: 'AE' });
    assert.deepEqual(v.tax_notes, ['AE: Reverse charge']);
    assert.deepEqual(v.totals.map((row) => `${row.label} = ${row.value}`), ['Subtotal = $100.00', 'Shipping (AE) = $10.00', 'VAT 19% on $100.00 = $19.00', 'VAT (AE) 0% on $10.00 = $0.00', 'Total = $129.00']);
  });

  it('an allowance in a line\'s exempt category shares that line\'s note, with the line\'s own reason', () => {
    const v = view({
      tax_exemption_reason: 'Invoice-level reason',
      items: [
        { description: 'a', quantity: 1, unit_price: 100, tax_category: 'E', tax_exemption_reason: 'Line reason' },
        { description: 'b', quantity: 1, unit_price: 100, tax_rate: 19 },
      ],
      allowances: [{ amount: 5, reason: 'Rebate', tax_category: 'E' }],
    });
    assert.deepEqual(v.tax_notes, ['E: Line reason']);
    assert.equal(v.totals[1]!.label, 'Rebate (E)');
  });

  it('an allowance placed in the O of lines that named no category says nothing, as those lines do', () => {
    const v = view({ allowances: [{ amount: 5, reason: 'Rebate' }] });
    assert.deepEqual(v.tax_notes, []);
    assert.equal(v.totals[1]!.label, 'Rebate');
  });

  it('ar: the note and the marker keep their Latin parts in order', () => {
    const v = view({ global_tax: 15, charges: [{ amount: 5, reason_code: 'ABL', tax_category: 'O' }] }, 'ar');
    assert.deepEqual(v.tax_notes.map(strip), [`O: ${W.ar.notSubject}`]);
    assert.equal(v.totals[1]!.label, `${LABELS.ar.charge} (\u2066O\u2069)`);
  });
});
