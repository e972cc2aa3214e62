import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { throttleResult, windowStartS } from '../../../src/domain/limits/throttle.ts';

const at = (iso: string) => Date.parse(iso);
const sec = (iso: string) => Date.parse(iso) / 1000;

describe('windowStartS: fixed windows aligned to the Unix epoch', () => {
  const cases: Array<[now: string, windowS: number, start: string]> = [
    ['2027-01-15T08:00:00.000Z', 900, '2027-01-15T08:00:00Z'], // first ms of a window
    ['2027-01-15T08:14:59.999Z', 900, '2027-01-15T08:00:00Z'], // last ms
    ['2027-01-15T08:15:00.000Z', 900, '2027-01-15T08:15:00Z'],
    ['2027-01-15T08:59:59.999Z', 3600, '2027-01-15T08:00:00Z'],
    ['2027-01-15T09:00:00.000Z', 3600, '2027-01-15T09:00:00Z'],
    ['1970-01-01T00:00:00.000Z', 3600, '1970-01-01T00:00:00Z'],
  ];
  for (const [now, windowS, start] of cases) {
    it(`${now} in ${windowS} s windows starts at ${start}`, () => {
      assert.equal(windowStartS(at(now), windowS), sec(start));
    });
  }
});

describe('throttleResult', () => {
  const rule = { limit: 3, windowS: 900 };
  const cases: Array<[name: string, count: number, now: string, expected: ReturnType<typeof throttleResult>]> = [
    ['first hit', 1, '2027-01-15T08:00:00.000Z', { allowed: true, remaining: 2, resetAt: sec('2027-01-15T08:15:00Z'), retryAfterS: 0 }],
    ['hit number limit is allowed', 3, '2027-01-15T08:05:00.000Z', { allowed: true, remaining: 0, resetAt: sec('2027-01-15T08:15:00Z'), retryAfterS: 0 }],
    ['limit + 1 at the window start waits the whole window', 4, '2027-01-15T08:00:00.000Z', { allowed: false, remaining: 0, resetAt: sec('2027-01-15T08:15:00Z'), retryAfterS: 900 }],
    ['a fraction of a second rounds up', 4, '2027-01-15T08:00:00.001Z', { allowed: false, remaining: 0, resetAt: sec('2027-01-15T08:15:00Z'), retryAfterS: 900 }],
    ['the last ms still waits 1 s, never 0', 9, '2027-01-15T08:14:59.999Z', { allowed: false, remaining: 0, resetAt: sec('2027-01-15T08:15:00Z'), retryAfterS: 1 }],
    ['the next window', 1, '2027-01-15T08:15:00.000Z', { allowed: true, remaining: 2, resetAt: sec('2027-01-15T08:30:00Z'), retryAfterS: 0 }],
  ];
  for (const [name, count, now, expected] of cases) {
    it(name, () => assert.deepEqual(throttleResult(count, rule, at(now)), expected));
  }

  it('a limit of 0 refuses every hit', () => {
    assert.equal(throttleResult(1, { limit: 0, windowS: 60 }, at('2027-01-15T08:00:30Z')).allowed, false);
  });
});
