import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createDatabase } from '../../../src/storage/create-database.ts';
import { validInvoice } from '../../helpers/build-test-app.ts';
import { tempDirsRemovedAfter } from '../../helpers/temp-dirs.ts';
import { createTestPostgres, type TestPostgres } from '../../helpers/test-databases.ts';
import { useWebhookReceiver } from '../../helpers/use-webhook-receiver.ts';
import { waitUntilOutboxSettled } from '../../helpers/wait-until-outbox-settled.ts';
import { bearer, signUpWithKey, startAccountsApp } from '../../helpers/accounts-helpers.ts';
import { generate, manualClock } from '../../helpers/limits-helpers.ts';
import { ALLOW_LOCALHOST, getWebhook, parsed, webhookFor } from '../../helpers/webhook-helpers.ts';

const MINUTE = 60_000;

describe('webhook deliveries survive restarts (SQLite, the embedded default)', () => {
  const suite = useWebhookReceiver();
  const dataDir = tempDirsRemovedAfter('invoice-webhook-restart-')();
  const clock = manualClock('2026-05-04T10:00:00Z');
  const start = (env: Record<string, string> = ALLOW_LOCALHOST) => startAccountsApp({ dataDir, env, clock: clock.now, webhookPollIntervalMs: 3_600_000 });

  it('a delivery pending when the service stops is sent after it starts again; one claimed by a dead instance after its claim runs out', async () => {
    const { receiver } = suite;
    const first = await start();
    const { apiKey } = await signUpWithKey(first, 'wh-restart');
    const webhook = await webhookFor(first.app, apiKey, receiver.url);
    const begin = receiver.received.length;
    receiver.answers.push(503);
    assert.equal((await generate(first.app, validInvoice(), { apiKey })).statusCode, 200);
    assert.equal((await generate(first.app, validInvoice(), { apiKey })).statusCode, 200);
    await first.app.webhookWorker.runDue();
    assert.equal(receiver.received.length - begin, 2, 'both attempted; the first got 503 and is pending');
    await first.close();

    // While stopped: the second event is made to look claimed by an instance that died mid-attempt.
    const offline = await createDatabase({ kind: 'sqlite', file: path.join(dataDir, 'invoice.db') });
    const second = parsed(receiver.received[begin + 1]!).id as string;
    await offline.db.updateTable('webhook_deliveries')
      .set({ state: 'pending', next_attempt_at: clock.now(), claim: 'dead-instance', claimed_until: clock.now() + 2 * MINUTE })
      .where('event_id', '=', second)
      .execute();
    await offline.close();

    clock.advance(MINUTE);
    const restarted = await start();
    try {
      await restarted.app.webhookWorker.runDue();
      const afterRestart = receiver.received.slice(begin + 2);
      assert.equal(afterRestart.length, 1, 'the pending retry went out after the restart');
      assert.equal(parsed(afterRestart[0]!).id, parsed(receiver.received[begin]!).id);
      assert.equal((await getWebhook(restarted.app, apiKey, webhook.id as string)).last_status, 200);

      clock.advance(MINUTE);
      await restarted.app.webhookWorker.runDue();
      assert.equal(receiver.received.length - begin, 4, 'the dead instance\'s claim ran out and the event was sent again (at-least-once)');
      assert.equal(parsed(receiver.received.at(-1)!).id, second);
    } finally {
      await restarted.close();
    }
  });

  it('the address check runs again at delivery: a webhook whose host is no longer allowed gets status 0 and no connection', async () => {
    const { receiver } = suite;
    const first = await start();
    const { apiKey } = await signUpWithKey(first, 'wh-recheck');
    const webhook = await webhookFor(first.app, apiKey, receiver.url);
    await first.close();
    // The same data, without the allow-list: localhost is loopback and is refused at delivery.
    const strict = await start({});
    try {
      const connections = receiver.server.connections();
      assert.equal((await generate(strict.app, validInvoice(), { apiKey })).statusCode, 200);
      await strict.app.webhookWorker.runDue();
      assert.equal(receiver.server.connections(), connections, 'never connected');
      const seen = await getWebhook(strict.app, apiKey, webhook.id as string);
      assert.equal(seen.last_status, 0);
      assert.ok(strict.t.logs.some((line) => line.failure === 'non_public_address'), 'logged as a refused address');
    } finally {
      await strict.close();
    }
  });

  it('deleting a webhook drops its pending deliveries', async () => {
    const { receiver } = suite;
    const app = await start();
    try {
      const { apiKey } = await signUpWithKey(app, 'wh-delete');
      const webhook = await webhookFor(app.app, apiKey, receiver.url);
      const begin = receiver.received.length;
      receiver.answers.push(500);
      assert.equal((await generate(app.app, validInvoice(), { apiKey })).statusCode, 200);
      await app.app.webhookWorker.runDue();
      const deleted = await app.app.inject({ method: 'DELETE', url: `/api/webhooks/${webhook.id}`, headers: bearer(apiKey) });
      assert.deepEqual(deleted.json(), { success: true, id: webhook.id });
      const eventId = parsed(receiver.received[begin]!).id as string;
      clock.advance(MINUTE);
      await app.app.webhookWorker.runDue();
      // (Other tests' retries may come due here too; this event must not.)
      assert.equal(receiver.received.filter((d) => parsed(d).id === eventId).length, 1, 'not retried after the delete');
    } finally {
      await app.close();
    }
  });
});

