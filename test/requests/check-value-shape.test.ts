import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkValueShape } from '../../src/requests/check-value-shape.ts';

const LIMITS = { maxContainers: 10, maxMembers: 6 };

/** An array nested `depth` deep: built without recursion, as a body parsed from text would be. */
function nested(depth: number): unknown {
  let value: unknown = [];
  for (let i = 1; i < depth; i += 1) value = [value];
  return value;
}

describe('checkValueShape: a part of a body held to one invoice\'s shape (batch items)', () => {
  it('passes values within both limits, scalars and null included', () => {
    for (const value of [null, 1, 'x', true, {}, [], { a: [1, 2, { b: null }], c: 'd' }, nested(10)]) {
      assert.doesNotThrow(() => checkValueShape(value, LIMITS, 'invoice'));
    }
  });

  it('refuses one container too many, naming the part and the limit', () => {
    assert.throws(() => checkValueShape(nested(11), LIMITS, 'invoice'), (error: Error & { code?: string }) =>
      error.code === 'validation_error' && /^invoice holds more than 10 JSON objects and arrays, the most one invoice may hold/.test(error.message));
  });

  it('refuses one member too many', () => {
    const wide = { a: 1, b: 2, c: 3, d: { e: 4, f: 5, g: 6 } };
    assert.throws(() => checkValueShape(wide, LIMITS, 'invoice'), /holds more than 6 object keys/);
    assert.doesNotThrow(() => checkValueShape({ a: 1, b: 2, c: { d: 3, e: 4, f: 5 } }, LIMITS, 'invoice'));
  });

  it('walks any depth without recursion: 1,000,000 levels are refused, not a stack overflow', () => {
    assert.throws(() => checkValueShape(nested(1_000_000), { maxContainers: 5_040, maxMembers: 5_040 }, 'invoice'), /more than 5040 JSON objects/);
  });
});
