import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { bearer, generateInvoice, signUpWithKey, startAccountsApp, type AccountsApp } from '../helpers/accounts-helpers.ts';
import { validInvoice } from '../helpers/build-test-app.ts';
import { manualClock } from '../helpers/limits-helpers.ts';
import { callTool, connectMcp, textOf, type Json } from './mcp-helpers.ts';

const noLink = (request: Json): Json => ({ ...request, features: { hosted_link: false } });
/** One of each kind of generation, as [body over HTTP, tool, tool arguments]: D21, D41, D42 each price one differently. */
const MIX: ReadonlyArray<readonly [Json, string, Json]> = [
  [noLink(validInvoice()), 'compute_invoice', noLink(validInvoice())],
  [validInvoice(), 'compute_invoice', validInvoice()],
  [{ ...validInvoice(), output: 'pdf' }, 'generate_invoice', { ...validInvoice(), output: 'pdf' }],
  [noLink({ ...validInvoice(), output: 'ubl' }), 'generate_invoice', noLink({ ...validInvoice(), output: 'ubl' })],
  [noLink({ ...validInvoice(), output: 'pdf', profile: 'factur-x' }), 'generate_invoice', noLink({ ...validInvoice(), output: 'pdf', profile: 'factur-x' })],
];

/** The invoice number inside an embedded UBL answer. */
function ublNumber(result: CallToolResult): string {
  const embedded = result.content.find((item) => item.type === 'resource');
  assert.ok(embedded?.type === 'resource' && 'text' in embedded.resource, textOf(result));
  return /<cbc:ID>([^<]+)<\/cbc:ID>/.exec(embedded.resource.text as string)![1]!;
}

