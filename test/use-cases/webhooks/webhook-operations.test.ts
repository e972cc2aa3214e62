import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { describe, it } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { validInvoice } from '../../helpers/build-test-app.ts';
import { signUpWithKey } from '../../helpers/accounts-helpers.ts';
import { generate, manualClock } from '../../helpers/limits-helpers.ts';
import { startWebhookReceiver, type ReceivedDelivery } from '../../helpers/start-webhook-receiver.ts';
import { useWebhookApp } from '../../helpers/use-webhook-app.ts';
import { getWebhook, parsed, webhookFor, type Json } from '../../helpers/webhook-helpers.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** One webhook operation by API key; the JSON answer and the raw response. */
async function call(app: FastifyInstance, apiKey: string, method: 'GET' | 'POST', url: string): Promise<{ res: LightMyRequestResponse; json: Json }> {
  const res = await app.inject({ method, url, headers: { authorization: `Bearer ${apiKey}` } });
  return { res, json: res.json() as Json };
}

const deliveriesOf = async (app: FastifyInstance, apiKey: string, id: string, query = ''): Promise<Json> => {
  const { res, json } = await call(app, apiKey, 'GET', `/api/webhooks/${id}/deliveries${query}`);
  assert.equal(res.statusCode, 200, res.body);
  return json;
};

/** The values of X-Service-Signature, in order. */
const signatures = (delivery: ReceivedDelivery): string[] => String(delivery.headers['x-service-signature']).split(',');

