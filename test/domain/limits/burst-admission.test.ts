import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  burstAdmission,
  checkBurstInput,
  grantable,
  MAX_BURST_LIMIT,
  MAX_BURST_SUBJECT_CHARS,
} from '../../../src/domain/limits/burst-limiter.ts';
import type { BurstLimits } from '../../../src/domain/limits/plans.ts';

const at = (iso: string): number => Date.parse(iso);
const sec = (iso: string): number => Date.parse(iso) / 1000;

// A Wednesday, mid-hour: its hour ends at 11:00, its ISO week on Monday 2027-01-18 00:00 UTC.
const WEDNESDAY = at('2027-01-13T10:20:00.000Z');
const HOUR_END = sec('2027-01-13T11:00:00Z');
const WEEK_END = sec('2027-01-18T00:00:00Z');

describe('grantable: how many of the requested fit both windows', () => {
  const cases: Array<[string, number, BurstLimits, number, number, number]> = [
    // name, requested, limits, hour used, week used, expected
    ['null limits admit everything', 5, { hourly: null, weekly: null }, 999_999, 999_999, 5],
    ['room in both: all of it', 3, { hourly: 10, weekly: 100 }, 2, 50, 3],
    ['exactly the room left: all of it', 3, { hourly: 5, weekly: 100 }, 2, 50, 3],
    ['partial room in the hour', 5, { hourly: 5, weekly: null }, 3, 0, 2],
    ['partial room in the week', 5, { hourly: null, weekly: 10 }, 0, 7, 3],
    ['the tighter of the two windows decides (week)', 5, { hourly: 5, weekly: 10 }, 1, 8, 2],
    ['the tighter of the two windows decides (hour)', 5, { hourly: 5, weekly: 10 }, 4, 1, 1],
    ['hour full: nothing', 1, { hourly: 5, weekly: 10 }, 5, 5, 0],
    ['week full: nothing', 1, { hourly: 5, weekly: 10 }, 0, 10, 0],
    ['hourly limit 0 admits nothing', 3, { hourly: 0, weekly: null }, 0, 0, 0],
    ['weekly limit 0 admits nothing', 3, { hourly: null, weekly: 0 }, 0, 0, 0],
    ['over-full hour is 0, never negative', 2, { hourly: 5, weekly: 100 }, 9, 9, 0],
    ['over-full week is 0, never negative', 2, { hourly: 100, weekly: 5 }, 0, 12, 0],
    ['requesting 0 grants 0', 0, { hourly: 5, weekly: 10 }, 0, 0, 0],
  ];
  for (const [name, requested, limits, hourUsed, weekUsed, expected] of cases) {
    it(name, () => {
      assert.equal(grantable(requested, limits, hourUsed, weekUsed), expected);
    });
  }
});

