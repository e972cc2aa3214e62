import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normalizeInvoiceRequest } from '../../../src/requests/normalize-invoice-request.ts';
import { GENERATOR_PAGE } from '../../../src/http/pages/generator-page-markup.ts';
import { validateInvoiceRequest } from '../../../src/requests/validate-invoice-request.ts';
import { buildRequest } from '../../../web/src/generator/build-request.ts';
import { emptyAdjustment, emptyDraft, emptyItem, ITEM_FIELDS, type Draft } from '../../../web/src/generator/draft.ts';

type Json = Record<string, unknown>;

/** Every control of the generator page with a name, as the server renders it: its kind and options. */
function pageControls(): Array<{ name: string; kind: string; options: string[] }> {
  const html = GENERATOR_PAGE.main.replace(/<template[\s\S]*?<\/template>/g, '');
  const controls: Array<{ name: string; kind: string; options: string[] }> = [];
  for (const match of html.matchAll(/<(input|textarea)\b[^>]*\bname="([^"]+)"[^>]*>/g)) {
    controls.push({ name: match[2]!, kind: match[1] === 'textarea' ? 'textarea' : /\btype="([^"]+)"/.exec(match[0])?.[1] ?? 'text', options: [] });
  }
  for (const match of html.matchAll(/<select\b[^>]*\bname="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g)) {
    controls.push({ name: match[1]!, kind: 'select', options: [...match[2]!.matchAll(/value="([^"]*)"/g)].map((option) => option[1]!) });
  }
  return controls;
}

/** A value of the right form for each kind of input; the text is wrapped in spaces, as a careless user types it. */
const VALUES: Readonly<Record<string, string | boolean>> = {
  text: '  Text  ', textarea: '  Line one\nLine two  ', email: ' billing@acme.example ', tel: ' +49 30 1234 ', date: '2026-11-02',
  number: '2', color: '#112233', checkbox: true, url: 'https://acme.example',
};

/** A draft with every input of the page filled in, every select on `choose(name)`, and every list row filled. */
function filledDraft(choose: (name: string, options: readonly string[]) => string): Draft {
  const draft = emptyDraft();
  for (const control of pageControls()) {
    draft.fields[control.name] = control.kind === 'select' ? choose(control.name, control.options) : VALUES[control.kind] ?? VALUES.text!;
  }
  draft.fields.tax = '20';
  draft.fields.shipping_tax = '19';
  draft.items = [{ ...emptyItem(), ...Object.fromEntries(ITEM_FIELDS.map((field) => [field, ' 1 '])), description: ' Consulting ', tax: '7', discount_type: 'amount', tax_category: 'S' }];
  draft.adjustments = [
    { ...emptyAdjustment('allowance'), value: '5', reason: ' Loyalty ', reason_code: '95', tax_category: 'S', tax_rate: '20' },
    { ...emptyAdjustment('charge'), value: '3', value_type: 'percent', reason: ' Packing ', reason_code: 'ABL', tax_category: 'S', tax_rate: '20' },
  ];
  draft.custom_fields = [{ label: ' Cost centre ', value: ' CC-4711 ' }, { label: ' Project ', value: '' }];
  return draft;
}

/** Every string in the request, with its path. */
function strings(value: unknown, at = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => strings(item, `${at}[${i}]`));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, item]) => strings(item, at === '' ? key : `${at}.${key}`));
  return [];
}

const firstFilled = (_name: string, options: readonly string[]): string => options.find((option) => option !== '') ?? '';

describe('the generator sends only fields the API knows, and no blank text', () => {
  // Three drafts, so the inputs shown only for a credit note, a direct debit or a card are sent too.
  const variants: ReadonlyArray<[string, Readonly<Record<string, string>>]> = [
    ['an invoice paid by transfer', {}],
    ['a credit note paid by direct debit', { document_type: 'credit_note', 'payment.means_code': '59' }],
    ['an invoice paid by card', { 'payment.means_code': '48' }],
  ];
  for (const [what, choices] of variants) {
    it(`every input of the page filled in, for ${what}: the request reader finds no unknown field`, () => {
      const draft = filledDraft((name, options) => choices[name] ?? firstFilled(name, options));
      for (const signedIn of [false, true]) {
        const { request } = buildRequest(draft, { signedIn, withImages: true });
        assert.doesNotThrow(() => normalizeInvoiceRequest(request), 'no unknown field');
        for (const [path, text] of strings(request)) assert.equal(text, text.trim(), `${path} is sent trimmed`);
        assert.deepEqual((request as Json).custom_fields, [{ label: 'Cost centre', value: 'CC-4711' }, { label: 'Project' }]);
      }
    });
  }

  it('a fully typed, consistent invoice with custom fields passes the API\'s whole validation', () => {
    const draft = emptyDraft();
    Object.assign(draft.fields, { 'from.name': 'Acme GmbH', 'to.name': 'Globex Ltd', 'invoice.currency': 'EUR', tax: '19' });
    draft.items = [{ ...emptyItem(), description: 'Consulting', quantity: '2', unit_price: '100' }];
    draft.custom_fields = [{ label: 'Cost centre', value: 'CC-4711' }];
    const { request, pending, problems } = buildRequest(draft, { signedIn: true, withImages: true });
    assert.deepEqual([pending, problems], [[], []]);
    assert.deepEqual(validateInvoiceRequest(request, 'the request').custom_fields, [{ label: 'Cost centre', value: 'CC-4711' }]);
  });

  it('inputs left empty or holding only spaces are not sent at all', () => {
    const draft = emptyDraft();
    for (const control of pageControls()) if (control.kind !== 'checkbox' && control.kind !== 'select') draft.fields[control.name] = '   ';
    draft.items = [{ ...emptyItem(), description: '  ', unit: ' ', unit_price: '3', item_id: '  ', charge_reason: ' ' }];
    draft.adjustments = [emptyAdjustment('allowance')];
    draft.custom_fields = [{ label: ' ', value: '  ' }, { label: '', value: 'only a value' }];
    const { request, pending } = buildRequest(draft, { signedIn: false, withImages: false });
    assert.deepEqual(strings(request).filter(([, text]) => text.trim() === ''), [], 'no blank string');
    assert.deepEqual(request, { items: [{ quantity: 1, unit_price: 3 }], custom_fields: [{ value: 'only a value' }] });
    assert.deepEqual(pending.map((p) => p.field), ['from.name', 'to.name', 'items.0.description', 'custom_fields.0.label']);
  });
});
