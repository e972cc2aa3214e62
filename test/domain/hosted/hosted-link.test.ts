import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import {
  HOSTED_ID_LENGTH, HOSTED_ID_PATTERN, HOSTED_LINK_LIFETIME_S, hostedLinkAlive, hostedSignatureMatches, hostedUrl,
  newHostedLink, signHostedLink,
} from '../../../src/domain/hosted/hosted-link.ts';
import { randomBase62 } from '../../../src/lib/random-base62.ts';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BASE64URL_43 = /^[A-Za-z0-9_-]{43}$/;
const SECRET = 'hosted-link-test-secret-0123456789abcdef';
const PUBLIC_URL = 'https://invoices.example.com';
// 2027-01-15T08:00:00Z, a whole second.
const WHOLE_SECOND_MS = 1_800_000_000_000;
const SEVEN_DAYS_S = 604_800;

/** t with the character at i replaced by another base64url character. */
function changedAt(t: string, i: number): string {
  const other = t[i] === 'A' ? 'B' : 'A';
  return `${t.slice(0, i)}${other}${t.slice(i + 1)}`;
}

describe('newHostedLink (D24)', () => {
  it('lives exactly 7 days', () => {
    assert.equal(HOSTED_LINK_LIFETIME_S, SEVEN_DAYS_S);
    assert.equal(HOSTED_ID_LENGTH, 22);
  });

  for (const [label, nowMs] of [
    ['at a whole second', WHOLE_SECOND_MS],
    ['at .999 of a second', WHOLE_SECOND_MS + 999],
    ['at .001 of a second', WHOLE_SECOND_MS + 1],
  ] as const) {
    it(`made ${label}: id, expiry counted from the second, signed t and url`, () => {
      const link = newHostedLink(SECRET, PUBLIC_URL, nowMs);
      assert.match(link.id, HOSTED_ID_PATTERN);
      assert.equal(link.id.length, 22);
      assert.equal(link.expiresAt, WHOLE_SECOND_MS / 1000 + SEVEN_DAYS_S);
      assert.equal(link.expiresAt, Math.floor(nowMs / 1000) + 604_800);
      assert.ok(Number.isInteger(link.expiresAt));
      assert.match(link.t, BASE64URL_43);
      assert.equal(link.t, signHostedLink(SECRET, link.id, link.expiresAt));
      assert.equal(link.url, `${PUBLIC_URL}/api/i/${link.id}?t=${link.t}`);
      assert.equal(link.url, hostedUrl(PUBLIC_URL, link.id, link.t));
      assert.equal(hostedSignatureMatches(SECRET, link.id, link.expiresAt, link.t), true);
      // The link works until the last millisecond before its expiry second, from any creation moment.
      assert.equal(hostedLinkAlive(link.expiresAt, nowMs), true);
      assert.equal(hostedLinkAlive(link.expiresAt, WHOLE_SECOND_MS + SEVEN_DAYS_S * 1000 - 1), true);
      assert.equal(hostedLinkAlive(link.expiresAt, WHOLE_SECOND_MS + SEVEN_DAYS_S * 1000), false);
    });
  }

  it('the url parses back to the same id and t', () => {
    const link = newHostedLink(SECRET, PUBLIC_URL, WHOLE_SECOND_MS);
    const url = new URL(link.url);
    assert.equal(url.origin, PUBLIC_URL);
    assert.equal(url.pathname, `/api/i/${link.id}`);
    assert.equal(url.searchParams.get('t'), link.t);
  });

  it('two links made at the same moment differ in id and t; 1000 ids are distinct', () => {
    const a = newHostedLink(SECRET, PUBLIC_URL, WHOLE_SECOND_MS);
    const b = newHostedLink(SECRET, PUBLIC_URL, WHOLE_SECOND_MS);
    assert.notEqual(a.id, b.id);
    assert.notEqual(a.t, b.t);
    assert.equal(a.expiresAt, b.expiresAt);
    const ids = new Set(Array.from({ length: 1000 }, () => newHostedLink(SECRET, PUBLIC_URL, WHOLE_SECOND_MS).id));
    assert.equal(ids.size, 1000);
  });
});

describe('signHostedLink', () => {
  it('is base64url(HMAC-SHA256(secret, "<id>.<expires_at>")), checked against node:crypto', () => {
    const id = 'AbCdEfGhIjKlMnOpQrStUv';
    const expiresAt = 1_800_604_800;
    const expected = createHmac('sha256', SECRET).update(`${id}.${expiresAt}`).digest('base64url');
    assert.equal(signHostedLink(SECRET, id, expiresAt), expected);
    assert.match(expected, BASE64URL_43);
  });

  it('matches a fixed vector computed outside Node (openssl dgst -sha256 -hmac, base64url)', () => {
    // printf '%s' 'AbCdEfGhIjKlMnOpQrStUv.1800604800' | openssl dgst -sha256 -hmac '<SECRET>' -binary | basenc --base64url
    // gives l0jXsshi8_z1A2-0TCVWQXbun-JmZuoETfxHOEVtz_Q= ; base64url without padding drops the "=".
    assert.equal(signHostedLink(SECRET, 'AbCdEfGhIjKlMnOpQrStUv', 1_800_604_800), 'l0jXsshi8_z1A2-0TCVWQXbun-JmZuoETfxHOEVtz_Q');
  });

  it('depends on secret, id and expiry', () => {
    const id = randomBase62(22);
    const t = signHostedLink(SECRET, id, 1_800_604_800);
    assert.notEqual(signHostedLink(`${SECRET}x`, id, 1_800_604_800), t);
    assert.notEqual(signHostedLink(SECRET, randomBase62(22), 1_800_604_800), t);
    assert.notEqual(signHostedLink(SECRET, id, 1_800_604_801), t);
    assert.equal(signHostedLink(SECRET, id, 1_800_604_800), t, 'deterministic');
  });
});

