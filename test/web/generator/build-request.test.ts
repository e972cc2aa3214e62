import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildRequest, PENDING_TEXT, type BuildOptions } from '../../../web/src/generator/build-request.ts';
import { computeInvoice } from '../../../src/domain/invoice/compute-invoice.ts';
import { MAX_ALLOWANCES, type InvoiceRequest } from '../../../src/domain/invoice/invoice-request-schema.ts';
import { adjustmentPaths } from '../../../web/src/generator/adjustment-paths.ts';
import {
  clearDraft, emptyAdjustment, emptyDraft, emptyItem, hasAdjustmentData, hasEInvoiceData, hasItemFoldData, loadDraft, MAX_ADJUSTMENTS_PER_KIND,
  saveDraft, type AdjustmentDraft, type Draft, type ItemDraft,
} from '../../../web/src/generator/draft.ts';
import { inputNameFor } from '../../../web/src/generator/input-name-for.ts';
import { numberOrText } from '../../../web/src/generator/number-or-text.ts';
import { hybridProfileFor } from '../../../web/src/generator/hybrid-profile-for.ts';
import { profileFor } from '../../../web/src/generator/profile-for.ts';
import { kindFor } from '../../../src/domain/documents/kind-for.ts';
import { parseTax, type ParsedTax } from '../../../web/src/generator/parse-tax.ts';

type Json = Record<string, any>;

describe('parseTax: the generator\'s tax box', () => {
  const ok: Array<[input: string, expected: ParsedTax]> = [
    ['', { kind: 'none' }],
    ['   ', { kind: 'none' }],
    ['20', { kind: 'rate', rate: 20 }],
    ['20 %', { kind: 'rate', rate: 20 }],
    ['20%', { kind: 'rate', rate: 20 }],
    [' 7.5 ', { kind: 'rate', rate: 7.5 }],
    ['0', { kind: 'rate', rate: 0 }],
    ['VAT 20', { kind: 'components', components: [{ name: 'VAT', rate: 20 }] }],
    ['VAT 20 %', { kind: 'components', components: [{ name: 'VAT', rate: 20 }] }],
    ['CGST 9, SGST 9', { kind: 'components', components: [{ name: 'CGST', rate: 9 }, { name: 'SGST', rate: 9 }] }],
    ['CGST 9; SGST 9', { kind: 'components', components: [{ name: 'CGST', rate: 9 }, { name: 'SGST', rate: 9 }] }],
    ['CGST 9 + SGST 9', { kind: 'components', components: [{ name: 'CGST', rate: 9 }, { name: 'SGST', rate: 9 }] }],
    ['GST-HST 13', { kind: 'components', components: [{ name: 'GST-HST', rate: 13 }] }],
    ['V 5', { kind: 'components', components: [{ name: 'V', rate: 5 }] }],
    ['State tax 6.25, City tax 2', { kind: 'components', components: [{ name: 'State tax', rate: 6.25 }, { name: 'City tax', rate: 2 }] }],
    [
      Array.from({ length: 10 }, (_, i) => `T${i} 1`).join(', '),
      { kind: 'components', components: Array.from({ length: 10 }, (_, i) => ({ name: `T${i}`, rate: 1 })) },
    ],
  ];
  for (const [input, expected] of ok) {
    it(`reads ${JSON.stringify(input)}`, () => {
      assert.deepEqual(parseTax(input), expected);
    });
  }

  const refused: Array<[input: string, message: RegExp]> = [
    // The decimal mark is a point: "9,5" is two unnamed parts, refused rather than guessed at.
    ['9,5', /decimal mark is a point/],
    ['abc', /"abc" is not a tax/],
    ['VAT', /"VAT" is not a tax/],
    ['20, VAT 5', /Name each tax component/],
    ['VAT 20,', /"" is not a tax/],
    // Signs, exponents and doubled numbers are refused, not read as a tax named "-", "1e" or "20".
    ['-5', /"-5" is not a tax/],
    ['VAT -5', /"VAT -5" is not a tax/],
    ['1e3', /"1e3" is not a tax/],
    ['20 20', /"20 20" is not a tax/],
    [Array.from({ length: 11 }, (_, i) => `T${i} 1`).join(', '), /At most 10 tax components/],
  ];
  for (const [input, message] of refused) {
    it(`refuses ${JSON.stringify(input.length > 30 ? `${input.slice(0, 30)}…` : input)}`, () => {
      const result = parseTax(input);
      assert.equal(result.kind, 'error');
      assert.match((result as { message: string }).message, message);
    });
  }
});

/** A draft with the given fields, items, pictures and allowances or charges (each item and row starts from the empty one). */
function draftOf(
  fields: Draft['fields'],
  items: Array<Partial<ItemDraft>> = [{ description: 'Work', unit_price: '10' }],
  images: Draft['images'] = {},
  adjustments: Array<Partial<AdjustmentDraft>> = [],
): Draft {
  return {
    fields,
    items: items.map((item) => ({ ...emptyItem(), ...item })),
    adjustments: adjustments.map((row) => ({ ...emptyAdjustment(row.kind ?? 'allowance'), ...row })),
    custom_fields: [],
    images,
  };
}

const ANONYMOUS: BuildOptions = { signedIn: false, withImages: false };
type Built = { request: Json; profile: string | undefined; embedInPdf: boolean; problems: ReadonlyArray<{ field: string; message: string }>; pending: ReadonlyArray<{ field: string; label: string }> };
const build = (draft: Draft, options: BuildOptions = ANONYMOUS): Built => buildRequest(draft, options) as Built;

