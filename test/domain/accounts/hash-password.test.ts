import assert from 'node:assert/strict';
import { randomBytes, scryptSync } from 'node:crypto';
import { describe, it } from 'node:test';
import {
  DUMMY_PASSWORD_HASH,
  hashPassword,
  needsRehash,
  verifyPassword,
} from '../../../src/domain/accounts/hash-password.ts';

const FORMAT = /^scrypt\$N=32768,r=8,p=1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/;

/** A stored string made by hand, independent of hashPassword, with chosen (cheap) parameters. */
function handBuilt(password: string, N: number, r: number, p: number, saltBytes = 16, keyBytes = 64): string {
  const salt = randomBytes(saltBytes);
  const key = scryptSync(password.normalize('NFKC'), salt, keyBytes, { N, r, p, maxmem: 256 * N * r });
  return `scrypt$N=${N},r=${r},p=${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

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

/** Replaces one base64url character of the `index`-th `$` field by a different one. */
function alterField(stored: string, index: number): string {
  const fields = stored.split('$');
  const field = fields[index] ?? '';
  const first = field[0] === 'A' ? 'B' : 'A';
  fields[index] = first + field.slice(1);
  return fields.join('$');
}

describe('hashPassword / verifyPassword', () => {
  it('round-trips and refuses a wrong password', async () => {
    const stored = await hashPassword('correct horse battery staple');
    assert.match(stored, FORMAT);
    assert.equal(await verifyPassword('correct horse battery staple', stored), true);
    assert.equal(await verifyPassword('correct horse battery stapl', stored), false);
    assert.equal(await verifyPassword('Correct horse battery staple', stored), false);
    assert.equal(await verifyPassword('', stored), false);
  });

  it('salts: two hashes of one password differ and both verify', async () => {
    const [a, b] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    assert.notEqual(a, b);
    assert.notEqual(a.split('$')[2], b.split('$')[2]);
    assert.equal(await verifyPassword('same password', a), true);
    assert.equal(await verifyPassword('same password', b), true);
  });

  it('treats composed and decomposed accents as the same password (NFKC)', async () => {
    const composed = 'caf\u00e9-cr\u00e8me'; // é, è as single code points
    const decomposed = 'cafe\u0301-cre\u0300me'; // e + combining accent, as macOS sends it
    assert.notEqual(composed, decomposed);
    const stored = await hashPassword(composed);
    assert.equal(await verifyPassword(decomposed, stored), true);
  });

  it('does not block the event loop while hashing', async () => {
    let loopRan = false;
    const pending = hashPassword('event loop check');
    setImmediate(() => {
      loopRan = true;
    });
    await pending;
    assert.equal(loopRan, true, 'a setImmediate scheduled after the call should run before the hash is ready');
  });

  it('honours the parameters stored in the string', async () => {
    const cheap = handBuilt('old password', 1024, 8, 1);
    assert.equal(await verifyPassword('old password', cheap), true);
    assert.equal(await verifyPassword('old passwort', cheap), false);
    // The same salt and key read with other parameters must not match.
    assert.equal(await verifyPassword('old password', cheap.replace('N=1024', 'N=2048')), false);
    assert.equal(await verifyPassword('old password', cheap.replace('r=8', 'r=4')), false);
    const otherShape = handBuilt('old password', 2048, 4, 2, 32, 32);
    assert.equal(await verifyPassword('old password', otherShape), true);
  });

  it('answers false, never throws, for tampered or malformed stored strings', async () => {
    const good = handBuilt('pass word 1', 1024, 8, 1);
    const [, params = '', salt = '', key = ''] = good.split('$');
    const cases: Array<[string, unknown]> = [
      ['salt altered', alterField(good, 2)],
      ['key altered', alterField(good, 3)],
      // One character less leaves a length no base64url text has (≡ 1 mod 4). Cutting 4 would not:
      // an scrypt key is a prefix of a longer one, so a cleanly shortened key still verifies.
      ['key truncated', good.slice(0, -1)],
      ['salt spelt non-canonically', `scrypt$${params}$${nonCanonical(salt)}$${key}`],
      ['key spelt non-canonically', `scrypt$${params}$${salt}$${nonCanonical(key)}`],
      ['empty', ''],
      ['only the scheme', 'scrypt'],
      ['other scheme', good.replace(/^scrypt/, 'bcrypt')],
      ['missing key', `scrypt$${params}$${salt}`],
      ['extra field', `${good}$AAAA`],
      ['parameters reordered', `scrypt$r=8,N=1024,p=1$${salt}$${key}`],
      ['N not a power of two', good.replace('N=1024', 'N=1000')],
      ['N = 1', good.replace('N=1024', 'N=1')],
      ['N too big for the memory cap', good.replace('N=1024', 'N=1073741824')],
      ['r = 0', good.replace('r=8', 'r=0')],
      ['p = 0', good.replace('p=1', 'p=0')],
      ['negative N', good.replace('N=1024', 'N=-1024')],
      ['padding in salt', `scrypt$${params}$${salt}==$${key}`],
      ['standard base64 characters', `scrypt$${params}$${salt}+/$${key}`],
      ['salt too short', `scrypt$${params}$AAAA$${key}`],
      ['key too short', `scrypt$${params}$${salt}$AAAAAAAA`],
      ['surrounding space', ` ${good}`],
      ['not a string', 42],
      ['undefined', undefined],
    ];
    for (const [name, stored] of cases) {
      assert.equal(await verifyPassword('pass word 1', stored as string), false, name);
    }
    assert.equal(await verifyPassword('pass word 1', good), true, 'the untampered string verifies');
  });
});

describe('needsRehash', () => {
  it('is false for a fresh hash', async () => {
    assert.equal(needsRehash(await hashPassword('fresh password')), false);
  });

  // Parsing only, so strong parameters cost nothing here.
  const salt = randomBytes(16).toString('base64url');
  const key64 = randomBytes(64).toString('base64url');
  const cases: Array<[string, string, boolean]> = [
    ['current parameters', `scrypt$N=32768,r=8,p=1$${salt}$${key64}`, false],
    ['higher N', `scrypt$N=65536,r=8,p=1$${salt}$${key64}`, false],
    ['higher p', `scrypt$N=32768,r=8,p=2$${salt}$${key64}`, false],
    ['lower N', `scrypt$N=16384,r=8,p=1$${salt}$${key64}`, true],
    ['lower r', `scrypt$N=32768,r=4,p=1$${salt}$${key64}`, true],
    ['higher N but lower r', `scrypt$N=65536,r=4,p=1$${salt}$${key64}`, true],
    ['shorter salt', `scrypt$N=32768,r=8,p=1$${randomBytes(8).toString('base64url')}$${key64}`, true],
    ['shorter key', `scrypt$N=32768,r=8,p=1$${salt}$${randomBytes(32).toString('base64url')}`, true],
    ['malformed', 'scrypt$N=32768', true],
    ['empty', '', true],
  ];
  for (const [name, stored, expected] of cases) {
    it(`${name} → ${expected}`, () => {
      assert.equal(needsRehash(stored), expected);
    });
  }
});

describe('DUMMY_PASSWORD_HASH (D17 timing)', () => {
  it('has the current parameters, so verifying against it costs as much as a real verify', () => {
    assert.match(DUMMY_PASSWORD_HASH, FORMAT);
    assert.equal(needsRehash(DUMMY_PASSWORD_HASH), false);
  });

  it('matches no ordinary password', async () => {
    for (const guess of ['', 'password', 'correct horse battery staple']) {
      assert.equal(await verifyPassword(guess, DUMMY_PASSWORD_HASH), false);
    }
  });
});
