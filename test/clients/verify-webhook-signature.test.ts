import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { InvoiceClient, verifyWebhookSignature } from '../../clients/typescript/src/index.ts';
import { signUpWithKey } from '../helpers/accounts-helpers.ts';
import type { ReceivedDelivery } from '../helpers/start-webhook-receiver.ts';
import { useWebhookApp } from '../helpers/use-webhook-app.ts';
import { jsonWithoutLink } from './client-invoice.ts';

describe('verifyWebhookSignature against a real delivery', () => {
  // Deliveries go out when the outbox is polled: every 50 ms here.
  const suite = useWebhookApp({ webhookPollIntervalMs: 50 });
  let secret = '';
  let delivery: ReceivedDelivery;

  // One real invoice.generated delivery, through the client, for every test below.
  before(async () => {
    const { apiKey } = await signUpWithKey(suite.ctx);
    const baseUrl = await suite.ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const client = new InvoiceClient({ baseUrl, apiKey });
    const created = await client.createWebhook({ url: suite.receiver.url });
    secret = created.webhook.secret ?? assert.fail('no secret');
    await client.generateInvoice(jsonWithoutLink());
    await suite.receiver.waitFor(1);
    delivery = suite.receiver.received[0]!;
  });

  it('accepts the delivery as received: raw bytes and Node\'s headers, a string body, an ArrayBuffer, fetch Headers', async () => {
    assert.equal(await verifyWebhookSignature(secret, delivery.raw, delivery.headers), true);
    assert.equal(await verifyWebhookSignature(secret, delivery.raw.toString('utf8'), delivery.headers), true);
    assert.equal(await verifyWebhookSignature(secret, new Uint8Array(delivery.raw).buffer, new Headers(delivery.headers as Record<string, string>)), true);
    assert.equal(await verifyWebhookSignature(secret, delivery.raw, { 'X-Service-Signature': delivery.headers['x-service-signature'] }), true, 'header names in any case');
  });

  it('refuses a tampered body, another secret, and a missing, altered, upper-case or repeated signature', async () => {
    const signature = String(delivery.headers['x-service-signature']);
    const tampered = Buffer.from(delivery.raw.toString('utf8').replace(/"grand_total":\d+/, '"grand_total":1'));
    assert.notDeepEqual(tampered, delivery.raw);
    assert.equal(await verifyWebhookSignature(secret, tampered, delivery.headers), false);
    assert.equal(await verifyWebhookSignature(secret, Buffer.concat([delivery.raw, Buffer.from(' ')]), delivery.headers), false);
    assert.equal(await verifyWebhookSignature(secret, JSON.stringify(JSON.parse(delivery.raw.toString('utf8')), null, 2), delivery.headers), false, 'a re-serialised body');
    assert.equal(await verifyWebhookSignature(`${secret}x`, delivery.raw, delivery.headers), false);
    const flipped = signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0');
    for (const headers of [{}, { 'x-service-signature': flipped }, { 'x-service-signature': signature.toUpperCase() }, { 'x-service-signature': signature.slice(7) },
      { 'x-service-signature': `${signature}00` }, { 'x-service-signature': [signature, signature] }]) {
      assert.equal(await verifyWebhookSignature(secret, delivery.raw, headers), false, JSON.stringify(headers));
    }
  });

  it('maxAgeS refuses a body whose created_at is older, against replays', async () => {
    const createdAt = (JSON.parse(delivery.raw.toString('utf8')) as { created_at: number }).created_at;
    const at = (seconds: number) => ({ maxAgeS: 86_400, nowMs: seconds * 1000 });
    assert.equal(await verifyWebhookSignature(secret, delivery.raw, delivery.headers, at(createdAt + 60)), true);
    assert.equal(await verifyWebhookSignature(secret, delivery.raw, delivery.headers, at(createdAt + 86_401)), false);
  });

  describe('two signatures during a secret rotation (`sha256=<new>,sha256=<old>`)', () => {
    const otherSecret = `whsec_${'A'.repeat(43)}`;
    const sign = (key: string) => `sha256=${createHmac('sha256', key).update(delivery.raw).digest('hex')}`;
    const verify = (header: string | string[], key = secret) => verifyWebhookSignature(key, delivery.raw, { 'x-service-signature': header });

    it('accepts when the secret held is the new one or the old one', async () => {
      assert.equal(await verify(`${sign(secret)},${sign(otherSecret)}`), true, 'the receiver holds the new secret');
      assert.equal(await verify(`${sign(otherSecret)},${sign(secret)}`), true, 'the receiver still holds the old secret');
      assert.equal(await verify(`${sign(secret)},${sign(otherSecret)}`, otherSecret), true, 'and the other way round');
      assert.equal(await verifyWebhookSignature(secret, delivery.raw, new Headers({ 'X-Service-Signature': `${sign(otherSecret)},${sign(secret)}` })), true, 'fetch Headers');
    });

    it('tolerates spaces after the commas', async () => {
      assert.equal(await verify(`${sign(otherSecret)}, ${sign(secret)}`), true);
      assert.equal(await verify(`${sign(otherSecret)},   ${sign(secret)}`), true);
    });

    it('accepts up to 8 values and refuses 9', async () => {
      const others = (count: number) => Array.from({ length: count }, (_, i) => sign(`${otherSecret}${i}`));
      assert.equal(await verify([...others(7), sign(secret)].join(',')), true);
      assert.equal(await verify([...others(8), sign(secret)].join(',')), false);
    });

    it('refuses when neither matches, or any value is malformed or empty, even beside a match', async () => {
      const good = sign(secret);
      for (const header of [
        `${sign(otherSecret)},${sign(`${otherSecret}x`)}`,
        `${good},sha256=x`, `sha256=x,${good}`, `${good},${good.toUpperCase()}`, `${good},${good.slice(7)}`, `${good},sha1=${'0'.repeat(40)}`,
        `${good},,`, `${good},`, `,${good}`, `${good} ,${sign(otherSecret)}`, ` ${good}`, `${good};${sign(otherSecret)}`,
        [good, sign(otherSecret)],
      ]) {
        assert.equal(await verify(header), false, JSON.stringify(header));
      }
    });
  });
});
