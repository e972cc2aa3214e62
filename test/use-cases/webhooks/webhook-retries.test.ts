import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { createPdfWorkerPool } from '../../../src/render/pdf-worker-pool.ts';
import type { PdfRenderer } from '../../../src/render/pdf-renderer.ts';
import { validInvoice } from '../../helpers/build-test-app.ts';
import { useWebhookApp } from '../../helpers/use-webhook-app.ts';
import { signUpWithKey } from '../../helpers/accounts-helpers.ts';
import { generate, manualClock } from '../../helpers/limits-helpers.ts';
import { startHttpsImageServer } from '../../helpers/start-https-image-server.ts';
import { startWebhookReceiver } from '../../helpers/start-webhook-receiver.ts';
import { getWebhook, parsed, webhookFor } from '../../helpers/webhook-helpers.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('webhook retries (D28): schedule, last_status, time-out, redirects, deactivation', () => {
  const clock = manualClock('2026-04-01T08:00:00Z');
  const suite = useWebhookApp({ clock: clock.now, webhookTimeoutMs: 400 });

  /** Moves the clock and sends what came due. */
  async function after_(ms: number): Promise<void> {
    clock.advance(ms);
    await suite.ctx.app.webhookWorker.runDue();
  }

  it('500, 500, 500, then 200: four attempts at +1 min, +5 min and +30 min, the same event each time; last_status ends 200', async () => {
    const { ctx, receiver } = suite;
    const { apiKey } = await signUpWithKey(ctx, 'wh-retry');
    const webhook = await webhookFor(ctx.app, apiKey, receiver.url);
    const start = receiver.received.length;
    receiver.answers.push(500, 500, 500, 200);
    assert.equal((await generate(ctx.app, validInvoice(), { apiKey })).statusCode, 200);
    await ctx.app.webhookWorker.runDue();
    assert.equal(receiver.received.length - start, 1);
    assert.equal((await getWebhook(ctx.app, apiKey, webhook.id as string)).last_status, 500);

    await after_(MINUTE - 1_000);
    assert.equal(receiver.received.length - start, 1, 'not before the minute');
    await after_(1_000);
    assert.equal(receiver.received.length - start, 2);
    await after_(5 * MINUTE);
    assert.equal(receiver.received.length - start, 3);
    await after_(30 * MINUTE - 1);
    assert.equal(receiver.received.length - start, 3, 'not before the 30 minutes');
    await after_(1);
    const attempts = receiver.received.slice(start);
    assert.equal(attempts.length, 4);
    assert.equal(new Set(attempts.map((d) => d.raw.toString('hex'))).size, 1, 'identical bytes on every attempt');
    assert.equal(new Set(attempts.map((d) => d.headers['x-service-delivery'])).size, 1);
    const seen = await getWebhook(ctx.app, apiKey, webhook.id as string);
    assert.equal(seen.last_status, 200);
    assert.equal(seen.last_delivery_at, Math.floor(clock.now() / 1000));
    await after_(24 * HOUR);
    assert.equal(receiver.received.length - start, 4, 'a delivered event is never sent again');
  });

  it('a receiver that never answers is timed out: last_status 0, and retried a minute later', async () => {
    const { ctx, receiver } = suite;
    const { apiKey } = await signUpWithKey(ctx, 'wh-timeout');
    const webhook = await webhookFor(ctx.app, apiKey, receiver.url);
    const start = receiver.received.length;
    receiver.answers.push('hang', 204);
    assert.equal((await generate(ctx.app, validInvoice(), { apiKey })).statusCode, 200);
    const began = Date.now();
    await ctx.app.webhookWorker.runDue();
    const waited = Date.now() - began;
    assert.ok(waited >= 350 && waited < 5_000, `the attempt ended at its deadline (${waited} ms)`);
    assert.equal((await getWebhook(ctx.app, apiKey, webhook.id as string)).last_status, 0);
    await after_(MINUTE);
    assert.equal(receiver.received.length - start, 2);
    assert.equal((await getWebhook(ctx.app, apiKey, webhook.id as string)).last_status, 204);
  });

  it('a redirect is never followed, not even to a private address: the 3xx is the attempt\'s status', async () => {
    const { ctx, receiver } = suite;
    const inner = await startHttpsImageServer((_request, response) => response.writeHead(200).end('internal'));
    try {
      const { apiKey } = await signUpWithKey(ctx, 'wh-redirect');
      const webhook = await webhookFor(ctx.app, apiKey, receiver.url);
      receiver.answers.push((response) => response.writeHead(302, { location: `https://127.0.0.1:${inner.port}/admin` }).end());
      assert.equal((await generate(ctx.app, validInvoice(), { apiKey })).statusCode, 200);
      await ctx.app.webhookWorker.runDue();
      assert.equal((await getWebhook(ctx.app, apiKey, webhook.id as string)).last_status, 302);
      assert.equal(inner.connections(), 0, 'the redirect target was never contacted');
    } finally {
      await inner.close();
    }
  });

  it('an event that fails all 7 attempts has failed; 10 such events in a row deactivate the webhook, and a delivered one resets the count', async () => {
    const { ctx } = suite;
    const { apiKey } = await signUpWithKey(ctx, 'wh-deactivate');
    const failing = await startWebhookReceiver();
    try {
      failing.fallback = 503;
      const webhook = await webhookFor(ctx.app, apiKey, failing.url);
      const runOut = async (events: number) => {
        for (let i = 0; i < events; i += 1) assert.equal((await generate(ctx.app, validInvoice(), { apiKey })).statusCode, 200);
        await ctx.app.webhookWorker.runDue();
        for (const delay of [1, 5, 30, 120, 360, 720]) await after_(delay * MINUTE);
      };
      await runOut(9);
      assert.equal(failing.received.length, 9 * 7, 'each event: the first attempt and 6 retries');
      assert.equal((await getWebhook(ctx.app, apiKey, webhook.id as string)).is_active, true);
      failing.answers.push(200);
      await runOut(1);
      assert.equal((await getWebhook(ctx.app, apiKey, webhook.id as string)).is_active, true, 'the delivered event reset the count');
      await runOut(9);
      assert.equal((await getWebhook(ctx.app, apiKey, webhook.id as string)).is_active, true, '9 in a row since the reset');
      await runOut(1);
      const seen = await getWebhook(ctx.app, apiKey, webhook.id as string);
      assert.equal(seen.is_active, false, '10 events in a row failed every attempt');
      assert.equal(seen.last_status, 503);
      const before = failing.received.length;
      await runOut(2);
      assert.equal(failing.received.length, before, 'an inactive webhook gets nothing');
    } finally {
      await failing.close();
    }
  });
});