describe('buildRequest: the InvoiceRequest the form describes', () => {
  it('a fresh draft gives only its one item (empty inputs are left out, so the API\'s defaults apply), its required texts pending', () => {
    assert.deepEqual(build(emptyDraft()), {
      request: { items: [{ quantity: 1 }] }, profile: undefined, embedInPdf: false, problems: [],
      pending: [
        { field: 'from.name', label: 'the seller\'s name' },
        { field: 'to.name', label: 'the buyer\'s name' },
        { field: 'items.0.description', label: 'item 1\'s description' },
      ],
    });
  });

  it('leaves out empty and blank inputs, trims text, keeps only trailing-space trimming for multi-line text', () => {
    const { request } = build(draftOf({
      'from.name': '  Acme GmbH  ',
      'from.email': '',
      'from.phone': '   ',
      'from.address': '  Hauptstr. 1\n10115 Berlin\n\n  ',
      'to.name': 'Globex',
      notes: 'Thanks!\n',
      'invoice.number': ' 00042 ',
      'invoice.po_number': '',
    }));
    assert.deepEqual(request.from, { name: 'Acme GmbH', address: '  Hauptstr. 1\n10115 Berlin' });
    assert.deepEqual(request.to, { name: 'Globex' });
    assert.equal(request.notes, 'Thanks!');
    // A number-like text in a text field stays text (invoice numbers keep their leading zeros).
    assert.deepEqual(request.invoice, { number: '00042' });
  });

  it('converts the number inputs; text that is not a number is passed on as text so the API names the field', () => {
    const cases: Array<[field: string, typed: string, sent: unknown]> = [
      ['global_discount', '10', 10],
      ['shipping', ' 5.50 ', 5.5],
      ['deposit', '0', 0],
      ['amount_paid', '12.34', 12.34],
      ['rounding_increment', '0.05', 0.05],
      ['shipping', 'five', 'five'],
      ['amount_paid', '1,5', '1,5'],
      // Only plain decimals become numbers; a sign is kept so the API says "at least 0".
      ['shipping', '0x10', '0x10'],
      ['shipping', '1e3', '1e3'],
      ['deposit', '-5', -5],
    ];
    for (const [field, typed, sent] of cases) {
      const { request, problems } = build(draftOf({ [field]: typed }));
      assert.deepEqual(request[field], sent, `${field} = ${JSON.stringify(typed)}`);
      assert.deepEqual(problems, []);
    }
  });

  it('upper-cases country codes of from, to and ship_to', () => {
    const { request } = build(draftOf({ 'from.country': ' de ', 'to.country': 'gB', 'ship_to.country': 'fr', 'ship_to.name': 'Depot' }));
    assert.equal(request.from.country, 'DE');
    assert.equal(request.to.country, 'GB');
    assert.deepEqual(request.ship_to, { country: 'FR', name: 'Depot' });
  });

  it('skips blank item rows unless the row is the only one', () => {
    const blank = {};
    const some = { description: 'Consulting', quantity: '12', unit: ' hrs ', unit_price: '25' };
    assert.deepEqual(build(draftOf({}, [blank, some, blank])).request.items, [{ description: 'Consulting', quantity: 12, unit: 'hrs', unit_price: 25 }]);
    // The only row is sent even when blank, without a blank description: the API names it as missing.
    assert.deepEqual(build(draftOf({}, [blank])).request.items, [{ quantity: 1 }]);
    // A row with only a price is not blank; its description is pending, named by its own input.
    const priced = build(draftOf({}, [blank, { unit_price: '3' }]));
    assert.deepEqual(priced.request.items, [{ quantity: 1, unit_price: 3 }]);
    assert.deepEqual(priced.pending.at(-1), { field: 'items.1.description', label: 'item 2\'s description' });
    // The live preview fills what is pending, so it shows totals while the invoice is written.
    assert.deepEqual(buildRequest(draftOf({}, [blank, { unit_price: '3' }]), { ...ANONYMOUS, placeholders: true }).request,
      { from: { name: PENDING_TEXT }, to: { name: PENDING_TEXT }, items: [{ description: PENDING_TEXT, quantity: 1, unit_price: 3 }] });
  });

  it('converts item numbers, passes non-numbers on as text, and sends the discount type only with a discount', () => {
    const { request } = build(draftOf({}, [
      { description: ' A ', quantity: '2', unit_price: '19.99', discount: '10', discount_type: 'percent' },
      { description: 'B', quantity: 'two', unit_price: '1e2', discount: '5', discount_type: 'amount' },
      { description: 'C', quantity: '', unit_price: '', discount: '', discount_type: 'amount' },
      { description: 'D', discount: '1', discount_type: 'bogus' },
    ]));
    assert.deepEqual(request.items, [
      { description: 'A', quantity: 2, unit_price: 19.99, discount: 10, discount_type: 'percent' },
      { description: 'B', quantity: 'two', unit_price: '1e2', discount: 5, discount_type: 'amount' },
      { description: 'C' },
      { description: 'D', quantity: 1, discount: 1, discount_type: 'percent' },
    ]);
  });

  it('turns a per-item tax into tax_rate or taxes, and a bad one into a problem naming the item', () => {
    const { request, problems } = build(draftOf({}, [
      { description: 'rate', tax: '20' },
      { description: 'split', tax: 'CGST 9, SGST 9' },
      { description: 'none', tax: '' },
      { description: 'bad', tax: '9,5' },
    ]));
    const items = request.items as Json[];
    assert.equal(items[0]!.tax_rate, 20);
    assert.equal(items[0]!.taxes, undefined);
    assert.deepEqual(items[1]!.taxes, [{ name: 'CGST', rate: 9 }, { name: 'SGST', rate: 9 }]);
    assert.equal(items[1]!.tax_rate, undefined);
    assert.ok(!('tax_rate' in items[2]!) && !('taxes' in items[2]!));
    assert.ok(!('tax_rate' in items[3]!) && !('taxes' in items[3]!), 'an unreadable tax is not guessed at');
    assert.deepEqual(problems.map((p) => p.field), ['items.3.tax']);
    assert.match(problems[0]!.message, /^Item 4, tax: /);
  });

  it('turns the global tax into global_tax or global_taxes, and a bad one into a problem', () => {
    assert.equal(build(draftOf({ tax: '19' })).request.global_tax, 19);
    assert.deepEqual(build(draftOf({ tax: 'CGST 9; SGST 9' })).request.global_taxes, [{ name: 'CGST', rate: 9 }, { name: 'SGST', rate: 9 }]);
    const none = build(draftOf({ tax: '' })).request;
    assert.ok(!('global_tax' in none) && !('global_taxes' in none) && !('tax' in none));
    const bad = build(draftOf({ tax: 'abc' }));
    assert.ok(!('global_tax' in bad.request) && !('global_taxes' in bad.request) && !('tax' in bad.request));
    assert.deepEqual(bad.problems.map((p) => p.field), ['tax']);
    assert.match(bad.problems[0]!.message, /^Tax: "abc" is not a tax/);
  });

  it('asks for features only when signed in, defaulting both on; a ticked hosted link is left to the default (D42)', () => {
    const fields = { 'features.hosted_link': false, 'features.qr': true };
    assert.equal(build(draftOf(fields), { signedIn: false, withImages: true }).request.features, undefined);
    assert.deepEqual(build(draftOf(fields), { signedIn: true, withImages: false }).request.features, { hosted_link: false, qr: true });
    assert.deepEqual(build(draftOf({}), { signedIn: true, withImages: false }).request.features, { qr: true });
    assert.deepEqual(build(draftOf({ 'features.hosted_link': true, 'features.qr': false }), { signedIn: true, withImages: false }).request.features, { qr: false });
  });

  it('sends the logo and signature only when asked to (the live preview leaves them out)', () => {
    const logo = 'data:image/png;base64,iVBORw0KGgo=';
    const signature = 'data:image/jpeg;base64,/9j/4AAQ';
    const draft = draftOf({ 'from.name': 'Acme' }, undefined, { 'from.logo': logo, signature });
    const without = build(draft, { signedIn: true, withImages: false }).request;
    assert.deepEqual(without.from, { name: 'Acme' });
    assert.equal(without.signature, undefined);
    const withImages = build(draft, { signedIn: true, withImages: true }).request;
    assert.deepEqual(withImages.from, { name: 'Acme', logo });
    assert.equal(withImages.signature, signature);
    // No pictures chosen: nothing to send.
    const noPictures = build(draftOf({}), { signedIn: true, withImages: true }).request;
    assert.ok(!('from' in noPictures) && !('signature' in noPictures));
  });

  it('drops payment.qr when its type is empty, keeps it (value optional) when a type is chosen', () => {
    const dropped = build(draftOf({ 'payment.iban': 'DE89370400440532013000', 'payment.qr.type': '', 'payment.qr.value': 'upi://pay?pa=x' })).request;
    assert.deepEqual(dropped.payment, { iban: 'DE89370400440532013000' });
    const sepa = build(draftOf({ 'payment.iban': 'DE89370400440532013000', 'payment.qr.type': 'sepa', 'payment.qr.value': '' })).request;
    assert.deepEqual(sepa.payment, { iban: 'DE89370400440532013000', qr: { type: 'sepa' } });
    const upi = build(draftOf({ 'payment.qr.type': 'upi', 'payment.qr.value': 'upi://pay?pa=x@y' })).request;
    assert.deepEqual(upi.payment, { qr: { type: 'upi', value: 'upi://pay?pa=x@y' } });
  });

  it('sends the accent colour only when use_accent is checked', () => {
    assert.equal(build(draftOf({ use_accent: true, accent_color: '#112233' })).request.accent_color, '#112233');
    assert.equal(build(draftOf({ use_accent: false, accent_color: '#112233' })).request.accent_color, undefined);
    assert.equal(build(draftOf({ accent_color: '#112233' })).request.accent_color, undefined, 'the colour input always has a value; it alone means nothing');
  });

  it('sends invoice.tax_inclusive only when checked, and never copies the form-only inputs', () => {
    assert.equal(build(draftOf({ 'invoice.tax_inclusive': true })).request.invoice.tax_inclusive, true);
    const unchecked = build(draftOf({ 'invoice.tax_inclusive': false, use_accent: false, tax: '' })).request;
    assert.deepEqual(Object.keys(unchecked).sort(), ['items']);
  });
});

