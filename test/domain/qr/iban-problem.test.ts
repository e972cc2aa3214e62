import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bicProblem } from '../../../src/domain/qr/bic-problem.ts';
import { ibanProblem } from '../../../src/domain/qr/iban-problem.ts';

describe('ibanProblem (ISO 13616 mod 97)', () => {
  const cases: Array<[string, string | undefined]> = [
    ['DE89370400440532013000', undefined],
    ['GB82WEST12345698765432', undefined],
    ['FR1420041010050500013M02606', undefined], // letters inside the national part
    ['NO9386011117947', undefined], // shortest: 15 characters
    ['MT84MALT011000012345MTLCAST001S', undefined],
    ['DE89370400440532013001', 'checksum'], // last digit changed
    ['DE98370400440532013000', 'checksum'], // check digits swapped
    ['GB82WEST12345698765423', 'checksum'], // two digits transposed
    ['DE00370400440532013000', 'checksum'],
    ['DE8937040044053201300', 'checksum'], // a digit dropped: 21 characters still has the shape
    ['DE89 3704 0044 0532 0130 00', 'must be an IBAN'],
    ['de89370400440532013000', 'must be an IBAN'],
    ['1289370400440532013000', 'must be an IBAN'],
    ['DE8937040044', 'must be an IBAN'], // too short
    [`DE89${'1'.repeat(31)}`, 'must be an IBAN'], // 35 characters
    ['', 'must be an IBAN'],
  ];
  for (const [iban, fragment] of cases) {
    it(`${JSON.stringify(iban)} → ${fragment ?? 'valid'}`, () => {
      const problem = ibanProblem(iban);
      if (fragment === undefined) assert.equal(problem, undefined);
      else assert.ok(problem?.includes(fragment), String(problem));
    });
  }
});

describe('bicProblem (ISO 9362)', () => {
  const cases: Array<[string, boolean]> = [
    ['DEUTDEFF', true],
    ['DEUTDEFF500', true],
    ['COBADEFFXXX', true],
    ['BNPAFRPP', true],
    ['DEUTDEF', false],
    ['DEUTDEFF5', false],
    ['DEUTDEFF5000', false],
    ['deutdeff', false],
    ['1EUTDEFF', false], // institution code is letters
    ['DEUT1EFF', false], // country code is letters
    ['DEUT DEFF', false],
  ];
  for (const [bic, valid] of cases) {
    it(`${bic} → ${valid ? 'valid' : 'refused'}`, () => assert.equal(bicProblem(bic) === undefined, valid));
  }
});
