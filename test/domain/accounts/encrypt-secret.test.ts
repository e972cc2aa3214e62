import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { decryptSecret, encryptSecret } from '../../../src/domain/accounts/encrypt-secret.ts';

const KEY = randomBytes(32);
const ACCOUNT = 'acc_0001';
const SECRET = `inv_${'A1b2C3d4E5'.repeat(4)}`;
const SEALED_FORMAT = /^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]*$/;

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * The same bytes spelt differently: for 16 or 64 bytes the last base64url character carries only
 * 2 data bits, so setting one of its 4 padding bits changes the text but not what a lenient
 * decoder returns.
 */
function nonCanonical(text: string): string {
  const last = BASE64URL.indexOf(text.slice(-1));
  return text.slice(0, -1) + BASE64URL[last | 1];
}

/** Flips one bit in the decoded bytes of field `index` (1 iv, 2 tag, 3 ciphertext). */
function flipBit(sealed: string, index: number): string {
  const fields = sealed.split('.');
  const bytes = Buffer.from(fields[index] ?? '', 'base64url');
  bytes[0] = (bytes[0] ?? 0) ^ 0x01;
  fields[index] = bytes.toString('base64url');
  return fields.join('.');
}

function assertRefused(open: () => unknown, name: string): void {
  assert.throws(open, (error: unknown) => {
    assert.ok(error instanceof Error, name);
    assert.match(error.message, /^decryptSecret: cannot decrypt/, name);
    return true;
  }, name);
}

describe('encryptSecret / decryptSecret (D19)', () => {
  const plaintexts: Array<[string, string]> = [
    ['an API key', SECRET],
    ['empty', ''],
    ['non-ASCII', 'Grüße 🧾 ключ'],
    ['long', 'x'.repeat(10_000)],
  ];
  for (const [name, plain] of plaintexts) {
    it(`round-trips ${name}`, () => {
      const sealed = encryptSecret(plain, KEY, ACCOUNT);
      assert.match(sealed, SEALED_FORMAT);
      assert.equal(decryptSecret(sealed, KEY, ACCOUNT), plain);
    });
  }

  it('seals the same plaintext differently each time (fresh IV)', () => {
    const seals = Array.from({ length: 50 }, () => encryptSecret(SECRET, KEY, ACCOUNT));
    assert.equal(new Set(seals).size, seals.length);
    assert.equal(new Set(seals.map((s) => s.split('.')[1])).size, seals.length);
    assert.ok(!seals[0]?.includes(Buffer.from(SECRET).toString('base64url')));
  });

  it('refuses every alteration, the wrong key and the wrong associated data', () => {
    const sealed = encryptSecret(SECRET, KEY, ACCOUNT);
    const fields = sealed.split('.');
    const cases: Array<[string, string, Buffer, string]> = [
      ['iv bit flipped', flipBit(sealed, 1), KEY, ACCOUNT],
      ['tag bit flipped', flipBit(sealed, 2), KEY, ACCOUNT],
      ['ciphertext bit flipped', flipBit(sealed, 3), KEY, ACCOUNT],
      ['ciphertext truncated', `${fields.slice(0, 3).join('.')}.${(fields[3] ?? '').slice(0, -2)}`, KEY, ACCOUNT],
      ['ciphertext extended', `${sealed}AA`, KEY, ACCOUNT],
      ['tag truncated to 12 bytes', [fields[0], fields[1], Buffer.from(fields[2] ?? '', 'base64url').subarray(0, 12).toString('base64url'), fields[3]].join('.'), KEY, ACCOUNT],
      ['tag non-canonical spelling', [fields[0], fields[1], nonCanonical(fields[2] ?? ''), fields[3]].join('.'), KEY, ACCOUNT],
      ['copied to another account', sealed, KEY, 'acc_0002'],
      ['associated data empty', sealed, KEY, ''],
      ['wrong key', sealed, randomBytes(32), ACCOUNT],
      ['other version', sealed.replace(/^v1/, 'v2'), KEY, ACCOUNT],
      ['missing field', fields.slice(0, 3).join('.'), KEY, ACCOUNT],
      ['extra field', `${sealed}.AAAA`, KEY, ACCOUNT],
      ['empty', '', KEY, ACCOUNT],
      ['garbage', 'not a sealed value', KEY, ACCOUNT],
    ];
    for (const [name, value, key, associatedData] of cases) {
      assertRefused(() => decryptSecret(value, key, associatedData), name);
    }
    assert.equal(decryptSecret(sealed, KEY, ACCOUNT), SECRET, 'the unaltered value still opens');
  });

  it('requires a 32-byte key on both sides', () => {
    for (const key of [randomBytes(16), randomBytes(31), randomBytes(33), Buffer.alloc(0)]) {
      assert.throws(() => encryptSecret(SECRET, key, ACCOUNT), /exactly 32 bytes/);
      assert.throws(() => decryptSecret(encryptSecret(SECRET, KEY, ACCOUNT), key, ACCOUNT), /exactly 32 bytes/);
    }
    assert.throws(() => encryptSecret(SECRET, 'k'.repeat(32) as unknown as Buffer, ACCOUNT), /exactly 32 bytes/);
  });
});
