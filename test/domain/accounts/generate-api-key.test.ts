import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { API_KEY_PATTERN, generateApiKey } from '../../../src/domain/accounts/generate-api-key.ts';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

describe('generateApiKey (D19)', () => {
  it('makes 1000 distinct keys of the form inv_ + 40 base62 characters', () => {
    const keys = Array.from({ length: 1000 }, () => generateApiKey());
    for (const key of keys) {
      assert.match(key, API_KEY_PATTERN);
      assert.equal(key.length, 44);
    }
    assert.equal(new Set(keys).size, keys.length);
  });

  it('uses all 62 symbols about evenly (no symbol above 2× the mean over 40,000)', () => {
    const counts = new Map<string, number>();
    let total = 0;
    for (let i = 0; i < 1000; i += 1) {
      for (const symbol of generateApiKey().slice(4)) {
        counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
        total += 1;
      }
    }
    assert.equal(total, 40_000);
    assert.deepEqual([...counts.keys()].sort(), [...ALPHABET].sort());
    const mean = total / ALPHABET.length; // ≈ 645, standard deviation ≈ 25
    for (const [symbol, count] of counts) {
      assert.ok(count < 2 * mean, `${symbol} appeared ${count} times, mean ${mean.toFixed(0)}`);
      assert.ok(count > mean / 2, `${symbol} appeared only ${count} times, mean ${mean.toFixed(0)}`);
    }
    // Chi-square with 61 degrees of freedom: mean 61, and above 120 with probability about 1e-5.
    // Modulo bias (first 8 symbols 5/4 as likely) would give about 1000.
    const chiSquare = [...counts.values()].reduce((sum, count) => sum + (count - mean) ** 2 / mean, 0);
    assert.ok(chiSquare < 120, `chi-square ${chiSquare.toFixed(1)}`);
  });

  it('API_KEY_PATTERN refuses near misses', () => {
    const valid = `inv_${'a'.repeat(40)}`;
    assert.match(valid, API_KEY_PATTERN);
    for (const bad of [`inv_${'a'.repeat(39)}`, `inv_${'a'.repeat(41)}`, `INV_${'a'.repeat(40)}`, `inv_${'a'.repeat(39)}-`, `inv_${'a'.repeat(39)}_`, ` ${valid}`, `${valid}\n`]) {
      assert.doesNotMatch(bad, API_KEY_PATTERN, JSON.stringify(bad));
    }
  });
});