describe('several instances on one PostgreSQL database', () => {
  const suite = useWebhookReceiver();
  let pg: TestPostgres;
  const env = { ...ALLOW_LOCALHOST, LINK_SIGNING_SECRET: randomBytes(32).toString('hex'), DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex') };
  before(async () => {
    pg = await createTestPostgres();
  });
  after(async () => {
    await pg.drop();
  });

  it('three instances with their workers running: every event is delivered exactly once', async () => {
    const { receiver } = suite;
    const instances = await Promise.all([0, 1, 2].map(() => startAccountsApp({ postgresSchema: pg, env, webhookPollIntervalMs: 20 })));
    const outbox = await createDatabase({ kind: 'postgres', url: pg.url, schema: pg.schema });
    try {
      const { apiKey } = await signUpWithKey(instances[0]!, 'wh-pg');
      const webhook = await webhookFor(instances[1]!.app, apiKey, receiver.url, ['invoice.generated', 'batch.generated']);
      const begin = receiver.received.length;
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => generate(instances[i % 3]!.app, validInvoice(), { apiKey })));
      assert.ok(answers.every((res) => res.statusCode === 200));
      const batch = await instances[2]!.app.inject({ method: 'POST', url: '/api/batch', payload: { invoices: [validInvoice(), validInvoice()] }, headers: bearer(apiKey) });
      assert.equal(batch.statusCode, 200);
      await receiver.waitFor(begin + 31, 20_000);
      // Every instance keeps polling meanwhile. Once the outbox holds nothing pending, no poll of
      // any instance can claim one of these events again, and runDue waits out any attempt an
      // instance still has in flight: what has arrived then is all that ever will.
      await waitUntilOutboxSettled(outbox.db, 20_000);
      await Promise.all(instances.map((instance) => instance.app.webhookWorker.runDue()));
      const ids = receiver.received.slice(begin).map((d) => parsed(d).id as string);
      assert.equal(ids.length, 31);
      assert.equal(new Set(ids).size, 31, 'no event twice');
      const numbers = receiver.received.slice(begin).filter((d) => parsed(d).type === 'invoice.generated').map((d) => parsed(d).data.invoice.number as string);
      assert.equal(new Set(numbers).size, 30);
      assert.equal((await getWebhook(instances[0]!.app, apiKey, webhook.id as string)).last_status, 200);
    } finally {
      await outbox.close();
      for (const instance of instances) await instance.close();
    }
  });
});
