import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countryFromLine } from '../../../src/domain/einvoice/country-from-line.ts';
import { splitPostalAddress } from '../../../src/domain/einvoice/split-postal-address.ts';

describe('splitPostalAddress (docs/ubl.md)', () => {
  const cases: Array<[string, string | undefined, Record<string, string> | undefined]> = [
    ['Hauptstraße 1\n10115 Berlin\nGermany', undefined, { street: 'Hauptstraße 1', postalZone: '10115', city: 'Berlin', country: 'DE' }],
    ['Hauptstraße 1\nD-10115 Berlin', 'DE', { street: 'Hauptstraße 1', postalZone: 'D-10115', city: 'Berlin', country: 'DE' }],
    ['1 Main St\nSuite 200\nSpringfield, IL 62704\nUSA', undefined, { street: '1 Main St', additionalStreet: 'Suite 200', city: 'Springfield', subentity: 'IL', postalZone: '62704', country: 'US' }],
    ['10 Downing Street\nLondon SW1A 2AA\nUnited Kingdom', undefined, { street: '10 Downing Street', city: 'London', postalZone: 'SW1A 2AA', country: 'GB' }],
    ['千代田区丸の内1-1\n100-0005 東京都\n日本', undefined, { street: '千代田区丸の内1-1', postalZone: '100-0005', city: '東京都', country: 'JP' }],
    ['कनॉट प्लेस 12\nनई दिल्ली 110001\nभारत', undefined, { street: 'कनॉट प्लेस 12', city: 'नई दिल्ली', postalZone: '110001', country: 'IN' }],
    ['شارع الملك فهد\nالرياض\nالمملكة العربية السعودية', undefined, { street: 'شارع الملك فهد', additionalStreet: 'الرياض', country: 'SA' }],
    ['A\nB\nC\nD\nE', undefined, { street: 'A', additionalStreet: 'B', line: 'C, D, E' }],
    ['Rue 1\n75001 Paris', 'FR', { street: 'Rue 1', postalZone: '75001', city: 'Paris', country: 'FR' }],
    ['Rue 1\nFrance', 'BE', { street: 'Rue 1', additionalStreet: 'France', country: 'BE' }],
    ['', 'NL', { country: 'NL' }],
  ];
  for (const [address, country, expected] of cases) {
    it(`${JSON.stringify(address)}${country ? ` with country ${country}` : ''}`, () => {
      assert.deepEqual(splitPostalAddress(address, country), expected);
    });
  }
  it('nothing at all gives no address', () => {
    assert.equal(splitPostalAddress(undefined, undefined), undefined);
    assert.equal(splitPostalAddress('\n \n', undefined), undefined);
  });
});

describe('countryFromLine', () => {
  it('reads names in the 11 languages, ISO codes and common aliases; a line with more than the country is not read', () => {
    const cases: Array<[string, string | undefined]> = [
      ['Germany', 'DE'], ['Deutschland', 'DE'], ['Allemagne', 'DE'], ['ドイツ', 'DE'], ['Германия', 'DE'], ['जर्मनी', 'DE'], ['ألمانيا', 'DE'],
      ['DE', 'DE'], ['USA', 'US'], ['U.S.A.', 'US'], ['UK', 'GB'], ['united kingdom', 'GB'], ['Nederland', 'NL'], ['Germany,', 'DE'],
      ['XX', undefined], ['Berlin, Germany', undefined], ['Narnia', undefined], ['de', undefined],
    ];
    for (const [line, code] of cases) assert.equal(countryFromLine(line), code, line);
  });
});
