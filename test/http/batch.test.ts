import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { validInvoice } from '../helpers/build-test-app.ts';
import { readPdf } from '../helpers/read-pdf.ts';
import { useLogoServerApp } from './logo-server-app.ts';
import { createPdfWorkerPool } from '../../src/render/pdf-worker-pool.ts';
import type { PdfRenderer } from '../../src/render/pdf-renderer.ts';
import { bearer, body, browser, generateInvoice, signUp, signUpWithKey, startAccountsApp, type AccountsApp, type Json } from '../helpers/accounts-helpers.ts';
import { credits } from '../helpers/limits-helpers.ts';

function batch(app: FastifyInstance, invoices: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/batch', payload: { invoices } as Json, headers });
}

/** An invoice of ten lines: the document the batch benchmark renders too. */
function tenLines(label: string): Json {
  const request = validInvoice() as Json;
  request.items = Array.from({ length: 10 }, (_, i) => ({ description: `${label} line ${i + 1}`, quantity: i + 1, unit_price: 12.5, tax_rate: 20 }));
  return request;
}

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** Broken in five different ways, for the items at indexes 9, 19, 29, 39 and 49. */
const BROKEN: ReadonlyArray<{ readonly item: unknown; readonly code: string; readonly message: RegExp }> = [
  { item: { ...validInvoice(), items: [] }, code: 'validation_error', message: /^items must contain at least 1 element/ },
  { item: { ...validInvoice(), invoice: { currency: 'XXX' } }, code: 'invalid_currency', message: /^invoice\.currency the string "XXX" is not supported/ },
  { item: 'an invoice', code: 'validation_error', message: /^The request invoice must be a JSON object/ },
  // D38: a negative line may reduce an invoice, never make it negative.
  { item: { ...validInvoice(), items: [{ description: 'x', quantity: -1, unit_price: 1 }] }, code: 'calculation_error', message: /grand total would be -1; an invoice cannot be negative/ },
  { item: { ...validInvoice(), from: { name: 'Acme', logo: 'data:image/png;base64,AAAA' } }, code: 'validation_error', message: /^from\.logo / },
];

