import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkIdempotencyKey, MAX_IDEMPOTENCY_KEY_CHARS } from '../../../src/domain/idempotency/check-idempotency-key.ts';
import { fingerprintRequest } from '../../../src/domain/idempotency/fingerprint-request.ts';
import { isKeptStatus } from '../../../src/domain/idempotency/is-kept-status.ts';
import { AppError } from '../../../src/errors/app-error.ts';

describe('checkIdempotencyKey (D23: 1–255 printable ASCII)', () => {
  const accepted: Array<[string, string]> = [
    ['1 character', 'a'],
    ['255 characters', 'k'.repeat(255)],
    ['a UUID', '3f0c8a52-6d1e-4c8e-9a7b-0d2f4e6a8b1c'],
    ['a space inside', 'order 42'],
    ['only a space', ' '],
    ['a tilde', '~'],
    ['every printable ASCII character', Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('')],
  ];
  for (const [name, key] of accepted) {
    it(`accepts ${name}`, () => {
      assert.equal(checkIdempotencyKey(key), key);
    });
  }

  const refused: Array<[string, string | string[]]> = [
    ['an empty key', ''],
    ['256 characters', 'k'.repeat(256)],
    ['a tab', 'a\tb'],
    ['a newline', 'a\nb'],
    ['a trailing newline', 'abc\n'],
    ['a NUL', 'a\0b'],
    ['DEL (0x7f)', 'a\x7fb'],
    ['é', 'café'],
    ['an emoji', 'key-🔑'],
    ['an array (header sent twice)', ['a', 'b']],
    ['an array of one', ['a']],
  ];
  for (const [name, key] of refused) {
    it(`refuses ${name} with a validation_error naming Idempotency-Key`, () => {
      assert.throws(() => checkIdempotencyKey(key), (error: unknown) => {
        assert.ok(error instanceof AppError);
        assert.equal(error.code, 'validation_error');
        assert.match(error.message, /Idempotency-Key/);
        assert.ok(error.message.includes(String(MAX_IDEMPOTENCY_KEY_CHARS)), error.message);
        return true;
      });
    });
  }
});

describe('fingerprintRequest', () => {
  const body = {
    from: { name: 'Acme GmbH', address: { street: 'Hauptstr. 1', city: 'Berlin' } },
    invoice: { date: '2026-11-02', currency: 'EUR', paid: false, note: null },
    items: [
      { description: 'Consulting', quantity: 12, unit_price: 25, tax: { rate: 20, inclusive: false } },
      { description: 'Licence', quantity: 1, unit_price: 100 },
    ],
  };
  const reordered = {
    items: [
      { unit_price: 25, tax: { inclusive: false, rate: 20 }, quantity: 12, description: 'Consulting' },
      { unit_price: 100, description: 'Licence', quantity: 1 },
    ],
    invoice: { note: null, paid: false, currency: 'EUR', date: '2026-11-02' },
    from: { address: { city: 'Berlin', street: 'Hauptstr. 1' }, name: 'Acme GmbH' },
  };
  const base = fingerprintRequest('generate-invoice', body);

  it('is 64 lower-case hex characters (SHA-256)', () => {
    assert.match(base, /^[0-9a-f]{64}$/);
  });

  it('is the same for the same request', () => {
    assert.equal(fingerprintRequest('generate-invoice', structuredClone(body)), base);
  });

  it('ignores key order at every depth', () => {
    assert.equal(fingerprintRequest('generate-invoice', reordered), base);
  });

  it('ignores properties holding undefined, at every depth', () => {
    const withUndefined = {
      ...body,
      extra: undefined,
      from: { ...body.from, email: undefined, address: { ...body.from.address, zip: undefined } },
    };
    assert.equal(fingerprintRequest('generate-invoice', withUndefined), base);
  });

  it('depends on array order', () => {
    const swapped = { ...body, items: [body.items[1], body.items[0]] };
    assert.notEqual(fingerprintRequest('generate-invoice', swapped), base);
    assert.notEqual(fingerprintRequest('x', [1, 2]), fingerprintRequest('x', [2, 1]));
  });

  it('depends on the operation', () => {
    assert.notEqual(fingerprintRequest('batch', body), base);
    assert.notEqual(fingerprintRequest('generate-invoice ', body), base);
  });

  /** Every leaf of a JSON value, as a path of keys and indexes. */
  function leafPaths(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
    if (Array.isArray(value)) return value.flatMap((item, index) => leafPaths(item, [...prefix, index]));
    if (value !== null && typeof value === 'object') {
      return Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...prefix, key]));
    }
    return [prefix];
  }
  function withLeaf(value: unknown, path: Array<string | number>, change: (leaf: unknown) => unknown): unknown {
    const copy = structuredClone(value) as Record<string | number, unknown>;
    let node = copy;
    for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
    const last = path.at(-1)!;
    node[last] = change(node[last]);
    return copy;
  }
  const changes: Array<[string, (leaf: unknown) => unknown]> = [
    ['a changed value', (leaf) => {
      if (typeof leaf === 'number') return leaf + 1;
      if (typeof leaf === 'string') return `${leaf}x`;
      if (typeof leaf === 'boolean') return !leaf;
      return 0;
    }],
    ['the same value as a string', (leaf) => (typeof leaf === 'string' ? null : String(leaf))],
  ];
  const paths = leafPaths(body);
  it('the fixture has leaves of every kind to change', () => {
    assert.equal(paths.length, 15);
  });
  for (const [changeName, change] of changes) {
    for (const path of paths) {
      it(`${changeName} at ${path.join('.')} is a different request`, () => {
        assert.notEqual(fingerprintRequest('generate-invoice', withLeaf(body, path, change)), base);
      });
    }
  }

  it('tells apart values that only differ in type or nesting', () => {
    const pairs: Array<[unknown, unknown]> = [
      [{ a: 1 }, { a: '1' }],
      [{ a: null }, { a: 'null' }],
      [{ a: true }, { a: 'true' }],
      [{ a: [] }, { a: {} }],
      [{ a: [1, 2] }, { a: [[1, 2]] }],
      [{ a: 'b,c' }, { a: 'b', c: undefined }],
      [{ 'a:b': 1 }, { a: { b: 1 } }],
    ];
    for (const [left, right] of pairs) {
      assert.notEqual(fingerprintRequest('op', left), fingerprintRequest('op', right), `${JSON.stringify(left)} vs ${JSON.stringify(right)}`);
    }
  });
});

describe('isKeptStatus (D23)', () => {
  const cases: Array<[number, boolean]> = [
    [200, true],
    [201, true],
    [422, true],
    [400, false],
    [403, false],
    [404, false],
    [413, false],
    [402, false],
    [409, false],
    [429, false],
    [500, false],
    [503, false],
  ];
  for (const [status, kept] of cases) {
    it(`${status} is ${kept ? '' : 'not '}kept`, () => {
      assert.equal(isKeptStatus(status), kept);
    });
  }
});

describe('checkIdempotencyKey with repeated header lines', () => {
  it('refuses a value that came from two header lines, even one that looks like a single key', () => {
    assert.throws(() => checkIdempotencyKey('k-1, k-2', 2), (error: unknown) => error instanceof AppError && /sent more than once/.test(error.message));
    assert.equal(checkIdempotencyKey('k-1, k-2', 1), 'k-1, k-2');
  });
});