for (const postgres of [false, true]) {
  describe(`MCP tools count and meter as the HTTP API does (D20–D23) on ${postgres ? 'PostgreSQL' : 'SQLite'}`, () => {
    const clock = manualClock('2027-01-13T10:00:00Z');
    let ctx: AccountsApp;
    let baseUrl: string;
    const clients: Client[] = [];
    const usage = async (apiKey: string): Promise<Json> => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/usage', headers: bearer(apiKey) });
      assert.equal(res.statusCode, 200, res.body);
      return (res.json() as Json).usage as Json;
    };
    const mcpAccount = async (label: string): Promise<{ apiKey: string; client: Client }> => {
      const { apiKey } = await signUpWithKey(ctx, label);
      const client = await connectMcp(baseUrl, apiKey);
      clients.push(client);
      return { apiKey, client };
    };
    before(async () => {
      // The free plan's real month (100 documents, 50 PDFs) and a small hour, so a window runs out.
      ctx = await startAccountsApp({ postgres, clock: clock.now, env: { PLAN_LIMITS: '{"free":{"hourly":6,"weekly":1000}}' } });
      baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    });
    after(async () => {
      for (const client of clients) await client.close();
      await ctx?.close();
    });

    it('the same generations over MCP and over HTTP leave the same usage: windows and month', async () => {
      const { apiKey: httpKey } = await signUpWithKey(ctx, 'http-twin');
      const { apiKey: mcpKey, client } = await mcpAccount('mcp-twin');
      for (const [body, tool, args] of MIX) {
        const res = await generateInvoice(ctx.app, body, bearer(httpKey));
        assert.equal(res.statusCode, 200, res.body.slice(0, 300));
        const result = await callTool(client, tool, args);
        assert.equal(result.isError, undefined, textOf(result));
      }
      const [overHttp, overMcp] = [await usage(httpKey), await usage(mcpKey)];
      assert.deepEqual(overMcp, overHttp);
      // 0.1 (JSON) + 1 (JSON with its hosted link, D42) + 1 (PDF) + 1 (UBL) + 1 (hybrid, D41).
      assert.equal(overMcp.monthly.documents_used, 4.1);
      assert.equal(overMcp.monthly.pdfs_used, 3);
      assert.equal(overMcp.rate_limits.hourly.used, MIX.length);
    });

    it('a window used up over HTTP refuses the tool with rate_limit_hourly as a tool error, with retry_after_s; nothing is drawn', async () => {
      const { apiKey, client } = await mcpAccount('mcp-window');
      for (let i = 0; i < 6; i += 1) assert.equal((await generateInvoice(ctx.app, noLink(validInvoice()), bearer(apiKey))).statusCode, 200);
      const http = await generateInvoice(ctx.app, noLink(validInvoice()), bearer(apiKey));
      assert.equal(http.statusCode, 429);
      const refused = await callTool(client, 'compute_invoice', noLink(validInvoice()));
      assert.equal(refused.isError, true);
      const error = (refused.structuredContent as Json).error as Json;
      assert.equal(error.code, 'rate_limit_hourly');
      assert.equal(error.message, (http.json() as Json).error.message, 'the API\'s message');
      assert.equal(error.retry_after_s, Number(http.headers['retry-after']), 'Retry-After\'s seconds');
      assert.ok(error.retry_after_s > 0);
      assert.match(textOf(refused), /^rate_limit_hourly: The free plan is limited to 6 generation requests per hour/);
      const generated = await callTool(client, 'generate_invoice', { ...validInvoice(), output: 'ubl' });
      assert.equal((generated.structuredContent as Json).error.code, 'rate_limit_hourly', 'documents too');

      clock.advance(60 * 60 * 1000);
      const next = await callTool(client, 'compute_invoice', noLink(validInvoice()));
      assert.equal(next.isError, undefined, textOf(next));
      assert.equal((next.structuredContent as Json).invoice.number, 'INV-2026-00007', 'the refusals drew no number (D15)');
      clock.advance(-60 * 60 * 1000);
    });

    it('a month used up is 402 monthly_limit_reached as a tool error with upgrade_url', async () => {
      const { apiKey, client } = await mcpAccount('mcp-month');
      clock.advance(2 * 60 * 60 * 1000);
      // 50 PDFs are the month's: hosted links count as PDFs (D42), so the 51st link-bearing answer is refused.
      for (let hour = 0; hour < 9; hour += 1) {
        for (let i = 0; i < 6; i += 1) {
          const res = await generateInvoice(ctx.app, { ...validInvoice(), output: 'pdf' }, bearer(apiKey));
          if (hour * 6 + i < 50) assert.equal(res.statusCode, 200, res.body.slice(0, 200));
        }
        clock.advance(60 * 60 * 1000);
      }
      const refused = await callTool(client, 'generate_invoice', { ...validInvoice(), output: 'pdf', features: { hosted_link: true } });
      assert.equal(refused.isError, true);
      const error = (refused.structuredContent as Json).error as Json;
      assert.equal(error.code, 'monthly_limit_reached');
      assert.equal(error.upgrade_url, 'http://127.0.0.1:3000/pricing');
      assert.equal(error.reset_at, Date.parse('2027-02-01T00:00:00Z') / 1000);
      // D42: a defaulted link is left out with a warning; the PDF itself is still refused.
      const json = await callTool(client, 'compute_invoice', validInvoice());
      assert.equal(json.isError, undefined, textOf(json));
      assert.equal(((json.structuredContent as Json).meta.warnings as Json[])[0]!.code, 'hosted_link_omitted');
      const ubl = await callTool(client, 'generate_invoice', { ...validInvoice(), output: 'ubl' });
      assert.equal(ubl.isError, undefined, textOf(ubl));
      assert.match(textOf(ubl), /\nWarning hosted_link_omitted: /, 'the warning is in the text (X-Warnings over HTTP)');
      assert.equal(ubl.content.some((item) => item.type === 'resource_link'), false, 'no link to answer');
    });

    it('idempotency_key: the same call twice is one invoice, metered and counted once; a failed call releases its key (D23)', async () => {
      const { apiKey, client } = await mcpAccount('mcp-idem');
      const body = noLink({ ...validInvoice(), output: 'ubl', idempotency_key: 'order-1' });
      const first = await callTool(client, 'generate_invoice', body);
      const again = await callTool(client, 'generate_invoice', body);
      assert.equal(first.isError, undefined, textOf(first));
      assert.deepEqual({ ...again, _meta: undefined }, { ...first, _meta: undefined }, 'the first result again');
      assert.equal(again._meta?.idempotent_replayed, true);
      assert.equal(first._meta, undefined);
      const used = await usage(apiKey);
      assert.equal(used.monthly.documents_used, 1, 'metered once');
      assert.equal(used.rate_limits.hourly.used, 1, 'counted once (D21)');
      const other = await callTool(client, 'generate_invoice', { ...body, idempotency_key: 'order-2' });
      assert.equal(ublNumber(first), 'INV-2026-00001');
      assert.equal(ublNumber(other), 'INV-2026-00002', 'the repeat drew no number');

      const changed = await callTool(client, 'generate_invoice', { ...body, output: 'cii' });
      assert.equal((changed.structuredContent as Json).error.code, 'idempotency_key_conflict', 'another request under the key');
      // The same key over HTTP never replays the tool's answer: it is another request (operation) under the key.
      const { idempotency_key: _key, ...httpBody } = body;
      const http = await generateInvoice(ctx.app, httpBody, { ...bearer(apiKey), 'idempotency-key': 'order-1' });
      assert.equal(http.statusCode, 422, http.body);
      assert.equal((http.json() as Json).error.code, 'idempotency_key_conflict');

      const incomplete = { ...validInvoice(), output: 'ubl', profile: 'xrechnung', idempotency_key: 'order-3' };
      assert.equal(((await callTool(client, 'generate_invoice', incomplete)).structuredContent as Json).error.code, 'e_invoice_incomplete');
      const fixed = await callTool(client, 'generate_invoice', { ...incomplete, profile: 'en16931' });
      assert.equal(fixed.isError, undefined, `the refused call released order-3: ${textOf(fixed)}`);
      const bad = await callTool(client, 'generate_invoice', { ...body, idempotency_key: 'tab\there' });
      assert.equal((bad.structuredContent as Json).error.code, 'validation_error', textOf(bad));
      assert.match((bad.structuredContent as Json).error.message, /^idempotency_key is not printable ASCII: /, 'named as the argument it is, not as an HTTP header');
    });
  });
}
