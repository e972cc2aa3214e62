import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { ApiError, InvoiceClient } from '../../clients/typescript/src/index.ts';
import { jsonWithoutLink } from './client-invoice.ts';
import { useClientApp } from './start-client-app.ts';
import { startScriptedProxy, type ScriptedProxy } from './start-scripted-proxy.ts';

const FAST = { baseDelayMs: 50 } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function withProxy<T>(options: Parameters<typeof startScriptedProxy>[0], run: (proxy: ScriptedProxy) => Promise<T>): Promise<T> {
  const proxy = await startScriptedProxy(options);
  try {
    return await run(proxy);
  } finally {
    await proxy.close();
  }
}

const sequenceOf = (number: string) => Number(number.split('-').pop());

describe('retries through a flaky server in front of the running service', () => {
  const app = useClientApp();

  it('two 503s with Retry-After: 1, then the answer: three attempts, one Idempotency-Key, Retry-After waited', async () => {
    await withProxy({ target: app.baseUrl, steps: ['fail', 'fail'], retryAfter: '1' }, async (proxy) => {
      const client = new InvoiceClient({ baseUrl: proxy.url, apiKey: app.apiKey, retry: FAST });
      const startedMs = Date.now();
      const answer = await client.generateInvoice(jsonWithoutLink());
      assert.ok(Date.now() - startedMs >= 2000, `waited ${Date.now() - startedMs} ms for two Retry-After: 1`);
      assert.equal(proxy.requests.length, 3);
      const keys = proxy.requests.map((headers) => headers['idempotency-key']);
      assert.match(String(keys[0]), UUID);
      assert.deepEqual(keys, [keys[0], keys[0], keys[0]]);
      assert.equal(proxy.forwarded.length, 1, 'only the third attempt reached the service');
      assert.match(answer.invoice.number, /^INV-2026-\d{5}$/);
    });
  });

  it('an answer lost after the service generated: the retry is answered the first result, no second invoice (D23)', async () => {
    await withProxy({ target: app.baseUrl, steps: ['lose'], retryAfter: '0' }, async (proxy) => {
      const client = new InvoiceClient({ baseUrl: proxy.url, apiKey: app.apiKey, retry: FAST });
      const answer = await client.generateInvoice(jsonWithoutLink());
      assert.equal(proxy.forwarded.length, 2);
      const first = JSON.parse(proxy.forwarded[0]!.body) as { invoice: { number: string } };
      assert.equal(proxy.forwarded[0]!.headers.get('idempotent-replayed'), null);
      assert.equal(proxy.forwarded[1]!.headers.get('idempotent-replayed'), 'true');
      assert.equal(answer.invoice.number, first.invoice.number);
      assert.equal(proxy.requests[0]!['idempotency-key'], proxy.requests[1]!['idempotency-key']);
      // The next generation takes the very next number: the retry drew none.
      const next = await new InvoiceClient({ baseUrl: app.baseUrl, apiKey: app.apiKey }).generateInvoice(jsonWithoutLink());
      assert.equal(sequenceOf(next.invoice.number), sequenceOf(first.invoice.number) + 1);
    });
  });

  it('the caller\'s Idempotency-Key is sent on every attempt instead of a generated one', async () => {
    await withProxy({ target: app.baseUrl, steps: ['fail'], retryAfter: '0' }, async (proxy) => {
      const client = new InvoiceClient({ baseUrl: proxy.url, apiKey: app.apiKey, retry: FAST });
      await client.generateBatch({ invoices: [jsonWithoutLink()] }, { idempotencyKey: 'order-4711' });
      assert.deepEqual(proxy.requests.map((headers) => headers['idempotency-key']), ['order-4711', 'order-4711']);
    });
  });

  it('a GET is retried; after maxRetries the last answer is the ApiError, with its attempts and Retry-After', async () => {
    await withProxy({ target: app.baseUrl, steps: ['fail', 'fail'], retryAfter: '0' }, async (proxy) => {
      const usage = await new InvoiceClient({ baseUrl: proxy.url, apiKey: app.apiKey, retry: FAST }).getUsage();
      assert.equal(usage.usage.tier, 'free');
      assert.equal(proxy.requests.length, 3);
    });
    await withProxy({ steps: ['fail', 'fail', 'fail', 'fail'], retryAfter: '0' }, async (proxy) => {
      const client = new InvoiceClient({ baseUrl: proxy.url, apiKey: app.apiKey, retry: { ...FAST, maxRetries: 2 } });
      const error = await client.getAccount().catch((reason: unknown) => reason);
      assert.ok(error instanceof ApiError);
      assert.deepEqual([error.status, error.code, error.attempts, error.requestId, error.retryAfter], [503, 'not_provisioned', 3, 'proxy-3', 0]);
      assert.equal(proxy.requests.length, 3);
    });
  });

  it('a POST without an Idempotency-Key (createWebhook) and a DELETE are not retried', async () => {
    await withProxy({ steps: ['fail', 'fail'], retryAfter: '0' }, async (proxy) => {
      const client = new InvoiceClient({ baseUrl: proxy.url, apiKey: app.apiKey, retry: FAST });
      await assert.rejects(client.createWebhook({ url: 'https://example.com/hooks' }), { status: 503, attempts: 1 });
      await assert.rejects(client.deleteWebhook('wh_x'), { status: 503, attempts: 1 });
      assert.equal(proxy.requests.length, 2);
    });
  });

  it('a refused connection is retried: the server comes up during the backoff', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    let proxy: ScriptedProxy | undefined;
    const outcomes: string[] = [];
    const client = new InvoiceClient({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: app.apiKey,
      retry: FAST,
      fetch: async (input, init) => {
        try {
          const response = await fetch(input, init);
          outcomes.push(String(response.status));
          return response;
        } catch (error) {
          outcomes.push(`refused: ${String((error as Error & { cause?: { code?: string } }).cause?.code)}`);
          proxy ??= await startScriptedProxy({ target: app.baseUrl, steps: [], port });
          throw error;
        }
      },
    });
    try {
      const answer = await client.generateInvoice(jsonWithoutLink());
      assert.match(answer.invoice.number, /^INV-/);
      assert.deepEqual(outcomes, ['refused: ECONNREFUSED', '200']);
      assert.match(String(proxy?.requests[0]?.['idempotency-key']), UUID);
    } finally {
      await proxy?.close();
    }
  });

  it('an attempt past timeoutMs is retried; a body that stalls past it is cut', async () => {
    let requests = 0;
    const slow = createServer((request, response) => {
      requests += 1;
      if (requests === 1) return; // never answers: the attempt times out
      if (requests === 2) return void response.writeHead(200, { 'content-type': 'application/json' }).write('{"success":');
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true,"status":"ok"}');
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const client = new InvoiceClient({ baseUrl: `http://127.0.0.1:${(slow.address() as AddressInfo).port}`, timeoutMs: 300, retry: FAST });
      // First attempt: no answer within 300 ms; second: headers, then the body stalls.
      await assert.rejects(client.getHealth(), { name: 'TimeoutError' });
      assert.equal(requests, 2);
      assert.equal((await client.getHealth()).status, 'ok');
    } finally {
      slow.closeAllConnections();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });

  it('a network failure left after the last attempt is thrown as fetch threw it; the caller\'s abort is never retried', async () => {
    let calls = 0;
    const refusing = new InvoiceClient({
      baseUrl: 'http://127.0.0.1:9',
      retry: { ...FAST, maxRetries: 1 },
      fetch: (input, init) => { calls += 1; return fetch(input, init); },
    });
    await assert.rejects(refusing.getHealth(), TypeError);
    assert.equal(calls, 2);
    calls = 0;
    await assert.rejects(refusing.getHealth({ signal: AbortSignal.abort() }), { name: 'AbortError' });
    assert.equal(calls, 1);
  });
});

