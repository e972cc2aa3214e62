import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  credits,
  batchItemCost,
  documentCost,
  meteringChoices,
  monthlyView,
  quotaShortfall,
  usageCeilings,
  type MeteredOutput,
  type MonthlyUsage,
} from '../../../src/domain/limits/document-cost.ts';
import { DEFAULT_LIMITS, type PlanLimits } from '../../../src/domain/limits/plans.ts';

const at = (iso: string): number => Date.parse(iso);
const sec = (iso: string): number => Date.parse(iso) / 1000;

const FREE = DEFAULT_LIMITS.plans.free;
const STARTER = DEFAULT_LIMITS.plans.starter;
const ENTERPRISE = DEFAULT_LIMITS.plans.enterprise;
const UNLIMITED: PlanLimits = { hourly: null, weekly: null, monthlyDocuments: null, monthlyPdfs: null };
const usage = (documentTenths: number, pdfs: number): MonthlyUsage => ({ documentTenths, pdfs });

describe('documentCost (D21, D42)', () => {
  const cases: Array<[MeteredOutput, boolean, number, number]> = [
    ['json', false, 1, 0],
    ['pdf', false, 10, 1],
    ['ubl', false, 10, 0],
    // D42: a hosted link serves a PDF on demand, so a generation that creates one is a PDF.
    ['json', true, 10, 1],
    ['pdf', true, 10, 1],
    ['ubl', true, 10, 1],
  ];
  for (const [output, withLink, documentTenths, pdfs] of cases) {
    it(`${output}${withLink ? ' with a hosted link' : ''}: ${documentTenths} tenths, ${pdfs} PDF`, () => {
      assert.deepEqual(documentCost(output, withLink), { documentTenths, pdfs });
    });
  }
  it('a batch item is 1 document, and a PDF too with its link (D21, D42)', () => {
    assert.deepEqual(batchItemCost(false), { documentTenths: 10, pdfs: 0 });
    assert.deepEqual(batchItemCost(true), { documentTenths: 10, pdfs: 1 });
  });
});

describe('meteringChoices (D42)', () => {
  const json = (withLink: boolean) => documentCost('json', withLink);
  const pdf = (withLink: boolean) => documentCost('pdf', withLink);
  it('a defaulted link: first with it (1 document, 1 PDF), else without it (0.1)', () => {
    assert.deepEqual(meteringChoices(json, 'default'), [
      { cost: { documentTenths: 10, pdfs: 1 }, keepsLink: true },
      { cost: { documentTenths: 1, pdfs: 0 }, keepsLink: false },
    ]);
  });
  it('an explicit link has no way out: it fits or the request is refused', () => {
    assert.deepEqual(meteringChoices(json, 'explicit'), [{ cost: { documentTenths: 10, pdfs: 1 }, keepsLink: true }]);
  });
  it('no link: the output alone', () => {
    assert.deepEqual(meteringChoices(json, 'off'), [{ cost: { documentTenths: 1, pdfs: 0 }, keepsLink: false }]);
  });
  it('a PDF costs the same with or without its link, so its link is never dropped', () => {
    assert.deepEqual(meteringChoices(pdf, 'default'), [{ cost: { documentTenths: 10, pdfs: 1 }, keepsLink: true }]);
  });
  it('a batch item with a defaulted link: 1 document and 1 PDF, else 1 document', () => {
    assert.deepEqual(meteringChoices(batchItemCost, 'default').map((choice) => choice.cost), [{ documentTenths: 10, pdfs: 1 }, { documentTenths: 10, pdfs: 0 }]);
  });
});

describe('quotaShortfall at the edges of the month', () => {
  const cases: Array<[string, MonthlyUsage, MeteredOutput, PlanLimits, 'documents' | 'pdfs' | undefined]> = [
    ['free: nothing used, a PDF fits', usage(0, 0), 'pdf', FREE, undefined],
    ['free: the 50th PDF fits', usage(490, 49), 'pdf', FREE, undefined],
    ['free: the 51st PDF does not', usage(500, 50), 'pdf', FREE, 'pdfs'],
    ['free: 50 PDFs used, JSON still fits', usage(500, 50), 'json', FREE, undefined],
    ['free: 50 PDFs used, UBL still fits', usage(500, 50), 'ubl', FREE, undefined],
    ['free: at 99.9 documents a JSON fits', usage(999, 0), 'json', FREE, undefined],
    ['free: at 100.0 documents a JSON does not', usage(1000, 0), 'json', FREE, 'documents'],
    ['free: at 99.9 documents a UBL does not', usage(999, 0), 'ubl', FREE, 'documents'],
    ['free: a UBL at 49 PDFs and 99.0 documents fits', usage(990, 49), 'ubl', FREE, undefined],
    ['free: the 50th PDF at 99.0 documents fits', usage(990, 49), 'pdf', FREE, undefined],
    ['free: the 50th PDF at 99.1 documents does not', usage(991, 49), 'pdf', FREE, 'documents'],
    ['free: a PDF at 100 documents and 50 PDFs: the PDF cap is named first', usage(1000, 50), 'pdf', FREE, 'pdfs'],
    ['starter (PDFs unlimited): the 1000th PDF fits', usage(9990, 999), 'pdf', STARTER, undefined],
    ['starter: the 1001st document does not', usage(10000, 1000), 'pdf', STARTER, 'documents'],
    ['enterprise: just under a million fits', usage(9_999_990, 5_000_000), 'pdf', ENTERPRISE, undefined],
    ['enterprise: a million and one does not', usage(10_000_000, 0), 'ubl', ENTERPRISE, 'documents'],
    ['unlimited plan: anything fits (PDF)', usage(1e12, 1e11), 'pdf', UNLIMITED, undefined],
    ['unlimited plan: anything fits (JSON)', usage(1e12, 1e11), 'json', UNLIMITED, undefined],
    ['unlimited documents, PDFs capped: the cap still holds', usage(1e9, 50), 'pdf',
      { hourly: null, weekly: null, monthlyDocuments: null, monthlyPdfs: 50 }, 'pdfs'],
    ['unlimited PDFs, documents capped: the documents still hold', usage(1000, 1e6), 'pdf',
      { hourly: null, weekly: null, monthlyDocuments: 100, monthlyPdfs: null }, 'documents'],
    ['a quota of 0 refuses even a JSON', usage(0, 0), 'json',
      { hourly: null, weekly: null, monthlyDocuments: 0, monthlyPdfs: 0 }, 'documents'],
  ];
  for (const [name, used, output, plan, expected] of cases) {
    it(name, () => {
      assert.equal(quotaShortfall(used, documentCost(output, false), plan), expected);
    });
  }
});

