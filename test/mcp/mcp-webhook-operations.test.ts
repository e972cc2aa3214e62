import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { signUpWithKey } from '../helpers/accounts-helpers.ts';
import { validInvoice } from '../helpers/build-test-app.ts';
import { manualClock } from '../helpers/limits-helpers.ts';
import { useWebhookApp } from '../helpers/use-webhook-app.ts';
import { parsed } from '../helpers/webhook-helpers.ts';
import { callTool, connectMcp, textOf, type Json } from './mcp-helpers.ts';

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`MCP webhook operations on ${dialect}, against a real https receiver`, () => {
    const clock = manualClock('2026-06-01T08:00:00Z');
    const suite = useWebhookApp({ clock: clock.now, webhookTimeoutMs: 400, postgres: dialect === 'postgres' });
    let baseUrl: string;
    before(async () => { baseUrl = await suite.ctx.app.listen({ port: 0, host: '127.0.0.1' }); });

    it('an MCP generation\'s event is delivered and logged; the log, redelivery, test event, rotation and enable work as tools', async () => {
      const { ctx, receiver } = suite;
      const { apiKey } = await signUpWithKey(ctx, `mcp-ops-${dialect}`);
      const client = await connectMcp(baseUrl, apiKey);
      try {
        const created = await callTool(client, 'create_webhook', { url: receiver.url });
        assert.equal(created.isError, undefined, textOf(created));
        const webhook = (created.structuredContent as Json).webhook as Json;
        const start = receiver.received.length;

        // D28: a tool's generation writes its invoice.generated event as the route's does.
        const computed = await callTool(client, 'compute_invoice', { ...validInvoice(), features: { hosted_link: false } });
        assert.equal(computed.isError, undefined, textOf(computed));
        await ctx.app.webhookWorker.runDue();
        await receiver.waitFor(start + 1);
        const event = parsed(receiver.received[start]!);
        assert.equal(event.type, 'invoice.generated');
        assert.equal(event.data.invoice.number, (computed.structuredContent as Json).invoice.number);

        const log = await callTool(client, 'list_webhook_deliveries', { id: webhook.id });
        assert.equal(log.isError, undefined, textOf(log));
        const [original] = (log.structuredContent as Json).deliveries as Json[];
        assert.equal(original!.event_type, 'invoice.generated');
        assert.equal(original!.status, 'delivered');
        assert.equal((log.structuredContent as Json).next_cursor, null);

        const again = await callTool(client, 'redeliver_webhook_delivery', { id: webhook.id, delivery_id: original!.id });
        assert.equal(again.isError, undefined, textOf(again));
        assert.equal((again.structuredContent as Json).delivery.redelivery_of, original!.id);
        await ctx.app.webhookWorker.runDue();
        await receiver.waitFor(start + 2);
        assert.equal(receiver.received[start + 1]!.headers['x-service-delivery'], event.id, 'the same event id');

        const test = await callTool(client, 'send_test_webhook', { id: webhook.id });
        assert.equal(test.isError, undefined, textOf(test));
        assert.equal((test.structuredContent as Json).delivery.event_type, 'webhook.test');
        assert.equal((test.structuredContent as Json).delivery.status, 'delivered');
        assert.equal(receiver.received[start + 2]!.headers['x-service-event'], 'webhook.test');

        const page = await callTool(client, 'list_webhook_deliveries', { id: webhook.id, limit: 1 });
        assert.equal(((page.structuredContent as Json).deliveries as Json[]).length, 1);
        assert.equal(typeof (page.structuredContent as Json).next_cursor, 'string', 'three deliveries, a page of one');
        const filtered = await callTool(client, 'list_webhook_deliveries', { id: webhook.id, status: 'pending' });
        assert.deepEqual((filtered.structuredContent as Json).deliveries, []);
        const tooMany = await callTool(client, 'list_webhook_deliveries', { id: webhook.id, limit: 1000 });
        assert.equal(textOf(tooMany), 'validation_error: limit must be at most 100; got 1000.');

        const rotated = await callTool(client, 'rotate_webhook_secret', { id: webhook.id });
        assert.equal(rotated.isError, undefined, textOf(rotated));
        assert.match((rotated.structuredContent as Json).webhook.secret, /^whsec_/);
        assert.notEqual((rotated.structuredContent as Json).webhook.secret, webhook.secret);
        assert.match(textOf(rotated), /^Secret rotated\. The new secret is shown here only/);
        const enabled = await callTool(client, 'enable_webhook', { id: webhook.id });
        assert.equal((enabled.structuredContent as Json).webhook.is_active, true);

        const other = await signUpWithKey(ctx, `mcp-ops-other-${dialect}`);
        const otherClient = await connectMcp(baseUrl, other.apiKey);
        try {
          for (const [name, args] of [
            ['list_webhook_deliveries', { id: webhook.id }], ['redeliver_webhook_delivery', { id: webhook.id, delivery_id: original!.id }],
            ['send_test_webhook', { id: webhook.id }], ['rotate_webhook_secret', { id: webhook.id }], ['enable_webhook', { id: webhook.id }],
          ] as const) {
            const refused = await callTool(otherClient, name, args);
            assert.equal((refused.structuredContent as Json | undefined)?.error?.code, 'not_found', `${name}: ${textOf(refused)}`);
          }
        } finally {
          await otherClient.close();
        }
        assert.equal(receiver.received.length, start + 3, 'another account\'s calls sent nothing');
      } finally {
        await client.close();
      }
    });
  });
}