/** A receiver's own check, written apart from the service's signing code: HMAC of the raw bytes. */
function signedWith(secret: string, delivery: ReceivedDelivery, value: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(delivery.raw).digest('hex')}`);
  const got = Buffer.from(value);
  return got.length === expected.length && timingSafeEqual(got, expected);
}

/** A 500 whose body is 3,000 bytes of markup: the log keeps its first 1 KB, as text. */
const MARKUP = `<img src=x onerror=alert(1)>${'é'.repeat(1500)}`;

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`webhook operations on ${dialect}, against a real https receiver`, () => {
    const clock = manualClock('2026-06-01T08:00:00Z');
    const suite = useWebhookApp({ clock: clock.now, webhookTimeoutMs: 400, postgres: dialect === 'postgres' });
    const runDue = () => suite.ctx.app.webhookWorker.runDue();
    const later = async (ms: number) => {
      clock.advance(ms);
      await runDue();
    };

    it('the delivery log shows every attempt: time, status (0 for none), duration, the first 1 KB of the answer as text, the next attempt', async () => {
      const { ctx, receiver } = suite;
      const { apiKey } = await signUpWithKey(ctx, `log-${dialect}`);
      const webhook = await webhookFor(ctx.app, apiKey, receiver.url);
      receiver.answers.push((response) => response.writeHead(500, { 'content-type': 'text/html' }).end(`${MARKUP}\u0000`), 'hang', 200);
      const generatedAt = clock.now();
      assert.equal((await generate(ctx.app, validInvoice(), { apiKey })).statusCode, 200);
      await runDue();

      let log = await deliveriesOf(ctx.app, apiKey, webhook.id);
      assert.equal(log.deliveries.length, 1);
      let [delivery] = log.deliveries as Json[];
      assert.equal(delivery!.status, 'pending');
      assert.equal(delivery!.event_type, 'invoice.generated');
      assert.match(delivery!.event_id, /^evt_[0-9A-Za-z]{22}$/);
      assert.equal(delivery!.attempt_count, 1);
      assert.equal(delivery!.next_attempt_at, Math.floor((clock.now() + MINUTE) / 1000), 'D28: the next attempt a minute later');
      const first = delivery!.attempts[0] as Json;
      assert.equal(first.status, 500);
      assert.equal(first.failure, null);
      assert.equal(first.attempted_at, Math.floor(generatedAt / 1000));
      assert.ok(Number.isInteger(first.duration_ms) && first.duration_ms >= 0);
      // 28 ASCII bytes, then 2-byte characters: exactly 1,024 bytes end on a character boundary.
      assert.equal(Buffer.byteLength(first.response_body as string), 1024, 'the first 1 KB of 3,000 bytes');
      assert.ok((first.response_body as string).startsWith('<img src=x onerror=alert(1)>é'), 'the answer as sent, as text');

      await later(MINUTE);
      await later(5 * MINUTE);
      log = await deliveriesOf(ctx.app, apiKey, webhook.id);
      [delivery] = log.deliveries as Json[];
      assert.equal(delivery!.status, 'delivered');
      assert.equal(delivery!.next_attempt_at, null);
      assert.deepEqual((delivery!.attempts as Json[]).map((a) => [a.status, a.failure]), [[500, null], [0, 'timeout'], [200, null]]);
      assert.equal((delivery!.attempts as Json[])[1]!.response_body, null, 'no answer, no body');
      assert.equal((delivery!.attempts as Json[])[2]!.response_body, 'ok');
      assert.ok((delivery!.attempts as Json[])[1]!.duration_ms >= 300, 'the time-out took the attempt\'s deadline');
      assert.equal(delivery!.finished_at, Math.floor(clock.now() / 1000));
    });

    it('a NUL byte in the answer is kept as U+FFFD (PostgreSQL text cannot hold NUL)', async () => {
      const { ctx, receiver } = suite;
      const { apiKey } = await signUpWithKey(ctx, `nul-${dialect}`);
      const webhook = await webhookFor(ctx.app, apiKey, receiver.url);
      receiver.answers.push((response) => response.writeHead(200).end('a\u0000b'));
      assert.equal((await generate(ctx.app, validInvoice(), { apiKey })).statusCode, 200);
      await runDue();
      const [delivery] = (await deliveriesOf(ctx.app, apiKey, webhook.id)).deliveries as Json[];
      assert.equal((delivery!.attempts as Json[])[0]!.response_body, 'a\uFFFDb');
    });

    it('pages newest first by cursor, filters by status, and refuses a cursor or status it did not give', async () => {
      const { ctx, receiver } = suite;
      const { apiKey } = await signUpWithKey(ctx, `page-${dialect}`);
      const webhook = await webhookFor(ctx.app, apiKey, receiver.url);
      receiver.answers.push(200, 410, 200, 410, 200);
      for (let i = 0; i < 5; i += 1) {
        assert.equal((await generate(ctx.app, validInvoice(), { apiKey })).statusCode, 200);
        await runDue();
        clock.advance(1_000);
      }
      const all = (await deliveriesOf(ctx.app, apiKey, webhook.id)).deliveries as Json[];
      assert.equal(all.length, 5);
      const created = all.map((d) => d.created_at as number);
      assert.deepEqual(created, [...created].sort((a, b) => b - a), 'newest first');

      const seen: string[] = [];
      let cursor: string | null = null;
      const sizes: number[] = [];
      do {
        const page: Json = await deliveriesOf(ctx.app, apiKey, webhook.id, `?limit=2${cursor === null ? '' : `&cursor=${cursor}`}`);
        sizes.push(page.deliveries.length);
        seen.push(...(page.deliveries as Json[]).map((d) => d.id as string));
        cursor = page.next_cursor as string | null;
      } while (cursor !== null);
      assert.deepEqual(sizes, [2, 2, 1]);
      assert.deepEqual(seen, all.map((d) => d.id), 'the pages together are the log, in order, once each');

      const pending = await deliveriesOf(ctx.app, apiKey, webhook.id, '?status=pending');
      assert.equal(pending.deliveries.length, 2, 'the two 410s wait for their retry');
      for (const d of pending.deliveries as Json[]) assert.equal(d.status, 'pending');
      const delivered = await deliveriesOf(ctx.app, apiKey, webhook.id, '?status=delivered&limit=100');
      assert.equal(delivered.deliveries.length, 3);
      assert.equal(delivered.next_cursor, null);

      for (const [query, field] of [['?cursor=bm90LWEtY3Vyc29y', 'cursor'], ['?status=lost', 'status'], ['?limit=0', 'limit'], ['?limit=101', 'limit'], ['?colour=red', 'colour']] as const) {
        const { res, json } = await call(ctx.app, apiKey, 'GET', `/api/webhooks/${webhook.id}/deliveries${query}`);
        assert.equal(res.statusCode, 400, `${query}: ${res.body}`);
        assert.equal(json.error.code, 'validation_error');
        assert.match(json.error.message, new RegExp(field), `${query}: the message names ${field}`);
      }
    });

    it('redelivers an event: the same body and event id, a fresh timestamp, a valid signature; logged as a new delivery', async () => {
      const { ctx, receiver } = suite;
      const { apiKey } = await signUpWithKey(ctx, `redeliver-${dialect}`);
      const webhook = await webhookFor(ctx.app, apiKey, receiver.url);
      const start = receiver.received.length;
      assert.equal((await generate(ctx.app, validInvoice(), { apiKey })).statusCode, 200);
      await runDue();
      const [original] = (await deliveriesOf(ctx.app, apiKey, webhook.id)).deliveries as Json[];
      assert.equal(original!.status, 'delivered');

      clock.advance(2 * HOUR);
      const { res, json } = await call(ctx.app, apiKey, 'POST', `/api/webhooks/${webhook.id}/deliveries/${original!.id}/redeliver`);
      assert.equal(res.statusCode, 202, res.body);
      assert.equal(json.delivery.status, 'pending');
      assert.equal(json.delivery.redelivery_of, original!.id);
      assert.equal(json.delivery.event_id, original!.event_id);
      assert.notEqual(json.delivery.id, original!.id);
      await runDue();

      // Other tests' retries come due on the shared receiver too: pick this event's deliveries.
      const [first, again] = receiver.received.slice(start).filter((d) => d.headers['x-service-delivery'] === original!.event_id);
      assert.ok(first !== undefined && again !== undefined, 'the event and its redelivery arrived');
      assert.ok(again.raw.equals(first.raw), 'the same body, byte for byte');
      assert.equal(again.headers['x-service-delivery'], original!.event_id, 'the same event id: receivers deduplicate on it');
      assert.equal(parsed(again).id, original!.event_id);
      assert.equal(Number(again.headers['x-service-timestamp']), Math.floor(clock.now() / 1000), 'a fresh timestamp');
      assert.notEqual(again.headers['x-service-timestamp'], first.headers['x-service-timestamp']);
      assert.ok(signedWith(webhook.secret, again, String(again.headers['x-service-signature'])), 'signed with the secret');

      const log = (await deliveriesOf(ctx.app, apiKey, webhook.id)).deliveries as Json[];
      assert.deepEqual(log.map((d) => [d.id, d.status, d.redelivery_of]), [[json.delivery.id, 'delivered', original!.id], [original!.id, 'delivered', null]]);
    });

    it('a test event goes out now, signed, and its outcome is the answer; it is logged, and limited to 10 a minute', async () => {
      const { ctx, receiver } = suite;
      const { apiKey } = await signUpWithKey(ctx, `test-${dialect}`);
      const webhook = await webhookFor(ctx.app, apiKey, receiver.url);
      const start = receiver.received.length;
      receiver.answers.push((response) => response.writeHead(202, { 'content-type': 'application/json' }).end('{"got":"it"}'));
      const { res, json } = await call(ctx.app, apiKey, 'POST', `/api/webhooks/${webhook.id}/test`);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(json.delivery.event_type, 'webhook.test');
      assert.equal(json.delivery.status, 'delivered');
      assert.deepEqual((json.delivery.attempts as Json[]).map((a) => [a.status, a.response_body]), [[202, '{"got":"it"}']]);
      const sent = receiver.received[start];
      assert.ok(sent !== undefined, 'the receiver had it before the answer');
      assert.equal(sent.headers['x-service-event'], 'webhook.test');
      assert.equal(sent.headers['x-service-delivery'], json.delivery.event_id);
      assert.ok(signedWith(webhook.secret, sent, String(sent.headers['x-service-signature'])));
      assert.deepEqual(parsed(sent).data, { webhook: { id: webhook.id, url: receiver.url }, message: parsed(sent).data.message });
      assert.equal(parsed(sent).type, 'webhook.test');

      receiver.answers.push(503);
      const failed = await call(ctx.app, apiKey, 'POST', `/api/webhooks/${webhook.id}/test`);
      assert.equal(failed.res.statusCode, 200, 'the test ran; its attempt failed');
      assert.equal(failed.json.delivery.status, 'failed');
      assert.equal(failed.json.delivery.attempts[0].status, 503);
      await later(HOUR);
      assert.equal(receiver.received.length - start, 2, 'a test is never retried');
      const seen = await getWebhook(ctx.app, apiKey, webhook.id);
      assert.equal(seen.is_active, true);
      assert.equal(seen.last_status, 503, 'D28: every attempt sets last_status');

      const log = (await deliveriesOf(ctx.app, apiKey, webhook.id)).deliveries as Json[];
      assert.deepEqual(log.map((d) => d.event_type), ['webhook.test', 'webhook.test']);

      for (let i = 0; i < 10; i += 1) assert.equal((await call(ctx.app, apiKey, 'POST', `/api/webhooks/${webhook.id}/test`)).res.statusCode, 200);
      const refused = await call(ctx.app, apiKey, 'POST', `/api/webhooks/${webhook.id}/test`);
      assert.equal(refused.res.statusCode, 429, refused.res.body);
      assert.equal(refused.json.error.code, 'rate_limit_exceeded');
      assert.ok(Number(refused.res.headers['retry-after']) >= 1, 'Retry-After says when');
    });

    it('rotation: a new secret once; for 24 h both signatures, new first, each verifying; then only the new one', async () => {
      const { ctx, receiver } = suite;
      const { apiKey } = await signUpWithKey(ctx, `rotate-${dialect}`);
      const webhook = await webhookFor(ctx.app, apiKey, receiver.url);
      const { res, json } = await call(ctx.app, apiKey, 'POST', `/api/webhooks/${webhook.id}/rotate-secret`);
      assert.equal(res.statusCode, 200, res.body);
      const rotated = json.webhook as Json;
      assert.match(rotated.secret, /^whsec_[A-Za-z0-9_-]{43}$/);
      assert.notEqual(rotated.secret, webhook.secret);
      assert.equal(rotated.id, webhook.id, 'the same webhook: its id and history stay');
      assert.equal(rotated.secret_hint, (rotated.secret as string).slice(-4));
      assert.equal(rotated.previous_secret_expires_at, Math.floor((clock.now() + 24 * HOUR) / 1000));
      const listed = await getWebhook(ctx.app, apiKey, webhook.id);
      assert.equal('secret' in listed, false, 'shown once');
      assert.equal(listed.previous_secret_expires_at, rotated.previous_secret_expires_at);

      const start = receiver.received.length;
      assert.equal((await generate(ctx.app, validInvoice(), { apiKey })).statusCode, 200);
      await runDue();
      const during = receiver.received[start]!;
      const [newer, older] = signatures(during);
      assert.equal(signatures(during).length, 2);
      assert.ok(signedWith(rotated.secret, during, newer!), 'the first value is the new secret\'s');
      assert.ok(signedWith(webhook.secret, during, older!), 'the second is the old secret\'s');

      clock.advance(24 * HOUR - 1_000);
      const test = await call(ctx.app, apiKey, 'POST', `/api/webhooks/${webhook.id}/test`);
      assert.equal(test.res.statusCode, 200);
      assert.equal(signatures(receiver.received[start + 1]!).length, 2, 'still both a second before the 24 hours end');

      clock.advance(1_000);
      assert.equal((await generate(ctx.app, validInvoice(), { apiKey })).statusCode, 200);
      await runDue();
      const after24h = receiver.received[start + 2]!;
      assert.deepEqual(signatures(after24h).length, 1, 'after 24 h only the new one');
      assert.ok(signedWith(rotated.secret, after24h, signatures(after24h)[0]!));
      assert.equal((await getWebhook(ctx.app, apiKey, webhook.id)).previous_secret_expires_at, null);

      // Rotating twice within the 24 hours: the oldest secret stops at once.
      const second = (await call(ctx.app, apiKey, 'POST', `/api/webhooks/${webhook.id}/rotate-secret`)).json.webhook as Json;
      const third = (await call(ctx.app, apiKey, 'POST', `/api/webhooks/${webhook.id}/rotate-secret`)).json.webhook as Json;
      assert.equal((await generate(ctx.app, validInvoice(), { apiKey })).statusCode, 200);
      await runDue();
      const twice = receiver.received[start + 3]!;
      const values = signatures(twice);
      assert.equal(values.length, 2);
      assert.ok(signedWith(third.secret, twice, values[0]!));
      assert.ok(signedWith(second.secret, twice, values[1]!));
      assert.ok(!values.some((value) => signedWith(rotated.secret, twice, value)), 'the secret before those is gone');
    });

    it('enable: a webhook deactivated after 10 failed events is refused redelivery (409), gets nothing, and after enable gets the next events', async () => {
      const { ctx } = suite;
      const { apiKey } = await signUpWithKey(ctx, `enable-${dialect}`);
      const failing = await startWebhookReceiver();
      try {
        failing.fallback = 503;
        const webhook = await webhookFor(ctx.app, apiKey, failing.url);
        for (let i = 0; i < 10; i += 1) assert.equal((await generate(ctx.app, validInvoice(), { apiKey })).statusCode, 200);
        await runDue();
        for (const delay of [1, 5, 30, 120, 360, 720]) await later(delay * MINUTE);
        assert.equal((await getWebhook(ctx.app, apiKey, webhook.id)).is_active, false, 'D28: 10 events failed every attempt');
        const failed = await deliveriesOf(ctx.app, apiKey, webhook.id, '?status=failed&limit=100');
        assert.equal(failed.deliveries.length, 10);
        for (const d of failed.deliveries as Json[]) assert.equal(d.attempts.length, 7, 'every attempt logged');

        const refused = await call(ctx.app, apiKey, 'POST', `/api/webhooks/${webhook.id}/deliveries/${failed.deliveries[0].id}/redeliver`);
        assert.equal(refused.res.statusCode, 409, refused.res.body);
        assert.equal(refused.json.error.code, 'webhook_inactive');
        assert.match(refused.json.error.message, /enable/);
        const received = failing.received.length;
        assert.equal((await generate(ctx.app, validInvoice(), { apiKey })).statusCode, 200);
        await runDue();
        assert.equal(failing.received.length, received, 'inactive: nothing is sent');

        const enabled = await call(ctx.app, apiKey, 'POST', `/api/webhooks/${webhook.id}/enable`);
        assert.equal(enabled.res.statusCode, 200, enabled.res.body);
        assert.equal(enabled.json.webhook.is_active, true);
        assert.equal('secret' in enabled.json.webhook, false);
        const again = await call(ctx.app, apiKey, 'POST', `/api/webhooks/${webhook.id}/enable`);
        assert.deepEqual(again.json, enabled.json, 'enabling an active webhook changes nothing');

        failing.answers.push(200, 200);
        assert.equal((await generate(ctx.app, validInvoice(), { apiKey })).statusCode, 200);
        await runDue();
        assert.equal(failing.received.length, received + 1, 'enabled: the next event is sent');
        const redelivered = await call(ctx.app, apiKey, 'POST', `/api/webhooks/${webhook.id}/deliveries/${failed.deliveries[0].id}/redeliver`);
        assert.equal(redelivered.res.statusCode, 202);
        await runDue();
        assert.equal(failing.received.length, received + 2, 'and a failed event can be redelivered');
        assert.equal(failing.received.at(-1)!.headers['x-service-delivery'], failed.deliveries[0].event_id);
      } finally {
        await failing.close();
      }
    });

    it('another account\'s webhook and delivery ids are 404 for every operation, like ids that never existed', async () => {
      const { ctx, receiver } = suite;
      const owner = await signUpWithKey(ctx, `owner-${dialect}`);
      const other = await signUpWithKey(ctx, `other-${dialect}`);
      const webhook = await webhookFor(ctx.app, owner.apiKey, receiver.url);
      const own = await webhookFor(ctx.app, other.apiKey, receiver.url);
      assert.equal((await generate(ctx.app, validInvoice(), { apiKey: owner.apiKey })).statusCode, 200);
      await runDue();
      const [delivery] = (await deliveriesOf(ctx.app, owner.apiKey, webhook.id)).deliveries as Json[];
      const before = receiver.received.length;
      const attempts: Array<['GET' | 'POST', string]> = [
        ['GET', `/api/webhooks/${webhook.id}/deliveries`],
        ['POST', `/api/webhooks/${webhook.id}/deliveries/${delivery!.id}/redeliver`],
        // Another account's delivery under one's own webhook is as unknown.
        ['POST', `/api/webhooks/${own.id}/deliveries/${delivery!.id}/redeliver`],
        ['POST', `/api/webhooks/${webhook.id}/test`],
        ['POST', `/api/webhooks/${webhook.id}/rotate-secret`],
        ['POST', `/api/webhooks/${webhook.id}/enable`],
        ['GET', '/api/webhooks/wh_0000000000000000000000/deliveries'],
        ['POST', '/api/webhooks/not-an-id/enable'],
        ['POST', `/api/webhooks/${own.id}/deliveries/not-a-delivery/redeliver`],
      ];
      for (const [method, url] of attempts) {
        const { res, json } = await call(ctx.app, other.apiKey, method, url);
        assert.equal(res.statusCode, 404, `${method} ${url}: ${res.body}`);
        assert.equal(json.error.code, 'not_found');
      }
      await runDue();
      assert.equal(receiver.received.length, before, 'nothing was sent for the other account');
      const after = await getWebhook(ctx.app, owner.apiKey, webhook.id);
      assert.equal(after.previous_secret_expires_at, null, 'the owner\'s secret was not rotated');
      for (const url of [`/api/webhooks/${webhook.id}/deliveries`, `/api/webhooks/${webhook.id}/test`]) {
        const anonymous = await ctx.app.inject({ method: url.endsWith('test') ? 'POST' : 'GET', url });
        assert.equal(anonymous.statusCode, 401, `${url} without a key`);
      }
    });
  });
}
