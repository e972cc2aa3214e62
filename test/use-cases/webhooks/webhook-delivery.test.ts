import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validInvoice } from '../../helpers/build-test-app.ts';
import { useWebhookApp } from '../../helpers/use-webhook-app.ts';
import { bearer, body, signUpWithKey } from '../../helpers/accounts-helpers.ts';
import { generate, manualClock } from '../../helpers/limits-helpers.ts';
import { getWebhook, parsed, signatureValid, webhookFor } from '../../helpers/webhook-helpers.ts';

describe('webhook deliveries (D28): signed, per event, from a real https receiver', () => {
  const clock = manualClock('2026-03-10T09:00:00Z');
  const suite = useWebhookApp({ clock: clock.now });

  it('delivers invoice.generated for JSON, PDF and UBL generations, signed over the raw body', async () => {
    const { ctx, receiver } = suite;
    const { apiKey } = await signUpWithKey(ctx, 'wh-sign');
    const webhook = await webhookFor(ctx.app, apiKey, receiver.url);
    const start = receiver.received.length;
    const json = await generate(ctx.app, validInvoice(), { apiKey });
    assert.equal(json.statusCode, 200, json.body);
    const pdf = await generate(ctx.app, { ...validInvoice(), output: 'pdf' }, { apiKey });
    assert.equal(pdf.statusCode, 200);
    const ubl = await generate(ctx.app, { ...validInvoice(), output: 'ubl' }, { apiKey });
    assert.equal(ubl.statusCode, 200);
    await ctx.app.webhookWorker.runDue();
    const deliveries = receiver.received.slice(start);
    assert.equal(deliveries.length, 3);
    for (const delivery of deliveries) {
      assert.ok(signatureValid(webhook.secret as string, delivery), 'signature verifies');
      const event = parsed(delivery);
      assert.match(event.id, /^evt_[0-9A-Za-z]{22}$/);
      assert.equal(event.type, 'invoice.generated');
      assert.equal(event.created_at, Math.floor(clock.now() / 1000));
      assert.equal(delivery.headers['content-type'], 'application/json');
      assert.equal(delivery.headers['x-service-event'], 'invoice.generated');
      assert.equal(delivery.headers['x-service-delivery'], event.id);
      assert.equal(delivery.headers['x-service-timestamp'], String(Math.floor(clock.now() / 1000)));
      assert.match(String(delivery.headers['user-agent']), /^InvoiceService-Webhooks\//);
    }
    assert.deepEqual(parsed(deliveries.find((d) => parsed(d).data.invoice.number === body(json).invoice.number)!).data.invoice, body(json).invoice);
    const numbers = deliveries.map((d) => parsed(d).data.invoice.number as string).sort();
    assert.equal(new Set(numbers).size, 3);
    const seen = await getWebhook(ctx.app, apiKey, webhook.id as string);
    assert.equal(seen.last_status, 200);
    assert.equal(seen.last_delivery_at, Math.floor(clock.now() / 1000));
  });
});

describe('webhook events: which operations emit them (D28)', () => {
  const suite = useWebhookApp();

  it('an Idempotency-Key replay emits nothing; a refused request emits nothing', async () => {
    const { ctx, receiver } = suite;
    const { apiKey } = await signUpWithKey(ctx, 'wh-replay');
    await webhookFor(ctx.app, apiKey, receiver.url);
    const start = receiver.received.length;
    const headers = { 'idempotency-key': 'order-4711' };
    const first = await generate(ctx.app, validInvoice(), { apiKey, headers });
    const replay = await generate(ctx.app, validInvoice(), { apiKey, headers });
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    const bad = await generate(ctx.app, { ...validInvoice(), items: [] }, { apiKey });
    assert.equal(bad.statusCode, 400);
    await ctx.app.webhookWorker.runDue();
    const deliveries = receiver.received.slice(start);
    assert.equal(deliveries.length, 1, 'one generation, one event');
    assert.equal(parsed(deliveries[0]!).data.invoice.number, body(first).invoice.number);
  });

  it('a batch emits one batch.generated with its count, generated and results, and no invoice.generated', async () => {
    const { ctx, receiver } = suite;
    const { apiKey } = await signUpWithKey(ctx, 'wh-batch');
    const webhook = await webhookFor(ctx.app, apiKey, receiver.url, ['invoice.generated', 'batch.generated']);
    const start = receiver.received.length;
    const invoices = [validInvoice(), { ...validInvoice(), items: [] }, { ...validInvoice(), features: { hosted_link: false } }];
    const res = await ctx.app.inject({ method: 'POST', url: '/api/batch', payload: { invoices }, headers: bearer(apiKey) });
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
    await ctx.app.webhookWorker.runDue();
    const deliveries = receiver.received.slice(start);
    assert.deepEqual(deliveries.map((d) => d.headers['x-service-event']), ['batch.generated']);
    const event = parsed(deliveries[0]!);
    assert.ok(signatureValid(webhook.secret as string, deliveries[0]!));
    assert.equal(event.type, 'batch.generated');
    assert.deepEqual({ count: event.data.count, generated: event.data.generated, rate_limited: event.data.rate_limited }, { count: 3, generated: 2, rate_limited: false });
    assert.deepEqual(event.data.results, body(res).results, 'the results exactly as the batch answered them');
  });

  it('a batch whose items all fail validation still announces its answer; a webhook for batches only gets no invoice.generated', async () => {
    const { ctx, receiver } = suite;
    const { apiKey } = await signUpWithKey(ctx, 'wh-batch-only');
    await webhookFor(ctx.app, apiKey, receiver.url, ['batch.generated']);
    const start = receiver.received.length;
    assert.equal((await generate(ctx.app, validInvoice(), { apiKey })).statusCode, 200);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/batch', payload: { invoices: [{ ...validInvoice(), items: [] }] }, headers: bearer(apiKey) });
    assert.equal(res.statusCode, 200);
    await ctx.app.webhookWorker.runDue();
    const deliveries = receiver.received.slice(start);
    assert.deepEqual(deliveries.map((d) => d.headers['x-service-event']), ['batch.generated']);
    assert.deepEqual({ count: parsed(deliveries[0]!).data.count, generated: parsed(deliveries[0]!).data.generated }, { count: 1, generated: 0 });
  });

  it('events go only to the generating account\'s webhooks', async () => {
    const { ctx, receiver } = suite;
    const a = await signUpWithKey(ctx, 'wh-own-a');
    const b = await signUpWithKey(ctx, 'wh-own-b');
    await webhookFor(ctx.app, a.apiKey, receiver.url);
    const start = receiver.received.length;
    assert.equal((await generate(ctx.app, validInvoice(), { apiKey: b.apiKey })).statusCode, 200);
    await ctx.app.webhookWorker.runDue();
    assert.equal(receiver.received.length, start);
  });
});
