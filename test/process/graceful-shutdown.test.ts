import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { UNLIMITED_PLAN_LIMITS, validInvoice } from '../helpers/build-test-app.ts';
import { signUpOverHttp, startCluster, type Cluster } from '../helpers/cluster.ts';
import { PNG_3X2 } from '../helpers/image-bytes.ts';
import { startHttpsImageServer, type HttpsImageServer } from '../helpers/start-https-image-server.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/start-webhook-receiver.ts';

const DELAY_MS = 1_500;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once check() holds, polling every 10 ms; fails after timeoutMs. */
async function until(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await wait(10);
  }
}

/**
 * docs/deploy.md's graceful shutdown, on the built service as a process: on SIGTERM it stops
 * accepting connections, lets the requests and webhook attempts in flight finish, and exits 0.
 */
describe('graceful shutdown on SIGTERM', () => {
  let cluster: Cluster | undefined;
  let images: HttpsImageServer | undefined;
  let receiver: WebhookReceiver | undefined;
  after(async () => {
    await cluster?.close();
    await images?.close();
    await receiver?.close();
  });

  it('a request in flight is answered in full, new connections are refused, and the process exits 0 after it', async () => {
    cluster = await startCluster({ storage: 'postgres', env: { PLAN_LIMITS: UNLIMITED_PLAN_LIMITS } });
    const instance = await cluster.start();
    const { apiKey } = await signUpOverHttp(cluster);
    // The logo arrives slowly, so the generation is still running when the signal comes.
    images = await startHttpsImageServer((_request, response) => {
      setTimeout(() => response.writeHead(200, { 'content-type': 'image/png' }).end(PNG_3X2), DELAY_MS);
    });
    const body = { ...validInvoice(), output: 'pdf', from: { name: 'Acme GmbH', logo: images.url('/logo.png') } };
    const inFlight = fetch(`${instance.url}/api/generate-invoice`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await until(() => images!.paths.length === 1);
    const signalledAt = Date.now();
    instance.child.kill('SIGTERM');
    let exitedAt: number | undefined;
    void instance.exited.then(() => { exitedAt = Date.now(); });

    await wait(200);
    await assert.rejects(fetch(`${instance.url}/api/health`), 'a new connection is refused once shutdown began');

    const res = await inFlight;
    const answeredAt = Date.now();
    assert.equal(res.status, 200);
    const pdf = Buffer.from(await res.arrayBuffer());
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.ok(answeredAt - signalledAt >= DELAY_MS - 300, 'the answer waited for the slow logo');
    assert.equal(await instance.exited, 0);
    assert.ok(exitedAt! >= answeredAt - 50, 'the process outlived the request');
  });

  it('a webhook attempt in flight finishes and is recorded before the process exits', async () => {
    cluster ??= await startCluster({ storage: 'postgres', env: { PLAN_LIMITS: UNLIMITED_PLAN_LIMITS } });
    const instance = await cluster.start();
    const { apiKey } = await signUpOverHttp(cluster, [instance]);
    receiver = await startWebhookReceiver();
    let answeredAt: number | undefined;
    // The receiver takes its time over the first delivery.
    receiver.answers = [(response) => setTimeout(() => {
      answeredAt = Date.now();
      response.writeHead(204).end();
    }, DELAY_MS)];
    const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
    const hook = await fetch(`${instance.url}/api/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url: receiver.url }) });
    assert.equal(hook.status, 201);
    const generated = await fetch(`${instance.url}/api/generate-invoice`, { method: 'POST', headers, body: JSON.stringify(validInvoice()) });
    assert.equal(generated.status, 200);
    await receiver.waitFor(1);
    instance.child.kill('SIGTERM');
    assert.equal(await instance.exited, 0);
    assert.ok(answeredAt !== undefined, 'the receiver answered before the process was gone');
    const db = await cluster.database();
    const deliveries = await db.db.selectFrom('webhook_deliveries').select(['state', 'attempts', 'last_status']).execute();
    assert.deepEqual(deliveries, [{ state: 'delivered', attempts: 1, last_status: 204 }]);
  });
});