describe('hostedSignatureMatches (constant-time check of t)', () => {
  const link = newHostedLink(SECRET, PUBLIC_URL, WHOLE_SECOND_MS + 500);
  const { id, expiresAt, t } = link;

  it('accepts the right secret, id, expiry and t', () => {
    assert.equal(hostedSignatureMatches(SECRET, id, expiresAt, t), true);
  });

  it('refuses another secret, another id, and an expiry one second either side', () => {
    assert.equal(hostedSignatureMatches(`${SECRET}!`, id, expiresAt, t), false);
    assert.equal(hostedSignatureMatches('another-secret', id, expiresAt, t), false);
    assert.equal(hostedSignatureMatches(SECRET, changedAt(id, 0), expiresAt, t), false);
    assert.equal(hostedSignatureMatches(SECRET, randomBase62(22), expiresAt, t), false);
    assert.equal(hostedSignatureMatches(SECRET, id, expiresAt + 1, t), false);
    assert.equal(hostedSignatureMatches(SECRET, id, expiresAt - 1, t), false);
  });

  it('refuses t with any single character changed', () => {
    assert.equal(t.length, 43);
    for (let i = 0; i < t.length; i += 1) {
      const bad = changedAt(t, i);
      assert.notEqual(bad, t);
      assert.equal(hostedSignatureMatches(SECRET, id, expiresAt, bad), false, `position ${i}`);
      // Also a character outside base64url, of the same UTF-8 length.
      const odd = `${t.slice(0, i)}.${t.slice(i + 1)}`;
      assert.equal(hostedSignatureMatches(SECRET, id, expiresAt, odd), false, `position ${i} as "."`);
    }
  });

  it('refuses t truncated to every shorter length, t with an extra character, and an empty t', () => {
    for (let length = 0; length < t.length; length += 1) {
      assert.equal(hostedSignatureMatches(SECRET, id, expiresAt, t.slice(0, length)), false, `length ${length}`);
      assert.equal(hostedSignatureMatches(SECRET, id, expiresAt, t.slice(t.length - length)), false, `suffix ${length}`);
    }
    assert.equal(hostedSignatureMatches(SECRET, id, expiresAt, `${t}A`), false);
    assert.equal(hostedSignatureMatches(SECRET, id, expiresAt, `${t}=`), false);
    assert.equal(hostedSignatureMatches(SECRET, id, expiresAt, `A${t}`), false);
    assert.equal(hostedSignatureMatches(SECRET, id, expiresAt, ''), false);
    // Standard base64 of the same MAC (with + / and padding) is not accepted either.
    const standard = Buffer.from(t, 'base64url').toString('base64');
    assert.equal(hostedSignatureMatches(SECRET, id, expiresAt, standard), false);
  });

  it('refuses a t of the right length in multi-byte characters without throwing', () => {
    assert.equal(hostedSignatureMatches(SECRET, id, expiresAt, 'é'.repeat(43)), false);
    assert.equal(hostedSignatureMatches(SECRET, id, expiresAt, `${t.slice(0, 42)}é`), false);
  });
});

describe('hostedLinkAlive', () => {
  const expiresAt = 1_800_604_800;

  it('is true up to the millisecond before expiresAt and false from expiresAt on', () => {
    assert.equal(hostedLinkAlive(expiresAt, expiresAt * 1000 - 1), true);
    assert.equal(hostedLinkAlive(expiresAt, expiresAt * 1000 - 1000), true);
    assert.equal(hostedLinkAlive(expiresAt, 0), true);
    assert.equal(hostedLinkAlive(expiresAt, expiresAt * 1000), false);
    assert.equal(hostedLinkAlive(expiresAt, expiresAt * 1000 + 1), false);
    assert.equal(hostedLinkAlive(expiresAt, expiresAt * 1000 + 86_400_000), false);
  });
});

describe('randomBase62', () => {
  it('gives exactly n base62 characters', () => {
    for (const n of [0, 1, 2, 8, 22, 40, 100, 1000]) {
      const value = randomBase62(n);
      assert.equal(value.length, n);
      assert.match(value, /^[0-9A-Za-z]*$/);
    }
  });

  it('uses every symbol with frequency within ±10% of 1/62 over 248,000 characters (no modulo bias)', () => {
    const counts = new Map<string, number>();
    let total = 0;
    for (let i = 0; i < 2000; i += 1) {
      for (const symbol of randomBase62(124)) {
        counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
        total += 1;
      }
    }
    assert.equal(total, 248_000);
    assert.deepEqual([...counts.keys()].sort(), [...ALPHABET].sort());
    // Expected 4000 each, standard deviation ≈ 63, so ±400 is more than 6 sigma. Modulo bias
    // (byte % 62 over all 256 values) would give the first 8 symbols 5/256 ≈ 4844 each: +21%.
    const expected = total / ALPHABET.length;
    for (const [symbol, count] of counts) {
      assert.ok(Math.abs(count - expected) <= expected * 0.1, `${symbol} appeared ${count} times, expected ${expected}`);
    }
  });
});