describe('buildRequest: the E-invoice section (D32–D36)', () => {
  /** What the section's inputs hold when the page loads: the selects' first choices, the rest empty. */
  const untouched = {
    profile: 'en16931', document_type: 'invoice', 'billing_reference.number': '', 'billing_reference.date': '',
    'invoice.buyer_reference': '', 'invoice.delivery_date': '', 'invoice.period.start': '', 'invoice.period.end': '',
    'from.electronic_address.scheme': '', 'from.electronic_address.value': '', 'from.contact.name': '',
    'to.electronic_address.scheme': '', 'to.electronic_address.value': '', tax_category: '', tax_exemption_reason: '',
    tax_exemption_code: '', 'payment.means_code': '', 'payment.card.last4': '', 'payment.mandate_reference': '',
  };

  it('an untouched section adds only the document type, and keeps the profile out of the request', () => {
    const { request, profile, problems } = build(draftOf(untouched));
    assert.deepEqual(request, { document_type: 'invoice', items: [{ description: 'Work', quantity: 1, unit_price: 10 }] });
    assert.equal(profile, 'en16931', 'the profile is returned beside the request: profileFor says which downloads send it');
    assert.deepEqual(problems, []);
    assert.equal(build(draftOf({ profile: '' })).profile, undefined, 'no profile chosen: the API\'s default');
  });

  it('maps each filled input to its request path, trimmed', () => {
    const { request, profile } = build(draftOf({
      ...untouched,
      profile: 'xrechnung',
      'from.name': 'Acme GmbH',
      'to.name': 'Bund',
      'invoice.buyer_reference': ' 04011000-12345-67 ',
      'invoice.delivery_date': '2026-03-02',
      'invoice.period.start': '2026-02-01',
      'invoice.period.end': '2026-02-28',
      'invoice.contract_reference': 'C-7',
      'invoice.project_reference': 'P-9',
      'from.electronic_address.scheme': 'EM',
      'from.electronic_address.value': 'billing@acme.example',
      'from.contact.name': 'Accounts',
      'from.tax_registration_id': '12/345/67890',
      'from.registration_scheme': '0106',
      'to.electronic_address.scheme': '0204',
      'to.electronic_address.value': '04011000-12345-67',
      'to.registration_scheme': '0190',
      tax_category: 'AE',
      tax_exemption_reason: 'Reverse charge',
      tax_exemption_code: 'VATEX-EU-AE',
      'payment.means_code': '58',
      'payment.iban': 'DE89370400440532013000',
    }));
    assert.equal(profile, 'xrechnung');
    assert.equal(request.profile, undefined);
    assert.deepEqual(request.from, {
      name: 'Acme GmbH', electronic_address: { scheme: 'EM', value: 'billing@acme.example' }, contact: { name: 'Accounts' },
      tax_registration_id: '12/345/67890', registration_scheme: '0106',
    });
    assert.deepEqual(request.to, { name: 'Bund', electronic_address: { scheme: '0204', value: '04011000-12345-67' }, registration_scheme: '0190' });
    assert.deepEqual(request.invoice, {
      buyer_reference: '04011000-12345-67', delivery_date: '2026-03-02', period: { start: '2026-02-01', end: '2026-02-28' },
      contract_reference: 'C-7', project_reference: 'P-9',
    });
    assert.equal(request.tax_category, 'AE');
    assert.equal(request.tax_exemption_reason, 'Reverse charge');
    assert.equal(request.tax_exemption_code, 'VATEX-EU-AE');
    assert.deepEqual(request.payment, { means_code: '58', iban: 'DE89370400440532013000' });
  });

  it('sends the corrected invoice only with a credit note (the inputs are hidden otherwise)', () => {
    const reference = { 'billing_reference.number': 'INV-2026-00007', 'billing_reference.date': '2026-01-15' };
    const credit = build(draftOf({ ...untouched, document_type: 'credit_note', ...reference })).request;
    assert.equal(credit.document_type, 'credit_note');
    assert.deepEqual(credit.billing_reference, { number: 'INV-2026-00007', date: '2026-01-15' });
    const invoice = build(draftOf({ ...untouched, document_type: 'invoice', ...reference })).request;
    assert.equal(invoice.billing_reference, undefined);
    // A credit note without its reference is sent so: the API's message names billing_reference.
    assert.equal(build(draftOf({ ...untouched, document_type: 'credit_note' })).request.billing_reference, undefined);
  });

  it('sends the mandate only with a direct debit (59) and the card only with a card payment (48, 54, 55)', () => {
    const mandate = { 'payment.mandate_reference': 'M-1', 'payment.creditor_id': 'DE98ZZZ09999999999', 'payment.debtor_iban': 'DE02120300000000202051' };
    const card = { 'payment.card.last4': '1234', 'payment.card.holder': 'A. Buyer', 'payment.card.network': 'VISA' };
    assert.deepEqual(build(draftOf({ ...untouched, 'payment.means_code': '59', ...mandate, ...card })).request.payment,
      { means_code: '59', mandate_reference: 'M-1', creditor_id: 'DE98ZZZ09999999999', debtor_iban: 'DE02120300000000202051' });
    for (const code of ['48', '54', '55']) {
      assert.deepEqual(build(draftOf({ ...untouched, 'payment.means_code': code, ...mandate, ...card })).request.payment,
        { means_code: code, card: { last4: '1234', holder: 'A. Buyer', network: 'VISA' } }, code);
    }
    assert.deepEqual(build(draftOf({ ...untouched, 'payment.means_code': '30', ...mandate, ...card, 'payment.account_number': '123' })).request.payment,
      { means_code: '30', account_number: '123' });
    // Only hidden inputs filled: no payment at all.
    assert.equal(build(draftOf({ ...untouched, ...mandate, ...card })).request.payment, undefined);
  });

  it('an electronic address needs both parts: a scheme alone is dropped, a value alone is a problem naming the scheme', () => {
    const schemeOnly = build(draftOf({ ...untouched, 'from.name': 'Acme', 'from.electronic_address.scheme': '0088', 'to.electronic_address.scheme': 'EM' }));
    assert.deepEqual(schemeOnly.request.from, { name: 'Acme' });
    assert.equal(schemeOnly.request.to, undefined);
    assert.deepEqual(schemeOnly.problems, []);
    const valueOnly = build(draftOf({ ...untouched, 'to.name': 'Globex', 'to.electronic_address.value': '4000001123452' }));
    assert.deepEqual(valueOnly.request.to, { name: 'Globex' });
    assert.deepEqual(valueOnly.problems.map((p) => p.field), ['to.electronic_address.scheme']);
    assert.match(valueOnly.problems[0]!.message, /^Buyer's electronic address: choose its scheme/);
  });

  it('sends an item\'s VAT category, exemption reason and item id when filled', () => {
    const { request } = build(draftOf({}, [
      { description: 'Export', unit_price: '10', tax_category: 'G', tax_exemption_reason: ' Export outside the EU ', item_id: ' SKU-1 ' },
      { description: 'Plain', unit_price: '5', tax_category: '', tax_exemption_reason: '  ', item_id: '' },
    ]));
    assert.deepEqual(request.items, [
      { description: 'Export', quantity: 1, unit_price: 10, tax_category: 'G', tax_exemption_reason: 'Export outside the EU', item_id: 'SKU-1' },
      { description: 'Plain', quantity: 1, unit_price: 5 },
    ]);
  });
});

describe('buildRequest: shipping VAT, allowances and charges (D37) and exact decimals (D38)', () => {
  it('taxes the shipping from its VAT rate box as the other tax boxes read: a rate, named components, or a problem', () => {
    assert.equal(build(draftOf({ shipping: '10', shipping_tax: ' 19 ' })).request.shipping_tax_rate, 19);
    const named = build(draftOf({ shipping: '10', shipping_tax: 'VAT 19', shipping_tax_category: 'S' })).request;
    assert.deepEqual([named.shipping_taxes, named.shipping_tax_category, named.shipping_tax_rate], [[{ name: 'VAT', rate: 19 }], 'S', undefined]);
    const bad = build(draftOf({ shipping: '10', shipping_tax: '19,5' }));
    assert.deepEqual(bad.problems.map((p) => p.field), ['shipping_tax']);
    assert.match(bad.problems[0]!.message, /^Shipping VAT rate: .*decimal mark is a point/);
    // Empty: shipping stays the untaxed charge of D7, and the box itself is never copied.
    const untaxed = build(draftOf({ shipping: '10', shipping_tax: '  ', shipping_tax_category: '' })).request;
    assert.deepEqual(Object.keys(untaxed).filter((key) => key.startsWith('shipping')), ['shipping']);
  });

  it('sends the listed allowances and charges in order, each to its own list, with only what was filled in', () => {
    const { request, problems } = build(draftOf({}, undefined, {}, [
      { kind: 'allowance', value: ' 50 ', reason: ' Loyalty rebate ' },
      { kind: 'charge', value: '12.5', reason: 'Packaging', reason_code: ' abl ', tax_category: 'S', tax_rate: '19' },
      { kind: 'allowance', value: '3', value_type: 'percent', reason_code: '95', tax_category: 'E', tax_rate: '' },
      { kind: 'charge' },
      { kind: 'allowance', value: 'lots', reason: 'Typo' },
    ]));
    assert.deepEqual(problems, []);
    assert.deepEqual(request.allowances, [
      { amount: 50, reason: 'Loyalty rebate' },
      { percent: 3, reason_code: '95', tax_category: 'E' },
      // Not a number: passed on, so the API's message names allowances[2].amount.
      { amount: 'lots', reason: 'Typo' },
    ]);
    assert.deepEqual(request.charges, [{ amount: 12.5, reason: 'Packaging', reason_code: 'ABL', tax_category: 'S', tax_rate: 19 }]);
  });

  it('leaves both lists out when every row is blank, and a row without a value goes without one so the API asks for it', () => {
    const blank = build(draftOf({}, undefined, {}, [{ kind: 'allowance' }, { kind: 'charge', value_type: 'percent' }])).request;
    assert.deepEqual([blank.allowances, blank.charges], [undefined, undefined]);
    assert.deepEqual(build(draftOf({}, undefined, {}, [{ kind: 'charge', reason: 'Freight' }])).request.charges, [{ reason: 'Freight' }]);
  });

  it('numbers the rows per kind as the API does, so an error about allowances[1] names the right row; blank rows take no number', () => {
    const rows = [
      { kind: 'allowance', value: '1' }, { kind: 'charge', value: '1' }, { kind: 'allowance' }, { kind: 'allowance', reason: 'x' }, { kind: 'charge', tax_rate: '7' },
    ].map((row) => ({ ...emptyAdjustment(row.kind as AdjustmentDraft['kind']), ...row }) as AdjustmentDraft);
    assert.deepEqual(adjustmentPaths(rows), ['allowances.0', 'charges.0', undefined, 'allowances.1', 'charges.1']);
    assert.deepEqual(adjustmentPaths([]), []);
  });

  it('sends a line\'s charge as its one-element charges list, and nothing for an empty one', () => {
    const { request } = build(draftOf({}, [
      { description: 'Parcel', unit_price: '20', charge_amount: ' 7.99 ', charge_reason: ' Express shipping ' },
      { description: 'Reason only', unit_price: '5', charge_reason: 'Handling' },
      { description: 'Plain', unit_price: '5', charge_amount: ' ', charge_reason: '' },
    ]));
    assert.deepEqual(request.items.map((item: Json) => item.charges), [[{ amount: 7.99, reason: 'Express shipping' }], [{ reason: 'Handling' }], undefined]);
  });

  it('sends a negative quantity (a returned item) as a negative number', () => {
    const { request, problems } = build(draftOf({}, [{ description: 'Sold', quantity: '3', unit_price: '40' }, { description: 'Returned', quantity: ' -1 ', unit_price: '40' }]));
    assert.deepEqual(problems, []);
    assert.deepEqual(request.items.map((item: Json) => item.quantity), [3, -1]);
  });

  it('sends a decimal with more digits than a double holds as the decimal string it is (D38), read exactly by the API', () => {
    const cases: Array<[typed: string, sent: number | string]> = [
      ['19.99', 19.99],
      ['-0.5', -0.5],
      ['000123.450', 123.45],
      ['123456789012345', 123456789012345],
      ['999999999.999999', 999999999.999999],
      ['9999999999.999999', '9999999999.999999'],
      ['1234567890.123456', '1234567890.123456'],
      [' 0.1234567890123456 ', '0.1234567890123456'],
      ['-1234567890.12345678', '-1234567890.12345678'],
      ['12,5', '12,5'],
    ];
    for (const [typed, sent] of cases) assert.deepEqual(numberOrText(typed), sent, typed);
    const { request } = build(draftOf({ shipping: '9999999999.999999' }, [{ description: 'Exact', quantity: '1.5', unit_price: '1234567890.123456' }]));
    assert.deepEqual([request.shipping, request.items[0].unit_price, request.items[0].quantity], ['9999999999.999999', '1234567890.123456', 1.5]);
  });

  it('what the form builds is what the engine computes: allowance_total, charge_total, taxed shipping, a line charge and a return', () => {
    const { request } = build(draftOf({ 'from.name': 'Acme', 'to.name': 'Globex', tax: '20', shipping: '10', shipping_tax: '20' }, [
      { description: 'Consulting', quantity: '12', unit_price: '120', charge_amount: '5', charge_reason: 'Travel' },
      { description: 'Returned licence', quantity: '-1', unit_price: '40' },
    ], {}, [
      { kind: 'allowance', value: '100', reason: 'Loyalty rebate' },
      { kind: 'charge', value: '1', value_type: 'percent', reason: 'Packaging' },
    ]));
    const invoice = computeInvoice(request as InvoiceRequest, { today: '2027-03-01', number: 'PREVIEW' });
    // Lines 1445 − 40 = 1405; − 100 + 1 % of the lines (14.05); + 10 shipping; all at 20 %.
    assert.deepEqual(
      [invoice.subtotal, invoice.allowance_total, invoice.charge_total, invoice.shipping, invoice.total_tax, invoice.grand_total],
      [1405, 100, 14.05, 10, 265.81, 1594.86],
    );
    assert.deepEqual(invoice.items[0]!.charges, [{ amount: 5, reason: 'Travel' }]);
  });

  it('offers as many allowances and as many charges as the API takes', () => {
    assert.equal(MAX_ADJUSTMENTS_PER_KIND, MAX_ALLOWANCES);
  });
});

describe('hasAdjustmentData and hasItemFoldData: which folds open by themselves', () => {
  const cases: Array<[what: string, draft: Draft, open: boolean]> = [
    ['a fresh draft', emptyDraft(), false],
    ['shipping without a VAT rate', draftOf({ shipping: '10', shipping_tax: ' ', shipping_tax_category: '' }), false],
    ['a blank row just added', draftOf({}, undefined, {}, [{ kind: 'charge', value_type: 'percent' }]), false],
    ['a shipping VAT rate', draftOf({ shipping_tax: '19' }), true],
    ['a shipping VAT category', draftOf({ shipping_tax_category: 'E' }), true],
    ['an allowance', draftOf({}, undefined, {}, [{ kind: 'allowance', reason: 'Rebate' }]), true],
  ];
  for (const [what, draft, open] of cases) {
    it(`the allowances and charges ${open ? 'open' : 'stay folded'} for ${what}`, () => assert.equal(hasAdjustmentData(draft), open));
  }

  it('an item\'s fold opens for its charge, which does not open the E-invoice section', () => {
    const item = { ...emptyItem(), description: 'A', charge_amount: '5' };
    assert.equal(hasItemFoldData(item), true);
    assert.equal(hasItemFoldData({ ...emptyItem(), item_id: 'SKU' }), true);
    assert.equal(hasItemFoldData(emptyItem()), false);
    assert.equal(hasEInvoiceData({ ...emptyDraft(), items: [item] }, new Map()), false);
  });
});

describe('hasEInvoiceData: whether the E-invoice section opens by itself', () => {
  const defaults = new Map<string, string | boolean>([['profile', 'en16931'], ['document_type', 'invoice'], ['invoice.buyer_reference', ''], ['tax_category', ''], ['embed_einvoice', false]]);
  const cases: Array<[what: string, draft: Draft, open: boolean]> = [
    ['a fresh draft', emptyDraft(), false],
    ['the page\'s own values', draftOf({ profile: 'en16931', document_type: 'invoice', 'invoice.buyer_reference': '', tax_category: '' }), false],
    ['blanks only', draftOf({ 'invoice.buyer_reference': '   ' }), false],
    ['data outside the section', draftOf({ 'from.name': 'Acme', 'invoice.po_number': 'PO-1' }), false],
    ['the embedding box as the page has it, unticked', draftOf({ embed_einvoice: false }), false],
    ['another profile', draftOf({ profile: 'xrechnung' }), true],
    ['the embedding box ticked (D40)', draftOf({ profile: 'en16931', embed_einvoice: true }), true],
    ['a credit note', draftOf({ document_type: 'credit_note' }), true],
    ['a buyer reference', draftOf({ 'invoice.buyer_reference': 'LW-1' }), true],
    ['an item\'s VAT category', draftOf({}, [{ description: 'A', tax_category: 'E' }]), true],
    ['an item id', draftOf({}, [{ description: 'A' }, { description: 'B', item_id: 'SKU' }]), true],
  ];
  for (const [what, draft, open] of cases) {
    it(`${open ? 'opens' : 'stays folded'} for ${what}`, () => assert.equal(hasEInvoiceData(draft, defaults), open));
  }
});

describe('inputNameFor: the input a problem\'s field names', () => {
  const names = [
    'from.name', 'from.email', 'from.phone', 'from.contact.name', 'from.electronic_address.scheme', 'from.electronic_address.value',
    'to.address', 'invoice.number', 'invoice.buyer_reference', 'invoice.period.start', 'invoice.period.end', 'tax', 'payment.iban',
    'payment.card.last4', 'billing_reference.number', 'billing_reference.date', 'items.0.description', 'items.0.tax', 'items.1.description',
    'items.1.tax', 'items.1.tax_category', 'items.1.charge_amount', 'items.1.charge_reason', 'shipping_tax',
    'allowances.0.amount', 'allowances.0.reason', 'allowances.0.tax_rate', 'charges.0.percent', 'charges.0.reason',
  ];
  const cases: Array<[field: string, input: string | undefined]> = [
    ['from.contact.name', 'from.contact.name'],
    ['invoice.buyer_reference', 'invoice.buyer_reference'],
    ['items[1].tax_category', 'items.1.tax_category'],
    // The contact's phone and e-mail are the party's unless given apart (D34).
    ['from.contact.phone', 'from.phone'],
    ['from.contact.email', 'from.email'],
    ['from.electronic_address', 'from.electronic_address.value'],
    ['from.electronic_address.scheme', 'from.electronic_address.scheme'],
    ['payment', 'payment.iban'],
    ['payment.card', 'payment.card.last4'],
    ['billing_reference', 'billing_reference.number'],
    ['invoice.period', 'invoice.period.start'],
    ['global_taxes[0].rate', 'tax'],
    ['items[1].tax_rate', 'items.1.tax'],
    ['items[0].taxes[1].rate', 'items.0.tax'],
    ['items[1].unit_code', 'items.1.description'],
    // The shipping's tax is typed in its VAT rate box, a line's charge in its two inputs.
    ['shipping_tax_rate', 'shipping_tax'],
    ['shipping_taxes[0].rate', 'shipping_tax'],
    ['items[1].charges[0].amount', 'items.1.charge_amount'],
    ['items[1].charges[0]', 'items.1.charge_reason'],
    ['items[1].charges[0].reason_code', 'items.1.charge_reason'],
    ['items[1].charges', 'items.1.charge_amount'],
    // An allowance's or charge's inputs are named by their paths; the row named whole is its first input.
    ['allowances[0].tax_rate', 'allowances.0.tax_rate'],
    ['allowances[0]', 'allowances.0.amount'],
    ['charges[0].percent', 'charges.0.percent'],
    // No input: nothing is marked rather than a wrong one.
    ['invoice.something', undefined],
    ['ship_to.country', undefined],
    ['constructor', undefined],
  ];
  for (const [field, input] of cases) {
    it(`${field} → ${input ?? 'no input'}`, () => assert.equal(inputNameFor(field, names), input));
  }
});

describe('profileFor: the profile a UBL or CII download asks for (D32)', () => {
  it('passes on the pairs that exist, and no profile as the API\'s default', () => {
    for (const profile of [undefined, 'en16931', 'peppol', 'xrechnung']) assert.deepEqual(profileFor('ubl', profile, false), { profile });
    for (const profile of [undefined, 'en16931', 'xrechnung']) assert.deepEqual(profileFor('cii', profile, false), { profile });
  });

  it('refuses Peppol for CII in the page, saying what to choose instead', () => {
    assert.deepEqual(profileFor('cii', 'peppol', false), { refused: 'Peppol BIS 3 has no CII form: choose EN 16931 or XRechnung 3 under "E-invoice", or download UBL.' });
    assert.ok('refused' in profileFor('ubl', 'factur-x', false), 'Factur-X is a hybrid PDF only');
  });
});

describe('hybridProfileFor: the hybrid PDF of the chosen profile (D40)', () => {
  const cases: Array<[chosen: string | undefined, hybrid: string | undefined]> = [
    [undefined, 'factur-x'],
    ['en16931', 'factur-x'],
    ['xrechnung', 'xrechnung'],
    ['peppol', undefined],
    // Not offered by the page; a hybrid profile is not a choice of rules.
    ['factur-x', undefined],
  ];
  for (const [chosen, hybrid] of cases) {
    it(`${chosen ?? 'no profile'} → ${hybrid ?? 'none'}`, () => assert.equal(hybridProfileFor(chosen), hybrid));
  }

  it('each is a PDF profile the API takes, and its embedded CII follows the rules chosen', () => {
    for (const chosen of ['en16931', 'xrechnung'] as const) {
      const hybrid = hybridProfileFor(chosen)!;
      assert.equal(kindFor('pdf', hybrid).profile, hybrid, 'no invalid_profile');
      assert.equal(kindFor('pdf', hybrid).rules, chosen);
    }
  });
});

describe('what each download sends: "Embed the e-invoice in the PDF" × profile × output (D32, D40)', () => {
  /** The profile the request of `output` carries for a form with these choices; "refused" when the page sends nothing. */
  function sent(embed: boolean, profile: string, output: 'pdf' | 'ubl' | 'cii'): string | undefined {
    const built = buildRequest(draftOf({ profile, embed_einvoice: embed }), { signedIn: true, withImages: true });
    assert.equal((built.request as Json).embed_einvoice, undefined, 'the box is the page\'s, never a request field');
    assert.equal((built.request as Json).profile, undefined, 'the profile is added per download');
    const chosen = profileFor(output, built.profile, built.embedInPdf);
    return 'refused' in chosen ? 'refused' : chosen.profile;
  }
  const table: Array<[embed: boolean, profile: string, pdf: string | undefined, ubl: string | undefined, cii: string | undefined]> = [
    // Unticked, the PDF is a plain one, exactly as before hybrid PDFs existed.
    [false, 'en16931', undefined, 'en16931', 'en16931'],
    [false, 'xrechnung', undefined, 'xrechnung', 'xrechnung'],
    [false, 'peppol', undefined, 'peppol', 'refused'],
    // Ticked, the PDF carries the chosen e-invoice; UBL and CII are as they were.
    [true, 'en16931', 'factur-x', 'en16931', 'en16931'],
    [true, 'xrechnung', 'xrechnung', 'xrechnung', 'xrechnung'],
    // Peppol has no hybrid form: the box is disabled, and the PDF stays plain.
    [true, 'peppol', undefined, 'peppol', 'refused'],
  ];
  for (const [embed, profile, pdf, ubl, cii] of table) {
    it(`box ${embed ? 'ticked' : 'unticked'}, ${profile}: PDF ${pdf ?? 'plain'}, UBL ${ubl}, CII ${cii}`, () => {
      assert.deepEqual([sent(embed, profile, 'pdf'), sent(embed, profile, 'ubl'), sent(embed, profile, 'cii')], [pdf, ubl, cii]);
    });
  }

  it('a draft saved before the box existed downloads a plain PDF', () => {
    const built = buildRequest(draftOf({ profile: 'xrechnung' }), { signedIn: true, withImages: true });
    assert.equal(built.embedInPdf, false);
    assert.deepEqual(profileFor('pdf', built.profile, built.embedInPdf), { profile: undefined });
  });
});

/** A Storage held in memory; setItem refuses values longer than quotaChars, as a full browser store does. */
class MemoryStorage implements Storage {
  readonly data = new Map<string, string>();
  readonly options: { quotaChars?: number; broken?: boolean };
  constructor(options: { quotaChars?: number; broken?: boolean } = {}) { this.options = options; }
  get length(): number { return this.data.size; }
  clear(): void { this.data.clear(); }
  getItem(key: string): string | null {
    if (this.options.broken) throw new Error('SecurityError: storage is disabled');
    return this.data.get(key) ?? null;
  }
  key(index: number): string | null { return [...this.data.keys()][index] ?? null; }
  removeItem(key: string): void {
    if (this.options.broken) throw new Error('SecurityError: storage is disabled');
    this.data.delete(key);
  }
  setItem(key: string, value: string): void {
    if (this.options.broken) throw new Error('SecurityError: storage is disabled');
    if (this.options.quotaChars !== undefined && value.length > this.options.quotaChars) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    this.data.set(key, value);
  }
  [name: string]: unknown;
}

/** The one key the draft is stored under, whatever it is called. */
function storedKey(storage: MemoryStorage): string {
  assert.equal(storage.length, 1, 'the draft is one entry');
  return storage.key(0)!;
}

describe('draft: the generator\'s work kept in the browser', () => {
  const draft = (): Draft => draftOf({ 'from.name': 'Acme', use_accent: true, shipping_tax: '19' }, [{ description: 'Work', unit_price: '10', tax: 'VAT 20', charge_amount: '2', charge_reason: 'Gift wrap' }], {
    'from.logo': `data:image/png;base64,${'A'.repeat(5000)}`,
  }, [{ kind: 'charge', value: '3', value_type: 'percent', reason: 'Packaging', tax_category: 'S', tax_rate: '19' }]);

  it('an empty store gives a fresh draft with one empty item', () => {
    assert.deepEqual(loadDraft(new MemoryStorage()), { fields: {}, items: [emptyItem()], adjustments: [], custom_fields: [], images: {} });
  });

  it('saves and loads a draft unchanged', () => {
    const storage = new MemoryStorage();
    assert.equal(saveDraft(storage, draft()), true);
    assert.deepEqual(loadDraft(storage), draft());
  });

  it('keeps the draft without its pictures when they do not fit, and says so', () => {
    const storage = new MemoryStorage({ quotaChars: 2000 });
    assert.equal(saveDraft(storage, draft()), false);
    assert.deepEqual(loadDraft(storage), { ...draft(), images: {} });
  });

  it('does not throw when the store is off or full; the form still works', () => {
    assert.equal(saveDraft(new MemoryStorage({ quotaChars: 10 }), draft()), false);
    assert.equal(saveDraft(new MemoryStorage({ broken: true }), draft()), false);
    assert.deepEqual(loadDraft(new MemoryStorage({ broken: true })), emptyDraft());
    assert.doesNotThrow(() => clearDraft(new MemoryStorage({ broken: true })));
  });

  it('a corrupt or foreign saved value gives a fresh draft; saved items are completed with the empty item\'s values', () => {
    const storage = new MemoryStorage();
    saveDraft(storage, draft());
    const key = storedKey(storage);
    for (const corrupt of ['{', 'not json', 'null', '']) {
      storage.data.set(key, corrupt);
      assert.deepEqual(loadDraft(storage), emptyDraft(), JSON.stringify(corrupt));
    }
    storage.data.set(key, JSON.stringify({ fields: { 'to.name': 'Globex' }, items: [] }));
    assert.deepEqual(loadDraft(storage), { fields: { 'to.name': 'Globex' }, items: [emptyItem()], adjustments: [], custom_fields: [], images: {} });
    // A draft from before allowances and charges has none, nor the items' charge inputs.
    storage.data.set(key, JSON.stringify({ items: [{ description: 'Old row' }] }));
    assert.deepEqual(loadDraft(storage), { fields: {}, items: [{ ...emptyItem(), description: 'Old row' }], adjustments: [], custom_fields: [], images: {} });
    // A row's kind and "amount or percent" are one of their choices whatever was stored.
    storage.data.set(key, JSON.stringify({ items: [], adjustments: [{ kind: 'charge', value: '5' }, { kind: 'rebate', value_type: 'fraction', reason: 'R' }, null] }));
    assert.deepEqual(loadDraft(storage).adjustments, [
      { ...emptyAdjustment('charge'), value: '5' },
      { ...emptyAdjustment('allowance'), reason: 'R' },
      emptyAdjustment('allowance'),
    ]);
  });

  it('clearDraft forgets the draft', () => {
    const storage = new MemoryStorage();
    saveDraft(storage, draft());
    clearDraft(storage);
    assert.equal(storage.length, 0);
    assert.deepEqual(loadDraft(storage), emptyDraft());
  });
});