describe('burstAdmission: which window refused, how long to wait (D20)', () => {
  const cases: Array<{
    name: string;
    requested: number;
    granted: number;
    limits: BurstLimits;
    hourUsed: number;
    weekUsed: number;
    nowMs: number;
    refusedBy: 'hourly' | 'weekly' | undefined;
    retryAfterS: number;
  }> = [
    {
      name: 'all granted: nothing refused, no wait',
      requested: 1, granted: 1, limits: { hourly: 5, weekly: 8 }, hourUsed: 1, weekUsed: 1, nowMs: WEDNESDAY,
      refusedBy: undefined, retryAfterS: 0,
    },
    {
      name: 'a batch granted in full, filling both windows: nothing refused',
      requested: 5, granted: 5, limits: { hourly: 5, weekly: 5 }, hourUsed: 5, weekUsed: 5, nowMs: WEDNESDAY,
      refusedBy: undefined, retryAfterS: 0,
    },
    {
      name: 'hour full, week not: hourly, wait to the end of the hour',
      requested: 1, granted: 0, limits: { hourly: 5, weekly: 8 }, hourUsed: 5, weekUsed: 5, nowMs: WEDNESDAY,
      refusedBy: 'hourly', retryAfterS: 40 * 60,
    },
    {
      name: 'part of a batch granted, then the hour ran out',
      requested: 5, granted: 2, limits: { hourly: 5, weekly: 100 }, hourUsed: 5, weekUsed: 7, nowMs: WEDNESDAY,
      refusedBy: 'hourly', retryAfterS: 40 * 60,
    },
    {
      name: 'week full, hour not: weekly, wait to Monday 00:00 UTC',
      requested: 1, granted: 0, limits: { hourly: 5, weekly: 8 }, hourUsed: 3, weekUsed: 8, nowMs: WEDNESDAY,
      refusedBy: 'weekly', retryAfterS: WEEK_END - WEDNESDAY / 1000,
    },
    {
      name: 'both full: weekly, since only the end of the week helps',
      requested: 1, granted: 0, limits: { hourly: 5, weekly: 8 }, hourUsed: 5, weekUsed: 8, nowMs: WEDNESDAY,
      refusedBy: 'weekly', retryAfterS: WEEK_END - WEDNESDAY / 1000,
    },
    {
      name: 'over-full week (limit lowered): weekly',
      requested: 1, granted: 0, limits: { hourly: 5, weekly: 8 }, hourUsed: 0, weekUsed: 12, nowMs: WEDNESDAY,
      refusedBy: 'weekly', retryAfterS: WEEK_END - WEDNESDAY / 1000,
    },
    {
      name: 'unlimited hour, full week: weekly',
      requested: 1, granted: 0, limits: { hourly: null, weekly: 8 }, hourUsed: 100, weekUsed: 8, nowMs: WEDNESDAY,
      refusedBy: 'weekly', retryAfterS: WEEK_END - WEDNESDAY / 1000,
    },
    {
      name: 'unlimited week, full hour: hourly',
      requested: 1, granted: 0, limits: { hourly: 5, weekly: null }, hourUsed: 5, weekUsed: 100, nowMs: WEDNESDAY,
      refusedBy: 'hourly', retryAfterS: 40 * 60,
    },
    {
      name: 'half a second into the second: rounds up',
      requested: 1, granted: 0, limits: { hourly: 5, weekly: 8 }, hourUsed: 5, weekUsed: 5, nowMs: at('2027-01-13T10:20:00.500Z'),
      refusedBy: 'hourly', retryAfterS: 40 * 60,
    },
    {
      name: '1 ms past a whole second: rounds up',
      requested: 1, granted: 0, limits: { hourly: 5, weekly: 8 }, hourUsed: 5, weekUsed: 5, nowMs: at('2027-01-13T10:58:20.001Z'),
      refusedBy: 'hourly', retryAfterS: 100,
    },
    {
      name: 'exactly one second left: 1',
      requested: 1, granted: 0, limits: { hourly: 5, weekly: 8 }, hourUsed: 5, weekUsed: 5, nowMs: at('2027-01-13T10:59:59.000Z'),
      refusedBy: 'hourly', retryAfterS: 1,
    },
    {
      name: '1 ms left in the hour: at least 1, never 0',
      requested: 1, granted: 0, limits: { hourly: 5, weekly: 8 }, hourUsed: 5, weekUsed: 5, nowMs: at('2027-01-13T10:59:59.999Z'),
      refusedBy: 'hourly', retryAfterS: 1,
    },
    {
      name: '1 ms left in the week: at least 1, never 0',
      requested: 1, granted: 0, limits: { hourly: 5, weekly: 8 }, hourUsed: 0, weekUsed: 8, nowMs: at('2027-01-17T23:59:59.999Z'),
      refusedBy: 'weekly', retryAfterS: 1,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const admission = burstAdmission(c.requested, c.granted, c.limits, c.hourUsed, c.weekUsed, c.nowMs);
      assert.deepEqual(
        { granted: admission.granted, refusedBy: admission.refusedBy, retryAfterS: admission.retryAfterS },
        { granted: c.granted, refusedBy: c.refusedBy, retryAfterS: c.retryAfterS },
      );
      assert.ok(Number.isInteger(admission.retryAfterS), `retryAfterS ${admission.retryAfterS} is whole`);
    });
  }

  it('reports both windows with their limits, counts and fixed UTC ends', () => {
    assert.deepEqual(burstAdmission(3, 3, { hourly: 5, weekly: null }, 4, 9, WEDNESDAY), {
      granted: 3,
      refusedBy: undefined,
      retryAfterS: 0,
      hourly: { limit: 5, used: 4, resetAt: HOUR_END },
      weekly: { limit: null, used: 9, resetAt: WEEK_END },
    });
  });

  const resetCases: Array<[string, number, number]> = [
    // now, hour end, week end (the week ends on Monday 00:00 UTC)
    ['2026-11-22T23:59:59.999Z', sec('2026-11-23T00:00:00Z'), sec('2026-11-23T00:00:00Z')], // Sunday, last ms
    ['2026-11-23T00:00:00.000Z', sec('2026-11-23T01:00:00Z'), sec('2026-11-30T00:00:00Z')], // Monday, first ms
    ['2026-12-31T23:30:00.000Z', sec('2027-01-01T00:00:00Z'), sec('2027-01-04T00:00:00Z')], // across the year
  ];
  for (const [now, hourEnd, weekEnd] of resetCases) {
    it(`resetAt at ${now} are the ends of the UTC hour and ISO week, also when refusing`, () => {
      const refused = burstAdmission(1, 0, { hourly: 1, weekly: 1 }, 1, 1, at(now));
      assert.deepEqual([refused.hourly.resetAt, refused.weekly.resetAt], [hourEnd, weekEnd]);
      assert.equal(refused.retryAfterS, Math.max(1, Math.ceil(weekEnd - at(now) / 1000)));
    });
  }
});