describe('webhook events of a failed generation are never sent (D28)', () => {
  const pool = createPdfWorkerPool();
  const renderer: PdfRenderer = {
    render: async (view, assets) => {
      if (view.items.some((row) => row.cells[0]!.includes('FAIL'))) throw new Error('render failed');
      return pool.render(view, assets);
    },
    close: async () => {},
  };
  const suite = useWebhookApp({ pdfRenderer: renderer });
  // After the app's close (hooks run in order): the app does not close a renderer it was given.
  after(() => pool.close());

  it('a PDF that fails after numbering withdraws its held event; the next one is sent', async () => {
    const { ctx, receiver } = suite;
    const { apiKey } = await signUpWithKey(ctx, 'wh-pdf-fail');
    await webhookFor(ctx.app, apiKey, receiver.url);
    const start = receiver.received.length;
    const failed = await generate(ctx.app, { ...validInvoice(), output: 'pdf', items: [{ description: 'FAIL', quantity: 1, unit_price: 5 }] }, { apiKey });
    assert.equal(failed.statusCode, 500);
    const ok = await generate(ctx.app, { ...validInvoice(), output: 'pdf' }, { apiKey });
    assert.equal(ok.statusCode, 200);
    await ctx.app.webhookWorker.runDue();
    const deliveries = receiver.received.slice(start);
    assert.equal(deliveries.length, 1);
    const side = await ctx.sideDatabase();
    assert.equal((await side.db.selectFrom('webhook_events').select('id').execute()).length, 1, 'the failed generation left no event');
    assert.equal(parsed(deliveries[0]!).id, (await side.db.selectFrom('webhook_events').select('id').executeTakeFirstOrThrow()).id);
  });
});
