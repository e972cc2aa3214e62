import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { windowEnds } from '../../../src/domain/limits/window-ends.ts';
import { monthlyEquivalent } from '../../../src/domain/limits/plans.ts';

const at = (iso: string) => Date.parse(iso);
const sec = (iso: string) => Date.parse(iso) / 1000;

describe('windowEnds (D20: fixed UTC hour, ISO week from Monday, calendar month)', () => {
  const cases: Array<[string, string, string, string]> = [
    // now, hour end, week end, month end
    ['2026-11-21T19:25:13.400Z', '2026-11-21T20:00:00Z', '2026-11-23T00:00:00Z', '2026-12-01T00:00:00Z'], // Saturday
    ['2026-11-22T23:59:59.999Z', '2026-11-23T00:00:00Z', '2026-11-23T00:00:00Z', '2026-12-01T00:00:00Z'], // Sunday, last ms
    ['2026-11-23T00:00:00.000Z', '2026-11-23T01:00:00Z', '2026-11-30T00:00:00Z', '2026-12-01T00:00:00Z'], // Monday, first ms
    ['2026-12-31T23:30:00Z', '2027-01-01T00:00:00Z', '2027-01-04T00:00:00Z', '2027-01-01T00:00:00Z'], // year end, Thursday
    ['2028-02-28T10:00:00Z', '2028-02-28T11:00:00Z', '2028-03-06T00:00:00Z', '2028-03-01T00:00:00Z'], // leap year
  ];
  for (const [now, hour, week, month] of cases) {
    it(`at ${now}`, () => {
      assert.deepEqual({ ...windowEnds(at(now)) }, { hour: sec(hour), week: sec(week), month: sec(month) });
    });
  }

  it('answers from its cache within the hour and recomputes in the next', () => {
    const a = windowEnds(at('2026-11-21T19:00:00Z'));
    assert.equal(windowEnds(at('2026-11-21T19:59:59Z')), a);
    assert.equal(windowEnds(at('2026-11-21T20:00:00Z')).hour, sec('2026-11-21T21:00:00Z'));
  });
});

describe('monthlyEquivalent (D22)', () => {
  it('is weekly × 52 / 12 rounded down, null when unlimited', () => {
    assert.equal(monthlyEquivalent(100), 433);
    assert.equal(monthlyEquivalent(400), 1733);
    assert.equal(monthlyEquivalent(null), null);
  });
});
