import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Ajv } from 'ajv';
import { addLengthKeywords } from '../../src/requests/add-length-keywords.ts';
import { AJV_OPTIONS } from '../../src/schemas/ajv-options.ts';

const plain = new Ajv({ ...AJV_OPTIONS });
const shortcut = new Ajv({ ...AJV_OPTIONS });
addLengthKeywords(shortcut);

/** Strings around each limit in UTF-16 units and in characters: ASCII, emoji (two units each), a lone surrogate. */
const SAMPLES = ['', 'a', 'ab', 'abc', 'abcd', '😀', '😀😀', 'a😀', '😀😀😀', '\ud83d', 'a\ud83d', '😀\ude00', 'abcdef', '😀😀😀😀'];

describe('addLengthKeywords', () => {
  for (const schema of [
    { type: 'string', maxLength: 0 }, { type: 'string', maxLength: 1 }, { type: 'string', maxLength: 2 }, { type: 'string', maxLength: 3 },
    { type: 'string', minLength: 0 }, { type: 'string', minLength: 1 }, { type: 'string', minLength: 2 }, { type: 'string', minLength: 3 },
    { type: 'string', minLength: 2, maxLength: 3 }, { type: 'string', maxLength: 2, pattern: '^a' },
    { type: 'object', propertyNames: { maxLength: 2, minLength: 1 } },
  ]) {
    it(`${JSON.stringify(schema)}: Ajv's outcome and failures for every sample`, () => {
      const expected = plain.compile(schema);
      const actual = shortcut.compile(schema);
      for (const sample of SAMPLES) {
        const data = schema.type === 'object' ? { [sample]: 1 } : sample;
        assert.equal(actual(data), expected(data), JSON.stringify(sample));
        assert.deepEqual(actual.errors, expected.errors, JSON.stringify(sample));
      }
    });
  }
});
