import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { utcWindows } from '../../../src/domain/limits/utc-windows.ts';
import { monthlyEquivalent } from '../../../src/domain/limits/plans.ts';

const at = (iso: string) => Date.parse(iso);
const sec = (iso: string) => Date.parse(iso) / 1000;

describe('utcWindows (D20: fixed UTC hour, ISO week from Monday, calendar month)', () => {
  const cases: Array<[string, string, string, string]> = [
    // now, hour end, week end, month end
    ['2026-11-21T19:25:13.400Z', '2026-11-21T20:00:00Z', '2026-11-23T00:00:00Z', '2026-12-01T00:00:00Z'], // Saturday
    ['2026-11-22T23:59:59.999Z', '2026-11-23T00:00:00Z', '2026-11-23T00:00:00Z', '2026-12-01T00:00:00Z'], // Sunday, last ms
    ['2026-11-23T00:00:00.000Z', '2026-11-23T01:00:00Z', '2026-11-30T00:00:00Z', '2026-12-01T00:00:00Z'], // Monday, first ms
    ['2026-12-31T23:30:00Z', '2027-01-01T00:00:00Z', '2027-01-04T00:00:00Z', '2027-01-01T00:00:00Z'], // year end, Thursday
    ['2028-02-28T10:00:00Z', '2028-02-28T11:00:00Z', '2028-03-06T00:00:00Z', '2028-03-01T00:00:00Z'], // leap year
    ['2028-02-29T23:59:59Z', '2028-03-01T00:00:00Z', '2028-03-06T00:00:00Z', '2028-03-01T00:00:00Z'], // leap day, Tuesday
    ['2027-02-28T23:59:59Z', '2027-03-01T00:00:00Z', '2027-03-01T00:00:00Z', '2027-03-01T00:00:00Z'], // no leap day, Sunday
  ];
  for (const [now, hour, week, month] of cases) {
    it(`at ${now}`, () => {
      const w = utcWindows(at(now));
      assert.deepEqual({ hour: w.hourEnd, week: w.weekEnd, month: w.monthEnd }, { hour: sec(hour), week: sec(week), month: sec(month) });
      assert.equal(w.hourStart, w.hourEnd - 3600);
      assert.equal(w.weekStart, w.weekEnd - 7 * 86400);
      assert.equal(new Date(w.weekStart * 1000).getUTCDay(), 1, 'weeks start on Monday');
      assert.equal(new Date(w.monthStart * 1000).getUTCDate(), 1);
      assert.ok(w.monthStart * 1000 <= at(now) && at(now) < w.monthEnd * 1000);
    });
  }

  it('answers from its cache within the hour and recomputes in the next', () => {
    const a = utcWindows(at('2026-11-21T19:00:00Z'));
    assert.equal(utcWindows(at('2026-11-21T19:59:59Z')), a);
    assert.equal(utcWindows(at('2026-11-21T20:00:00Z')).hourEnd, sec('2026-11-21T21:00:00Z'));
  });
});

describe('monthlyEquivalent (D22)', () => {
  it('is weekly × 52 / 12 rounded down, null when unlimited', () => {
    assert.equal(monthlyEquivalent(100), 433);
    assert.equal(monthlyEquivalent(400), 1733);
    assert.equal(monthlyEquivalent(null), null);
  });
});
