import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generateToken } from '../../../src/domain/accounts/generate-token.ts';

describe('generateToken', () => {
  it('makes 1000 distinct 43-character base64url tokens of 32 bytes', () => {
    const tokens = Array.from({ length: 1000 }, () => generateToken());
    for (const token of tokens) {
      assert.match(token, /^[A-Za-z0-9_-]{43}$/);
      assert.equal(Buffer.from(token, 'base64url').length, 32);
    }
    assert.equal(new Set(tokens).size, tokens.length);
  });
});
