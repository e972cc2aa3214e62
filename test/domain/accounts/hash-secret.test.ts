import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hashSecret, secretsEqual } from '../../../src/domain/accounts/hash-secret.ts';

describe('hashSecret', () => {
  const vectors: Array<[string, string]> = [
    // FIPS 180-2 examples
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
  ];
  for (const [input, hex] of vectors) {
    it(`sha256(${JSON.stringify(input)})`, () => {
      assert.equal(hashSecret(input), hex);
    });
  }

  it('hashes UTF-8 and gives 64 lowercase hex characters', () => {
    const hash = hashSecret(`inv_${'x'.repeat(40)}`);
    assert.match(hash, /^[0-9a-f]{64}$/);
    assert.notEqual(hashSecret('\u00e9'), hashSecret('\u00c3\u00a9'));
  });
});

describe('secretsEqual', () => {
  const cases: Array<[string, string, string, boolean]> = [
    ['identical', 'inv_abcdef', 'inv_abcdef', true],
    ['both empty', '', '', true],
    ['differ in the last character', 'inv_abcdef', 'inv_abcdeg', false],
    ['differ in the first character', 'inv_abcdef', 'Inv_abcdef', false],
    ['prefix', 'inv_abc', 'inv_abcdef', false],
    ['longer', 'inv_abcdef', 'inv_abc', false],
    ['one empty', '', 'x', false],
    ['same UTF-16 length, different UTF-8 length', '\u00e9', 'e', false],
  ];
  for (const [name, a, b, expected] of cases) {
    it(`${name} → ${expected}`, () => {
      assert.equal(secretsEqual(a, b), expected);
    });
  }
});
