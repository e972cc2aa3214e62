import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Tier } from '../../../src/domain/accounts/tiers.ts';
import { burstAdmission } from '../../../src/domain/limits/burst-limiter.ts';
import { DEFAULT_LIMITS, type BurstLimits, type PlanLimits } from '../../../src/domain/limits/plans.ts';
import { AppError } from '../../../src/errors/app-error.ts';
import { statusOf } from '../../../src/errors/error-codes.ts';
import { burstRefusal, quotaRefusal } from '../../../src/use-cases/limits/limit-refusals.ts';

const at = (iso: string): number => Date.parse(iso);
const sec = (iso: string): number => Date.parse(iso) / 1000;

// A Wednesday, mid-hour: the hour ends 11:00, the ISO week Monday 2027-01-18, the month 2027-02-01.
const NOW = at('2027-01-13T10:20:00.000Z');
const UPGRADE_URL = 'https://billing.example.com/upgrade';

/** A refused admission of one request with the given window full (or both, which refuses weekly). */
function refused(by: 'hourly' | 'weekly' | 'both', limits: BurstLimits) {
  const hourUsed = by === 'weekly' ? 0 : limits.hourly!;
  const weekUsed = by === 'hourly' ? hourUsed : limits.weekly!;
  const admission = burstAdmission(1, 0, limits, hourUsed, weekUsed, NOW);
  assert.equal(admission.refusedBy, by === 'both' ? 'weekly' : by, 'the fixture refuses in the intended window');
  return admission;
}

describe('burstRefusal (429, D16)', () => {
  const cases: Array<{
    name: string;
    tier: Tier | undefined;
    by: 'hourly' | 'weekly' | 'both';
    limits: BurstLimits;
    code: string;
    limitText: RegExp;
    waitS: number;
    resetIso: string;
  }> = [
    {
      name: 'anonymous, hour full', tier: undefined, by: 'hourly', limits: DEFAULT_LIMITS.anonymous,
      code: 'rate_limit_exceeded', limitText: /\b20 generation requests per hour\b/, waitS: 2400, resetIso: '2027-01-13T11:00:00Z',
    },
    {
      name: 'anonymous, week full', tier: undefined, by: 'weekly', limits: DEFAULT_LIMITS.anonymous,
      code: 'rate_limit_exceeded', limitText: /\b100 generation requests per week\b/, waitS: sec('2027-01-18T00:00:00Z') - NOW / 1000, resetIso: '2027-01-18T00:00:00Z',
    },
    {
      name: 'free account, hour full', tier: 'free', by: 'hourly', limits: DEFAULT_LIMITS.plans.free,
      code: 'rate_limit_hourly', limitText: /\b40 generation requests per hour\b/, waitS: 2400, resetIso: '2027-01-13T11:00:00Z',
    },
    {
      name: 'pro account, week full', tier: 'pro', by: 'weekly', limits: DEFAULT_LIMITS.plans.pro,
      code: 'rate_limit_weekly', limitText: /\b40000 generation requests per week\b/, waitS: sec('2027-01-18T00:00:00Z') - NOW / 1000, resetIso: '2027-01-18T00:00:00Z',
    },
    {
      name: 'starter account, both full: weekly', tier: 'starter', by: 'both', limits: { hourly: 200, weekly: 200 },
      code: 'rate_limit_weekly', limitText: /\b200 generation requests per week\b/, waitS: sec('2027-01-18T00:00:00Z') - NOW / 1000, resetIso: '2027-01-18T00:00:00Z',
    },
  ];
  for (const c of cases) {
    it(`${c.name}: ${c.code}, 429, names the limit, the wait and the reset time`, () => {
      const error = burstRefusal(refused(c.by, c.limits), c.tier);
      assert.ok(error instanceof AppError);
      assert.equal(error.code, c.code);
      assert.equal(statusOf(error.code), 429);
      assert.match(error.message, c.limitText);
      assert.ok(error.message.includes(`${c.waitS} seconds`), error.message);
      assert.ok(error.message.includes(c.resetIso), error.message);
      if (c.tier !== undefined) assert.ok(error.message.includes(`${c.tier} plan`), error.message);
    });
  }

  it('tells an anonymous caller to send an API key, an account to change plan', () => {
    assert.match(burstRefusal(refused('hourly', DEFAULT_LIMITS.anonymous), undefined).message, /API key/);
    assert.doesNotMatch(burstRefusal(refused('hourly', DEFAULT_LIMITS.plans.free), 'free').message, /API key/);
    assert.match(burstRefusal(refused('hourly', DEFAULT_LIMITS.plans.free), 'free').message, /plan/);
  });
});

describe('quotaRefusal (402, D16)', () => {
  const FREE = DEFAULT_LIMITS.plans.free;
  const MONTH_END = sec('2027-02-01T00:00:00Z');

  for (const shortfall of ['pdfs', 'documents'] as const) {
    it(`${shortfall}: monthly_limit_reached, 402, with upgrade_url and reset_at`, () => {
      const error = quotaRefusal(shortfall, 'free', FREE, NOW, UPGRADE_URL);
      assert.ok(error instanceof AppError);
      assert.equal(error.code, 'monthly_limit_reached');
      assert.equal(statusOf(error.code), 402);
      assert.deepEqual(error.details, { upgrade_url: UPGRADE_URL, reset_at: MONTH_END });
      assert.ok(error.message.includes(UPGRADE_URL), error.message);
      assert.ok(error.message.includes('2027-02-01T00:00:00Z'), error.message);
      assert.ok(error.message.includes('free plan'), error.message);
    });
  }

  it('names the PDF cap for pdfs and the document quota for documents, in different words', () => {
    const pdfs = quotaRefusal('pdfs', 'free', FREE, NOW, UPGRADE_URL).message;
    const documents = quotaRefusal('documents', 'free', FREE, NOW, UPGRADE_URL).message;
    assert.notEqual(pdfs, documents);
    assert.match(pdfs, /\b50 PDFs\b/);
    assert.match(pdfs, /JSON and UBL/);
    assert.match(documents, /\b100 documents\b/);
    assert.doesNotMatch(documents, /PDFs a month/);
  });

  it('reset_at is the first of the next month UTC, across the year', () => {
    const error = quotaRefusal('documents', 'starter', DEFAULT_LIMITS.plans.starter, at('2026-12-31T23:59:59Z'), UPGRADE_URL);
    assert.equal(error.details?.['reset_at'], sec('2027-01-01T00:00:00Z'));
    assert.ok(error.message.includes('2027-01-01T00:00:00Z'), error.message);
  });

  it('pdfs on a plan whose documents are unlimited (PLAN_LIMITS monthly_documents null) does not print "null"', () => {
    // Reachable: quotaShortfall returns 'pdfs' whenever monthly_pdfs is capped, whatever monthly_documents is.
    const plan: PlanLimits = { ...FREE, monthlyDocuments: null };
    const message = quotaRefusal('pdfs', 'free', plan, NOW, UPGRADE_URL).message;
    assert.doesNotMatch(message, /\bnull\b/, message);
  });
});