function describeBatches(dialect: 'sqlite' | 'postgres'): void {
  describe(`POST /api/batch on ${dialect}`, () => {
    let ctx: AccountsApp;
    let renderer: PdfRenderer;
    let inFlight = 0;
    let maxInFlight = 0;
    before(async () => {
      // The real pool, watched: how many documents it holds at once shows the items render in parallel.
      const pool = createPdfWorkerPool();
      renderer = {
        async render(view, assets) {
          inFlight += 1;
          maxInFlight = Math.max(maxInFlight, inFlight);
          try {
            return await pool.render(view, assets);
          } finally {
            inFlight -= 1;
          }
        },
        close: () => pool.close(),
      };
      ctx = await startAccountsApp({ postgres: dialect === 'postgres', pdfRenderer: renderer });
    });
    after(async () => {
      await ctx.close();
      await renderer.close();
    });

    it('50 valid ten-line invoices: all generated in order, numbered gap-free, each with a link to its PDF, 50 documents metered', async () => {
      const { apiKey } = await signUpWithKey(ctx, 'batch50');
      maxInFlight = 0;
      const res = await batch(ctx.app, Array.from({ length: 50 }, (_, i) => tenLines(`#${i}`)), bearer(apiKey));
      assert.equal(res.statusCode, 200, res.body.slice(0, 500));
      const answer = body(res);
      assert.equal(answer.success, true);
      assert.equal(answer.count, 50);
      assert.deepEqual(answer.meta, { requested: 50, generated: 50, rate_limited: false });
      const results = answer.results as Json[];
      assert.deepEqual(results.map((r) => r.index), Array.from({ length: 50 }, (_, i) => i));
      assert.ok(results.every((r) => r.success === true && r.error === undefined));
      const year = (results[0]!.invoice.date as string).slice(0, 4);
      assert.deepEqual(results.map((r) => r.invoice.number), Array.from({ length: 50 }, (_, i) => `INV-${year}-${String(i + 1).padStart(5, '0')}`));
      assert.equal(results[7]!.invoice.items[0].description, '#7 line 1', 'each result is its own invoice');
      assert.equal(results[0]!.invoice.grand_total, 825, '10 lines: 55 units × 12.50 + 20 % VAT');
      assert.equal(new Set(results.map((r) => r.invoice.hosted_url)).size, 50, 'one link each');
      assert.ok(maxInFlight > 1, `items render in parallel (at most ${maxInFlight} at once)`);
      assert.equal((await credits(ctx.app, apiKey)).used, 50, 'each item costs one credit (D21)');
      for (const index of [0, 31, 49]) {
        const opened = await ctx.app.inject({ method: 'GET', url: pathOf(results[index]!.invoice.hosted_url as string) });
        assert.equal(opened.statusCode, 200);
        const text = readPdf(opened.rawPayload).text;
        assert.ok(text.includes(results[index]!.invoice.number as string) && text.includes(`#${index} line 10`), `item ${index}'s own PDF`);
      }
    });

    it('every tenth item broken: exactly 45 generated, each error at its own index with its code; numbers stay gap-free', async () => {
      const { apiKey } = await signUpWithKey(ctx, 'batch45');
      const invoices: unknown[] = Array.from({ length: 50 }, (_, i) => tenLines(`#${i}`));
      BROKEN.forEach((broken, k) => { invoices[k * 10 + 9] = broken.item; });
      const res = await batch(ctx.app, invoices, bearer(apiKey));
      assert.equal(res.statusCode, 200, res.body.slice(0, 500));
      const answer = body(res);
      assert.deepEqual(answer.meta, { requested: 50, generated: 45, rate_limited: false });
      const failed = (answer.results as Json[]).filter((r) => !r.success);
      assert.deepEqual(failed.map((r) => r.index), [9, 19, 29, 39, 49]);
      failed.forEach((result, k) => {
        assert.equal(result.error.code, BROKEN[k]!.code, `index ${result.index}`);
        assert.match(result.error.message as string, BROKEN[k]!.message, `index ${result.index}`);
        assert.equal(result.invoice, undefined);
      });
      const numbers = (answer.results as Json[]).filter((r) => r.success).map((r) => Number((r.invoice.number as string).slice(-5)));
      assert.deepEqual(numbers, Array.from({ length: 45 }, (_, i) => i + 1), 'failed items use up no number (D15)');
      assert.equal((await credits(ctx.app, apiKey)).used, 45, 'failed items are not metered');
    });

    it('the shape of the batch itself: 51 items, none, not an array, no body → 400 naming invoices; nothing metered', async () => {
      const { apiKey } = await signUpWithKey(ctx, 'batch-shape');
      const auth = bearer(apiKey);
      const tooMany = await batch(ctx.app, Array.from({ length: 51 }, () => validInvoice()), auth);
      assert.equal(tooMany.statusCode, 400);
      assert.equal(body(tooMany).error.code, 'validation_error');
      assert.equal(body(tooMany).error.message, 'invoices has too many elements: at most 50 are allowed.');
      const none = await batch(ctx.app, [], auth);
      assert.equal(none.statusCode, 400);
      assert.equal(body(none).error.message, 'invoices must contain at least 1 element.');
      const notArray = await batch(ctx.app, validInvoice(), auth);
      assert.equal(notArray.statusCode, 400);
      assert.match(body(notArray).error.message as string, /^invoices must be a JSON array/);
      const missing = await ctx.app.inject({ method: 'POST', url: '/api/batch', payload: { invoice: [validInvoice()] }, headers: auth });
      assert.equal(missing.statusCode, 400);
      assert.equal(body(missing).error.message, 'invoices is required: add it to the request body.');
      assert.equal((await credits(ctx.app, apiKey)).used, 0);
    });

    it('anonymous callers and signed-in sessions get 401; an unknown key gets 401 invalid_api_key', async () => {
      const anonymous = await batch(ctx.app, [validInvoice()]);
      assert.equal(anonymous.statusCode, 401);
      assert.equal(body(anonymous).error.code, 'auth_required');
      assert.match(body(anonymous).error.message as string, /API key/);

      const account = await signUp(ctx, { label: 'batch-session' });
      const session = await batch(ctx.app, [validInvoice()], browser(account.sessionId));
      assert.equal(session.statusCode, 401);
      assert.equal(body(session).error.code, 'auth_required');
      // The same session may generate one invoice (the session itself is good).
      assert.equal((await generateInvoice(ctx.app, validInvoice(), browser(account.sessionId))).statusCode, 200);

      const unknown = await batch(ctx.app, [validInvoice()], bearer(`inv_${'x'.repeat(40)}`));
      assert.equal(unknown.statusCode, 401);
      assert.equal(body(unknown).error.code, 'invalid_api_key');
    });

    it('an Idempotency-Key covers the whole batch: the repeat gets the same bytes, generates and meters nothing; another batch under it is a 422', async () => {
      const { apiKey } = await signUpWithKey(ctx, 'batch-idem');
      const headers = { ...bearer(apiKey), 'idempotency-key': 'batch-1' };
      const invoices = [validInvoice(), 'broken', validInvoice()];
      const first = await batch(ctx.app, invoices, headers);
      assert.equal(first.statusCode, 200);
      const repeat = await batch(ctx.app, invoices, headers);
      assert.equal(repeat.statusCode, 200);
      assert.equal(repeat.headers['idempotent-replayed'], 'true');
      assert.equal(repeat.body, first.body);
      assert.equal((await credits(ctx.app, apiKey)).used, 2);
      const other = await batch(ctx.app, [validInvoice()], headers);
      assert.equal(other.statusCode, 422);
      assert.equal(body(other).error.code, 'idempotency_key_conflict');
    });

    it('items with features.hosted_link false carry no link and render nothing, and still cost one document each', async () => {
      const { apiKey } = await signUpWithKey(ctx, 'batch-nolink');
      maxInFlight = 0;
      const res = await batch(ctx.app, [{ ...validInvoice(), features: { hosted_link: false } }, validInvoice()], bearer(apiKey));
      const results = body(res).results as Json[];
      assert.equal(results[0]!.invoice.hosted_url, undefined);
      assert.ok(results[1]!.invoice.hosted_url);
      assert.equal(maxInFlight, 1, 'one PDF rendered, for the item with a link');
      assert.equal((await credits(ctx.app, apiKey)).used, 2);
    });
  });
}

