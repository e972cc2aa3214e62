import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildInvoiceView } from '../../src/domain/pdf/build-invoice-view.ts';
import { computeInvoice } from '../../src/domain/invoice/compute-invoice.ts';
import { normalizeInvoiceRequest } from '../../src/requests/normalize-invoice-request.ts';
import type { InvoiceRequest } from '../../src/domain/invoice/invoice-request-schema.ts';
import { AppError } from '../../src/errors/app-error.ts';
import { createPdfWorkerPool } from '../../src/render/pdf-worker-pool.ts';
import { richInvoice } from './pdf-fixtures.ts';

const view = (items = 6) => {
  const request = richInvoice('en', 'classic', 'POOL-1') as Record<string, any>;
  request.items = (request.items as unknown[]).slice(0, items);
  return buildInvoiceView(computeInvoice(normalizeInvoiceRequest(request) as InvoiceRequest, { today: '2026-11-21', number: 'POOL-1' }));
};

describe('createPdfWorkerPool', () => {
  it('renders on worker threads and answers PDF bytes', async () => {
    const pool = createPdfWorkerPool({ size: 1 });
    try {
      const pdf = await pool.render(view(), []);
      assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    } finally {
      await pool.close();
    }
  });

  it('a render past the time bound fails with pdf_error, without internals', async () => {
    const failures: string[] = [];
    const pool = createPdfWorkerPool({ size: 1, timeoutMs: 1, onFailure: (reason) => failures.push(reason) });
    try {
      await assert.rejects(pool.render(view(), []), (error: unknown) => {
        assert.ok(error instanceof AppError);
        assert.equal(error.code, 'pdf_error');
        assert.doesNotMatch(error.message, /typst|worker|ms/i);
        return true;
      });
      assert.match(failures[0]!, /exceeded 1 ms/);
    } finally {
      await pool.close();
    }
    // A pool with a sane bound renders the same view: the failure above was the bound, not the view.
    const healthy = createPdfWorkerPool({ size: 1, timeoutMs: 30_000 });
    try {
      assert.equal((await healthy.render(view(), [])).subarray(0, 5).toString('latin1'), '%PDF-');
    } finally {
      await healthy.close();
    }
  });

  it('a template error (a view the template cannot use) is pdf_error and the worker keeps serving', async () => {
    const failures: string[] = [];
    const pool = createPdfWorkerPool({ size: 1, onFailure: (reason) => failures.push(reason) });
    try {
      const broken = { ...view(), logo: 'missing.png' };
      await assert.rejects(pool.render(broken, []), (error: unknown) => error instanceof AppError && error.code === 'pdf_error');
      assert.match(failures[0]!, /typst/);
      assert.equal((await pool.render(view(), [])).subarray(0, 5).toString('latin1'), '%PDF-');
    } finally {
      await pool.close();
    }
  });

  it('refuses at once when too many documents wait, and close() rejects what is queued', async () => {
    const pool = createPdfWorkerPool({ size: 1, maxQueued: 2 });
    const jobs = Array.from({ length: 4 }, () => pool.render(view(1), []));
    const settled = Promise.allSettled(jobs);
    await pool.close();
    const results = await settled;
    assert.ok(results.some((r) => r.status === 'rejected' && (r.reason as AppError).message.includes('documents waiting')), 'the overflow is refused');
    assert.ok(results.every((r) => r.status === 'rejected' || (r.value as Buffer).length > 0));
  });
});
