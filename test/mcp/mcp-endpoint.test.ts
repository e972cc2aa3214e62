import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { bearer, browser, signUpWithKey, startAccountsApp, type AccountsApp } from '../helpers/accounts-helpers.ts';
import { validInvoice } from '../helpers/build-test-app.ts';
import { callTool, connectMcp, textOf, type Json } from './mcp-helpers.ts';

/** What the SDK's client sends with every POST (Streamable HTTP). */
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const listTools = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
/** A well-formed key that no account holds. */
const UNKNOWN_KEY = `inv_${'A'.repeat(40)}`;

/** The connect fails with the HTTP status of the answer to its first POST. */
async function assertConnectRefused(baseUrl: string, apiKey: string | undefined, status: number): Promise<void> {
  await assert.rejects(connectMcp(baseUrl, apiKey), (error: unknown) => {
    assert.ok(error instanceof StreamableHTTPError, String(error));
    assert.equal(error.code, status);
    return true;
  });
}

for (const postgres of [false, true]) {
  describe(`POST /mcp: authentication and HTTP answers on ${postgres ? 'PostgreSQL' : 'SQLite'}`, () => {
    let ctx: AccountsApp;
    let baseUrl: string;
    let account: Awaited<ReturnType<typeof signUpWithKey>>;
    before(async () => {
      ctx = await startAccountsApp({ postgres });
      baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      account = await signUpWithKey(ctx, 'mcp-auth');
    });
    after(async () => ctx?.close());

    const post = (headers: Record<string, string>, body = listTools) => fetch(`${baseUrl}/mcp`, { method: 'POST', headers: { ...MCP_HEADERS, ...headers }, body });

    it('no key, an unknown key, a malformed key: the SDK client\'s connect fails with 401', async () => {
      await assertConnectRefused(baseUrl, undefined, 401);
      await assertConnectRefused(baseUrl, UNKNOWN_KEY, 401);
      await assertConnectRefused(baseUrl, 'not-a-key', 401);
    });

    it('401 carries the API\'s error body and WWW-Authenticate: Bearer; a browser session is not a key', async () => {
      for (const [headers, code] of [[{}, 'auth_required'], [bearer(UNKNOWN_KEY), 'invalid_api_key'], [browser(account.sessionId), 'auth_required']] as const) {
        const res = await post(headers);
        assert.equal(res.status, 401, code);
        assert.equal(res.headers.get('www-authenticate'), 'Bearer');
        assert.match(res.headers.get('x-request-id') ?? '', /^req_/);
        const answer = await res.json() as Json;
        assert.equal(answer.success, false);
        assert.equal(answer.error.code, code);
        if (code === 'auth_required') assert.match(answer.error.message, /POST \/mcp needs an API key/);
      }
    });

    it('the key is checked before the body is read: an unauthenticated body that is not even JSON is a 401', async () => {
      const res = await post({}, '{"jsonrpc": ');
      assert.equal(res.status, 401);
      assert.equal((await res.json() as Json).error.code, 'auth_required');
    });

    it('with a key: a JSON answer of the SDK carrying X-Request-Id; bad JSON, a body that is not JSON-RPC and a huge body are 4xx, never 500', async () => {
      const ok = await post(bearer(account.apiKey));
      assert.equal(ok.status, 200);
      assert.match(ok.headers.get('content-type') ?? '', /^application\/json/, 'enableJsonResponse: no SSE stream');
      assert.match(ok.headers.get('x-request-id') ?? '', /^req_/);
      assert.equal(ok.headers.get('mcp-session-id'), null, 'stateless: no session');
      const answer = await ok.json() as Json;
      assert.equal((answer.result.tools as Json[]).length, 13);

      const badJson = await post(bearer(account.apiKey), '{"jsonrpc": ');
      assert.equal(badJson.status, 400);
      assert.equal((await badJson.json() as Json).error.code, 'invalid_json');
      const notRpc = await post(bearer(account.apiKey), '{"hello": "world"}');
      assert.equal(notRpc.status, 400, 'the SDK refuses what is not JSON-RPC');
      const emptyBatch = await post(bearer(account.apiKey), '[]');
      assert.equal(emptyBatch.status, 400, 'an empty batch is an invalid request, not an accepted notification');
      assert.deepEqual(((await emptyBatch.json()) as Json).error.code, -32600);
      assert.match(emptyBatch.headers.get('x-request-id') ?? '', /^req_/);
      const wrongAccept = await post({ ...bearer(account.apiKey), accept: 'text/html' });
      assert.equal(wrongAccept.status, 406, 'the SDK asks for its media types');
      const huge = await post(bearer(account.apiKey), JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'compute_invoice', arguments: { ...validInvoice(), logo: `data:image/png;base64,${'A'.repeat(9 * 1024 * 1024)}` } } }));
      assert.equal(huge.status, 413, 'the 8 MB limit of generate-invoice (D27)');
      assert.equal((await huge.json() as Json).error.code, 'payload_too_large');
    });

    it('the JSON shape limits take the largest legal call and refuse a body that only costs parse time', async () => {
      const client = await connectMcp(baseUrl, account.apiKey);
      try {
        const items = Array.from({ length: 100 }, (_, i) => ({ description: `Line ${i}`, quantity: 1, unit_price: 1, taxes: Array.from({ length: 10 }, (_unused, t) => ({ name: `T${t}`, rate: 1 })) }));
        const result = await callTool(client, 'compute_invoice', { ...validInvoice(), items, features: { hosted_link: false } });
        assert.equal(result.isError, undefined, textOf(result));
        assert.equal(((result.structuredContent as Json).invoice.items as Json[]).length, 100);
      } finally {
        await client.close();
      }
      const nested = `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"compute_invoice","arguments":{"x":${'['.repeat(20_000)}${']'.repeat(20_000)}}}}`;
      const res = await post(bearer(account.apiKey), nested);
      assert.equal(res.status, 400);
      assert.match((await res.json() as Json).error.message, /^The request body holds more than \d+ JSON objects and arrays/);
    });

    it('GET and DELETE /mcp, which a stateless server does not serve, are 405 with Allow: POST', async () => {
      for (const method of ['GET', 'DELETE']) {
        const res = await fetch(`${baseUrl}/mcp`, { method, headers: { ...bearer(account.apiKey), accept: 'text/event-stream' } });
        assert.equal(res.status, 405, method);
        assert.equal(res.headers.get('allow'), 'POST');
        assert.equal((await res.json() as Json).error.code, 'method_not_allowed');
      }
    });

    it('/mcp is not in the OpenAPI document: MCP is not REST', async () => {
      const document = await (await fetch(`${baseUrl}/openapi.json`)).json() as Json;
      assert.ok(Object.keys(document.paths as Json).includes('/api/generate-invoice'));
      assert.equal(Object.keys(document.paths as Json).some((path) => path.startsWith('/mcp')), false);
    });

    it('a connected client keeps working across requests: nothing is kept between them (stateless)', async () => {
      const client = await connectMcp(baseUrl, account.apiKey);
      try {
        for (let i = 0; i < 3; i += 1) assert.equal((await client.listTools()).tools.length, 13);
        const result = await callTool(client, 'list_webhooks', {});
        assert.deepEqual(result.structuredContent, { webhooks: [] }, textOf(result));
      } finally {
        await client.close();
      }
    });
  });
}

describe('POST /mcp refuses an account whose address is not confirmed, as the webhook endpoints do (D43)', () => {
  let ctx: AccountsApp;
  let baseUrl: string;
  before(async () => {
    ctx = await startAccountsApp();
    baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(async () => ctx?.close());

  it('403 unverified_account, before the SDK', async () => {
    const keyed = await signUpWithKey(ctx, 'mcp-unconfirmed');
    const side = await ctx.sideDatabase();
    // Verification is never undone by the service; an operator may clear it by hand (docs/accounts.md).
    await side.db.updateTable('accounts').set({ email_verified_at: null }).where('email', '=', keyed.email).execute();
    await assertConnectRefused(baseUrl, keyed.apiKey, 403);
    const res = await fetch(`${baseUrl}/mcp`, { method: 'POST', headers: { ...MCP_HEADERS, ...bearer(keyed.apiKey) }, body: listTools });
    assert.equal(res.status, 403);
    assert.equal((await res.json() as Json).error.code, 'unverified_account');
  });
});