describe('monthlyView (D22)', () => {
  const tenths: Array<[number, number]> = [
    [0, 0],
    [1, 0.1],
    [7, 0.7],
    [10, 1],
    [11, 1.1],
    [999, 99.9],
    [1000, 100],
    [1_234_567, 123_456.7],
  ];
  for (const [documentTenths, documentsUsed] of tenths) {
    it(`${documentTenths} tenths show as ${documentsUsed} documents, one decimal`, () => {
      const view = monthlyView(usage(documentTenths, 3), FREE, at('2026-11-21T19:25:13Z'));
      assert.equal(view.documents_used, documentsUsed);
      assert.equal(String(view.documents_used), String(documentsUsed), 'no float noise such as 0.7000000000000001');
    });
  }

  it('shows the plan limits and PDFs used; null limits when unlimited', () => {
    assert.deepEqual(monthlyView(usage(70, 4), FREE, at('2026-11-21T19:25:13Z')), {
      documents_used: 7, documents_limit: 100, pdfs_used: 4, pdfs_limit: 50, reset_at: sec('2026-12-01T00:00:00Z'),
    });
    const unlimited = monthlyView(usage(70, 4), UNLIMITED, at('2026-11-21T19:25:13Z'));
    assert.deepEqual([unlimited.documents_limit, unlimited.pdfs_limit], [null, null]);
  });

  const resets: Array<[string, string, string]> = [
    ['mid-month', '2026-11-21T19:25:13Z', '2026-12-01T00:00:00Z'],
    ['first ms of the month', '2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00Z'],
    ['last ms of the month', '2026-11-30T23:59:59.999Z', '2026-12-01T00:00:00Z'],
    ['December → January', '2026-12-31T23:30:00Z', '2027-01-01T00:00:00Z'],
    ['February of a leap year', '2028-02-29T12:00:00Z', '2028-03-01T00:00:00Z'],
    ['February of a common year', '2027-02-28T23:59:59Z', '2027-03-01T00:00:00Z'],
  ];
  for (const [name, now, reset] of resets) {
    it(`reset_at is the first of the next month UTC: ${name}`, () => {
      assert.equal(monthlyView(usage(0, 0), FREE, at(now)).reset_at, sec(reset));
    });
  }
});

describe('credits (D22)', () => {
  const cases: Array<[number, number]> = [
    [0, 0],
    [1, 1],
    [9, 1],
    [10, 1],
    [11, 2],
    [20, 2],
    [999, 100],
    [1000, 100],
  ];
  for (const [documentTenths, used] of cases) {
    it(`${documentTenths} tenths: used ${used} (rounded up)`, () => {
      assert.deepEqual(credits(usage(documentTenths, 0), FREE), { total: 100, used });
    });
  }

  it('total is the monthly document quota, null when unlimited', () => {
    assert.equal(credits(usage(5, 0), STARTER).total, 1000);
    assert.equal(credits(usage(5, 0), ENTERPRISE).total, 1_000_000);
    assert.deepEqual(credits(usage(5, 0), UNLIMITED), { total: null, used: 1 });
  });
});

describe('usageCeilings', () => {
  const cases: Array<[string, PlanLimits, { documentTenths: number | null; pdfs: number | null }]> = [
    ['free', FREE, { documentTenths: 1000, pdfs: 50 }],
    ['starter', STARTER, { documentTenths: 10_000, pdfs: null }],
    ['enterprise', ENTERPRISE, { documentTenths: 10_000_000, pdfs: null }],
    ['unlimited', UNLIMITED, { documentTenths: null, pdfs: null }],
    ['zero', { hourly: 1, weekly: 1, monthlyDocuments: 0, monthlyPdfs: 0 }, { documentTenths: 0, pdfs: 0 }],
  ];
  for (const [name, plan, expected] of cases) {
    it(`${name}: documents × 10 in tenths, PDFs as they are`, () => {
      assert.deepEqual(usageCeilings(plan), expected);
    });
  }
});