describeBatches('sqlite');
describeBatches('postgres');

describe('POST /api/batch against the plan limits (D21)', () => {
  let ctx: AccountsApp;
  before(async () => {
    // Held mid-hour and mid-month: the windows are fixed, and a run straddling an hour's end would
    // start a fresh count half-way.
    ctx = await startAccountsApp({
      clock: () => Date.UTC(2026, 10, 14, 12, 30),
      env: { PLAN_LIMITS: JSON.stringify({ free: { hourly: 30, monthly_documents: 13 }, starter: { hourly: 5 } }) },
    });
  });
  after(async () => ctx.close());

  it('a free account with 3 documents left sends 10: the first 3 are generated, 7 fail with monthly_limit_reached, rate_limited true', async () => {
    const { apiKey } = await signUpWithKey(ctx, 'batch-quota');
    const auth = bearer(apiKey);
    for (let i = 0; i < 10; i += 1) assert.equal((await generateInvoice(ctx.app, { ...validInvoice(), output: 'ubl', features: { hosted_link: false } }, auth)).statusCode, 200);
    assert.deepEqual(await credits(ctx.app, apiKey), { total: 13, used: 10 });

    const res = await batch(ctx.app, Array.from({ length: 10 }, () => validInvoice()), auth);
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
    const answer = body(res);
    assert.deepEqual(answer.meta, { requested: 10, generated: 3, rate_limited: true });
    const results = answer.results as Json[];
    assert.deepEqual(results.filter((r) => r.success).map((r) => r.index), [0, 1, 2]);
    for (const failed of results.slice(3)) {
      assert.equal(failed.success, false);
      assert.equal(failed.error.code, 'monthly_limit_reached');
      assert.equal(failed.error.upgrade_url, 'http://127.0.0.1:3000/pricing');
      assert.equal(typeof failed.error.reset_at, 'number');
    }
    assert.deepEqual(await credits(ctx.app, apiKey), { total: 13, used: 13 });
    const side = await ctx.sideDatabase();
    const snapshots = await side.db.selectFrom('hosted_invoices').innerJoin('accounts', 'accounts.id', 'hosted_invoices.account_id')
      .select('hosted_invoices.id').where('accounts.email', '=', (await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth })).json().user.email).execute();
    assert.equal(snapshots.length, 3, 'refused items leave no snapshot');

    // With nothing left, the whole batch is refused like one invoice would be.
    const none = await batch(ctx.app, [validInvoice(), validInvoice()], auth);
    assert.equal(none.statusCode, 402);
    assert.equal(body(none).error.code, 'monthly_limit_reached');
  });

  it('an hourly window with 5 left admits the first 5 valid items; the rest fail with rate_limit_hourly; then the next batch is a 429', async () => {
    const { apiKey } = await signUpWithKey(ctx, 'batch-burst');
    const side = await ctx.sideDatabase();
    const me = (await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(apiKey) })).json().user.email as string;
    await side.db.updateTable('accounts').set({ tier: 'starter' }).where('email', '=', me).execute();

    const invoices: unknown[] = Array.from({ length: 8 }, () => validInvoice());
    invoices[1] = 'broken';
    const res = await batch(ctx.app, invoices, bearer(apiKey));
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
    const answer = body(res);
    assert.deepEqual(answer.meta, { requested: 8, generated: 5, rate_limited: true });
    const results = answer.results as Json[];
    assert.equal(results[1]!.error.code, 'validation_error', 'an invalid item is not counted');
    assert.deepEqual(results.filter((r) => r.success).map((r) => r.index), [0, 2, 3, 4, 5]);
    assert.deepEqual(results.filter((r) => !r.success && r.index !== 1).map((r) => [r.index, r.error.code]), [[6, 'rate_limit_hourly'], [7, 'rate_limit_hourly']]);
    assert.equal(res.headers['x-ratelimit-remaining-hourly'], '0');

    const next = await batch(ctx.app, [validInvoice()], bearer(apiKey));
    assert.equal(next.statusCode, 429);
    assert.equal(body(next).error.code, 'rate_limit_hourly');
    assert.ok(Number(next.headers['retry-after']) > 0);
  });
});