describe('checkBurstInput: refuses input no caller could mean', () => {
  const ok: BurstLimits = { hourly: 5, weekly: 10 };
  const bad: Array<[string, string, BurstLimits, number, number, RegExp]> = [
    ['empty subject', '', ok, 1, WEDNESDAY, /subject/],
    ['subject one too long', 'a'.repeat(MAX_BURST_SUBJECT_CHARS + 1), ok, 1, WEDNESDAY, /subject/],
    ['negative hourly limit', 's', { hourly: -1, weekly: 10 }, 1, WEDNESDAY, /limit/],
    ['fractional weekly limit', 's', { hourly: 5, weekly: 1.5 }, 1, WEDNESDAY, /limit/],
    ['NaN limit', 's', { hourly: Number.NaN, weekly: 10 }, 1, WEDNESDAY, /limit/],
    ['infinite limit', 's', { hourly: 5, weekly: Number.POSITIVE_INFINITY }, 1, WEDNESDAY, /limit/],
    ['hourly limit above MAX_BURST_LIMIT', 's', { hourly: MAX_BURST_LIMIT + 1, weekly: null }, 1, WEDNESDAY, /limit/],
    ['weekly limit above MAX_BURST_LIMIT', 's', { hourly: null, weekly: MAX_BURST_LIMIT + 1 }, 1, WEDNESDAY, /limit/],
    ['negative requested', 's', ok, -1, WEDNESDAY, /requested/],
    ['fractional requested', 's', ok, 0.5, WEDNESDAY, /requested/],
    ['NaN requested', 's', ok, Number.NaN, WEDNESDAY, /requested/],
    ['negative now', 's', ok, 1, -1, /nowMs/],
    ['NaN now', 's', ok, 1, Number.NaN, /nowMs/],
    ['infinite now', 's', ok, 1, Number.POSITIVE_INFINITY, /nowMs/],
  ];
  for (const [name, subject, limits, requested, nowMs, message] of bad) {
    it(`throws on ${name}`, () => {
      assert.throws(() => checkBurstInput(subject, limits, requested, nowMs), (error: unknown) => {
        assert.ok(error instanceof RangeError);
        assert.match(error.message, message);
        return true;
      });
    });
  }

  const good: Array<[string, string, BurstLimits, number, number]> = [
    ['the longest subject', 'a'.repeat(MAX_BURST_SUBJECT_CHARS), ok, 1, WEDNESDAY],
    ['null limits', 's', { hourly: null, weekly: null }, 1, WEDNESDAY],
    ['limits of 0', 's', { hourly: 0, weekly: 0 }, 1, WEDNESDAY],
    ['limits of exactly MAX_BURST_LIMIT', 's', { hourly: MAX_BURST_LIMIT, weekly: MAX_BURST_LIMIT }, 1, WEDNESDAY],
    ['requested 0 at time 0', 's', ok, 0, 0],
  ];
  for (const [name, subject, limits, requested, nowMs] of good) {
    it(`accepts ${name}`, () => {
      assert.doesNotThrow(() => checkBurstInput(subject, limits, requested, nowMs));
    });
  }
});
