import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fieldSpellings } from '../../src/requests/field-spellings.ts';
import { suggestFieldName } from '../../src/requests/suggest-field-name.ts';

const level = (...names: string[]) => fieldSpellings(names.map((name) => [name, name] as const));

const LINE = level('description', 'quantity', 'unit', 'unit_price', 'discount', 'discount_type', 'tax_rate', 'taxes', 'tax_category', 'note', 'item_id');
const PARTY = level('name', 'address', 'email', 'phone', 'tax_id', 'tax_registration_id', 'registration_no', 'country');
const ADDRESS = level('lines', 'city', 'postal_code', 'region', 'country');
const TOP = level('from', 'to', 'items', 'global_tax', 'global_taxes', 'notes', 'footer');

describe('suggestFieldName (D46)', () => {
  const cases: { key: string; at: ReturnType<typeof level>; want: string | undefined; why: string }[] = [
    { key: 'unit-price', at: LINE, want: 'unit_price', why: 'other separators' },
    { key: 'UnitPrice', at: LINE, want: 'unit_price', why: 'other case, no separator' },
    { key: 'unitprice', at: LINE, want: 'unit_price', why: 'no separator' },
    { key: 'UNIT_PRICE', at: LINE, want: 'unit_price', why: 'upper case' },
    { key: 'unit_prcie', at: LINE, want: 'unit_price', why: 'two letters swapped: one edit' },
    { key: 'descriptoin', at: LINE, want: 'description', why: 'a swap' },
    { key: 'quantty', at: LINE, want: 'quantity', why: 'a letter missing' },
    { key: 'discont_typ', at: LINE, want: 'discount_type', why: 'two letters missing' },
    { key: 'qty', at: LINE, want: 'quantity', why: 'synonym' },
    { key: 'price', at: LINE, want: 'unit_price', why: 'synonym' },
    { key: 'tax', at: LINE, want: 'tax_rate', why: 'synonym, at a line' },
    { key: 'vat', at: LINE, want: 'tax_rate', why: 'synonym, at a line' },
    { key: 'vat', at: PARTY, want: 'tax_id', why: 'the same synonym in a party' },
    { key: 'VAT-Number', at: PARTY, want: 'tax_id', why: 'synonym in another spelling' },
    { key: 'telephone', at: PARTY, want: 'phone', why: 'synonym' },
    { key: 'tax', at: TOP, want: 'global_tax', why: 'synonym at the top' },
    { key: 'global_tx', at: TOP, want: 'global_tax', why: 'one letter missing; global_taxes is two away' },
    { key: 'zip', at: ADDRESS, want: 'postal_code', why: 'synonym' },
    { key: 'postcode', at: ADDRESS, want: 'postal_code', why: 'synonym' },
    { key: 'zip', at: PARTY, want: undefined, why: 'a synonym only where its field is' },
    { key: 'nmae', at: PARTY, want: 'name', why: 'a swap in a short name' },
    { key: 'wibble', at: LINE, want: undefined, why: 'nothing close' },
    { key: 'colour_scheme', at: TOP, want: undefined, why: 'nothing close' },
    { key: 'xy', at: TOP, want: undefined, why: 'a short key gets one edit at most' },
    { key: 'tp', at: TOP, want: 'to', why: 'one edit from a short name' },
    { key: 'x'.repeat(65), at: LINE, want: undefined, why: 'too long to compare' },
  ];
  for (const { key, at, want, why } of cases) {
    it(`${key.length > 20 ? `${key.slice(0, 20)}…` : key} → ${want ?? 'no suggestion'} (${why})`, () => {
      assert.equal(suggestFieldName(key, at), want);
    });
  }

  it('a tie goes to the name listed first', () => {
    assert.equal(suggestFieldName('ab', level('ac', 'ad')), 'ac');
  });
});