describe('POST /api/batch fetches a logo shared by its items once (D26)', () => {
  const suite = useLogoServerApp();

  it('10 items with the same logo URL: one fetch, one stored image, every PDF prints it; a missing logo fails only its item', async () => {
    const auth = bearer((await signUpWithKey(suite.ctx(), 'batch-logo')).apiKey);
    const invoices = Array.from({ length: 10 }, () => {
      const request = validInvoice() as Json;
      request.from.logo = suite.images().url('/logo.png');
      return request;
    });
    (invoices[4]!.from as Json).logo = suite.images().url('/missing.png');
    const res = await batch(suite.ctx().app, invoices, auth);
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
    const results = body(res).results as Json[];
    assert.deepEqual(results.filter((r) => !r.success).map((r) => [r.index, r.error.code]), [[4, 'validation_error']]);
    assert.match(results[4]!.error.message as string, /^from\.logo /);
    assert.deepEqual([...suite.images().paths].sort(), ['/logo.png', '/missing.png']);
    const side = await suite.ctx().sideDatabase();
    assert.equal((await side.db.selectFrom('hosted_images').select('hash').execute()).length, 1);
    const opened = await suite.ctx().app.inject({ method: 'GET', url: pathOf(results[9]!.invoice.hosted_url as string) });
    assert.deepEqual(readPdf(opened.rawPayload).images.map((i) => `${i.width}x${i.height}`), ['3x2']);
  });
});

describe('POST /api/batch: a PDF that fails to render fails only its item', () => {
  let ctx: AccountsApp;
  const pool = createPdfWorkerPool();
  before(async () => {
    const renderer: PdfRenderer = {
      render: async (view, assets) => {
        if (view.items.some((row) => row.cells[0]!.includes('FAIL'))) throw Object.assign(new Error('render failed'));
        return pool.render(view, assets);
      },
      close: async () => {},
    };
    ctx = await startAccountsApp({ pdfRenderer: renderer });
  });
  after(async () => {
    await ctx.close();
    await pool.close();
  });

  it('the item is withdrawn (no credit, no snapshot) with pdf_error; the others stand', async () => {
    const { apiKey } = await signUpWithKey(ctx, 'batch-render');
    const invoices = [tenLines('a'), tenLines('FAIL'), tenLines('c')];
    const res = await batch(ctx.app, invoices, bearer(apiKey));
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
    const answer = body(res);
    assert.deepEqual(answer.meta, { requested: 3, generated: 2, rate_limited: false });
    const results = answer.results as Json[];
    assert.equal(results[1]!.success, false);
    assert.equal(results[1]!.error.code, 'pdf_error');
    assert.equal((await credits(ctx.app, apiKey)).used, 2);
    const side = await ctx.sideDatabase();
    assert.equal((await side.db.selectFrom('hosted_invoices').select('id').execute()).length, 2);
    for (const index of [0, 2]) {
      const opened = await ctx.app.inject({ method: 'GET', url: pathOf(results[index]!.invoice.hosted_url as string) });
      assert.equal(opened.statusCode, 200);
    }
  });
});