describe('retries of the running service\'s own 429', () => {
  // The app's clock runs with the real one, shifted by `offsetMs`, so a test can stand 3.5 s before
  // the end of a UTC hour and see the hourly window (1 request) end while the client waits.
  let offsetMs = 0;
  const app = useClientApp({ env: { PLAN_LIMITS: '{"free":{"hourly":1}}' }, clock: () => Date.now() + offsetMs });

  it('429 rate_limit_hourly with Retry-After is waited for and retried with the same key; one invoice', async () => {
    const HOUR_MS = 3_600_000;
    offsetMs = (Math.ceil(Date.now() / HOUR_MS) + 1) * HOUR_MS - 3_500 - Date.now();
    const attempts: { status: number; key: string | null; retryAfter: string | null }[] = [];
    const client = new InvoiceClient({
      baseUrl: app.baseUrl,
      apiKey: app.apiKey,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        attempts.push({ status: response.status, key: new Headers(init?.headers).get('idempotency-key'), retryAfter: response.headers.get('retry-after') });
        return response;
      },
    });
    const filling = await client.generateInvoice(jsonWithoutLink());
    attempts.length = 0;
    const answer = await client.generateInvoice(jsonWithoutLink());
    assert.deepEqual(attempts.map((attempt) => attempt.status), [429, 200]);
    assert.ok(Number(attempts[0]!.retryAfter) >= 1 && Number(attempts[0]!.retryAfter) <= 4, `Retry-After ${attempts[0]!.retryAfter}`);
    assert.equal(attempts[0]!.key, attempts[1]!.key);
    assert.equal(sequenceOf(answer.invoice.number), sequenceOf(filling.invoice.number) + 1);
    assert.equal(answer.meta.rate_limits.hourly.used, 1, 'counted once, in the new hour');
  });

  it('a Retry-After beyond maxDelayMs is not waited for: the ApiError comes at once with retryAfter', async () => {
    const client = new InvoiceClient({ baseUrl: app.baseUrl, apiKey: app.apiKey, retry: { maxDelayMs: 5_000 } });
    const startedMs = Date.now();
    const error = await client.generateInvoice(jsonWithoutLink()).catch((reason: unknown) => reason);
    assert.ok(error instanceof ApiError);
    assert.deepEqual([error.status, error.code, error.attempts], [429, 'rate_limit_hourly', 1]);
    assert.ok((error.retryAfter ?? 0) > 3_000, `retryAfter ${error.retryAfter}`);
    assert.ok(Date.now() - startedMs < 1_000);
  });
});
