import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { passwordProblem } from '../../../src/domain/accounts/check-password-rules.ts';

const PILE_OF_POO = '\u{1F4A9}'; // one code point, two UTF-16 units

describe('passwordProblem (D17: 8 to 128 characters)', () => {
  const cases: Array<[string, unknown, RegExp | undefined]> = [
    ['7 characters', 'a'.repeat(7), /too short.*at least 8/],
    ['8 characters', 'a'.repeat(8), undefined],
    ['128 characters', 'a'.repeat(128), undefined],
    ['129 characters', 'a'.repeat(129), /too long.*at most 128/],
    ['8 astral characters (16 UTF-16 units)', PILE_OF_POO.repeat(8), undefined],
    ['7 astral characters (14 UTF-16 units, counted as 7)', PILE_OF_POO.repeat(7), /too short/],
    ['128 astral characters (256 UTF-16 units)', PILE_OF_POO.repeat(128), undefined],
    ['129 astral characters', PILE_OF_POO.repeat(129), /too long/],
    ['127 + 1 astral = 128', 'a'.repeat(127) + PILE_OF_POO, undefined],
    ['spaces count', '        ', undefined],
    ['empty', '', /too short/],
    ['a megabyte', 'x'.repeat(1_000_000), /too long/],
    ['unpaired surrogate', 'abcdefg\uD800', /invalid character/],
    ['number', 12345678, /must be a string/],
    ['null', null, /must be a string/],
    ['undefined', undefined, /must be a string/],
    ['array of characters', [...'abcdefgh'], /must be a string/],
  ];
  for (const [name, input, expected] of cases) {
    it(name, () => {
      const problem = passwordProblem(input);
      if (expected === undefined) {
        assert.equal(problem, undefined);
      } else {
        assert.ok(problem !== undefined, 'expected a problem');
        assert.match(problem, expected);
        assert.match(problem, /^password /, 'the message names the field');
      }
    });
  }
});
