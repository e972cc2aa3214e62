import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError, InvoiceClient, verifyWebhookSignature } from '../../clients/typescript/src/index.ts';
import { useWebhookReceiver } from '../helpers/use-webhook-receiver.ts';
import { ALLOW_LOCALHOST } from '../helpers/webhook-helpers.ts';
import { useClientApp } from './start-client-app.ts';

/** The ApiError a promise rejects with (and fails the test when it resolves or throws another). */
async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(() => assert.fail('resolved'), (reason: unknown) => reason);
  assert.ok(error instanceof ApiError, String(error));
  return error;
}

describe('InvoiceClient: the webhook operations, against the running service and an https receiver', () => {
  const app = useClientApp({ env: ALLOW_LOCALHOST });
  const hooks = useWebhookReceiver();
  /** Every request the client sent, as `METHOD /path?query`, to show each method hits its route. */
  const sent: string[] = [];
  const client = () => new InvoiceClient({
    baseUrl: app.baseUrl,
    apiKey: app.apiKey,
    fetch: (input, init) => {
      const url = new URL(String(input));
      sent.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
      return fetch(input, init);
    },
  });
  const lastSent = () => sent.at(-1);

  it('testWebhook sends a webhook.test event now and answers its attempt; listWebhookDeliveries shows it', async () => {
    const { webhook } = await client().createWebhook({ url: hooks.receiver.url });
    const before = hooks.receiver.received.length;
    const tested = await client().testWebhook(webhook.id);
    assert.equal(lastSent(), `POST /api/webhooks/${webhook.id}/test`);
    assert.equal(hooks.receiver.received.length, before + 1, 'the receiver got it before the answer');
    assert.equal(tested.delivery.event_type, 'webhook.test');
    assert.equal(tested.delivery.status, 'delivered');
    assert.equal(tested.delivery.attempt_count, 1);
    const [attempt] = tested.delivery.attempts;
    assert.deepEqual([attempt?.status, attempt?.failure, attempt?.response_body], [200, null, 'ok']);
    assert.ok(typeof attempt?.duration_ms === 'number' && attempt.duration_ms >= 0);

    const page = await client().listWebhookDeliveries(webhook.id, { status: 'delivered' });
    assert.equal(lastSent(), `GET /api/webhooks/${webhook.id}/deliveries?status=delivered`);
    assert.deepEqual(page.deliveries.map((delivery) => delivery.id), [tested.delivery.id]);
    assert.equal(page.next_cursor, null);
    assert.deepEqual((await client().listWebhookDeliveries(webhook.id, { status: 'failed' })).deliveries, []);
  });

  it('listWebhookDeliveries pages by cursor and iterateWebhookDeliveries walks every page, newest first', async () => {
    const { webhook } = await client().createWebhook({ url: hooks.receiver.url });
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.unshift((await client().testWebhook(webhook.id)).delivery.id);
    const first = await client().listWebhookDeliveries(webhook.id, { limit: 2 });
    assert.equal(lastSent(), `GET /api/webhooks/${webhook.id}/deliveries?limit=2`);
    assert.deepEqual(first.deliveries.map((delivery) => delivery.id), ids.slice(0, 2));
    const second = await client().listWebhookDeliveries(webhook.id, { limit: 2, cursor: first.next_cursor ?? assert.fail('no next_cursor') });
    assert.deepEqual(second.deliveries.map((delivery) => delivery.id), ids.slice(2));
    assert.equal(second.next_cursor, null);

    const before = sent.length;
    const walked: string[] = [];
    for await (const delivery of client().iterateWebhookDeliveries(webhook.id, { limit: 1 })) walked.push(delivery.id);
    assert.deepEqual(walked, ids);
    assert.equal(sent.length - before, 3, 'one request per page');
    const early = sent.length;
    for await (const delivery of client().iterateWebhookDeliveries(webhook.id, { limit: 1 })) if (delivery.id === ids[0]) break;
    assert.equal(sent.length - early, 1, 'a break stops the requests');
  });

  it('redeliverWebhookDelivery queues the same event again (202)', async () => {
    const { webhook } = await client().createWebhook({ url: hooks.receiver.url });
    const original = (await client().testWebhook(webhook.id)).delivery;
    const again = await client().redeliverWebhookDelivery(webhook.id, original.id);
    assert.equal(lastSent(), `POST /api/webhooks/${webhook.id}/deliveries/${original.id}/redeliver`);
    assert.equal(again.delivery.status, 'pending');
    assert.equal(again.delivery.redelivery_of, original.id);
    assert.equal(again.delivery.event_id, original.event_id);
    assert.notEqual(again.delivery.id, original.id);
    assert.deepEqual(again.delivery.attempts, []);
  });

  it('rotateWebhookSecret shows the new secret once; for 24 h both signatures are sent', async () => {
    const created = await client().createWebhook({ url: hooks.receiver.url });
    const oldSecret = created.webhook.secret ?? assert.fail('no secret');
    const rotated = await client().rotateWebhookSecret(created.webhook.id);
    assert.equal(lastSent(), `POST /api/webhooks/${created.webhook.id}/rotate-secret`);
    const newSecret = rotated.webhook.secret ?? assert.fail('no new secret');
    assert.match(newSecret, /^whsec_/);
    assert.notEqual(newSecret, oldSecret);
    assert.equal(rotated.webhook.secret_hint, newSecret.slice(-4));
    const expiresAt = rotated.webhook.previous_secret_expires_at ?? assert.fail('no overlap');
    assert.ok(Math.abs(expiresAt - (Date.now() / 1000 + 86_400)) < 60, String(expiresAt));
    assert.equal('secret' in (await client().getWebhook(created.webhook.id)).webhook, false, 'never shown again');

    await client().testWebhook(created.webhook.id);
    const delivery = hooks.receiver.received.at(-1) ?? assert.fail('nothing received');
    assert.match(String(delivery.headers['x-service-signature']), /^sha256=[0-9a-f]{64},sha256=[0-9a-f]{64}$/);
    assert.equal(await verifyWebhookSignature(newSecret, delivery.raw, delivery.headers), true);
    assert.equal(await verifyWebhookSignature(oldSecret, delivery.raw, delivery.headers), true);
  });

  it('enableWebhook re-activates a deactivated webhook, which redelivery refused with 409 webhook_inactive', async () => {
    const { webhook } = await client().createWebhook({ url: hooks.receiver.url });
    const original = (await client().testWebhook(webhook.id)).delivery;
    // 10 failed events deactivate a webhook (the storage tests' case); here the row says so directly.
    const side = await app.ctx.sideDatabase();
    await side.db.updateTable('webhooks').set({ is_active: 0 }).where('id', '=', webhook.id).execute();
    const refused = await apiErrorOf(client().redeliverWebhookDelivery(webhook.id, original.id));
    assert.deepEqual([refused.status, refused.code, refused.attempts], [409, 'webhook_inactive', 1]);
    assert.match(refused.message, /enable/);

    const enabled = await client().enableWebhook(webhook.id);
    assert.equal(lastSent(), `POST /api/webhooks/${webhook.id}/enable`);
    assert.equal(enabled.webhook.is_active, true);
    assert.equal((await client().enableWebhook(webhook.id)).webhook.is_active, true, 'an active one is unchanged');
    assert.equal((await client().redeliverWebhookDelivery(webhook.id, original.id)).delivery.status, 'pending');
  });

  it('404 not_found for a webhook or delivery this account does not hold, as an ApiError', async () => {
    const { webhook } = await client().createWebhook({ url: hooks.receiver.url });
    const calls: [string, Promise<unknown>][] = [
      ['listWebhookDeliveries', client().listWebhookDeliveries('wh_unknown')],
      ['redeliverWebhookDelivery (webhook)', client().redeliverWebhookDelivery('wh_unknown', 'a'.repeat(22))],
      ['redeliverWebhookDelivery (delivery)', client().redeliverWebhookDelivery(webhook.id, 'a'.repeat(22))],
      ['testWebhook', client().testWebhook('wh_unknown')],
      ['rotateWebhookSecret', client().rotateWebhookSecret('wh_unknown')],
      ['enableWebhook', client().enableWebhook('wh_unknown')],
    ];
    for (const [name, call] of calls) {
      const error = await apiErrorOf(call);
      assert.deepEqual([error.status, error.code], [404, 'not_found'], name);
    }
    const badCursor = await apiErrorOf(client().listWebhookDeliveries(webhook.id, { cursor: 'not-a-cursor' }));
    assert.deepEqual([badCursor.status, badCursor.code], [400, 'validation_error']);
  });
});
