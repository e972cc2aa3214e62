import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { signUpWithKey, startAccountsApp, type AccountsApp } from '../helpers/accounts-helpers.ts';
import { validInvoice } from '../helpers/build-test-app.ts';
import { connectMcp, type Json } from './mcp-helpers.ts';

/** Arguments of any shape: junk alone, or junk over a valid invoice (so the checks past the schema run too). */
const hostileArguments = fc.oneof(
  fc.dictionary(fc.string({ maxLength: 12 }), fc.anything({ maxDepth: 3 }), { maxKeys: 6 }),
  fc.record({ key: fc.constantFrom('items', 'from', 'to', 'invoice', 'output', 'profile', 'id', 'url', 'limit', 'idempotency_key', 'payment', 'features'), value: fc.anything({ maxDepth: 3 }) })
    .map(({ key, value }) => ({ ...validInvoice(), [key]: value })),
);

for (const postgres of [false, true]) {
  describe(`MCP tools never answer internal_error or hang, whatever the arguments, on ${postgres ? 'PostgreSQL' : 'SQLite'}`, () => {
    let ctx: AccountsApp;
    let client: Client;
    let tools: string[];
    before(async () => {
      ctx = await startAccountsApp({ postgres });
      const baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      client = await connectMcp(baseUrl, (await signUpWithKey(ctx, 'mcp-hostile')).apiKey);
      tools = (await client.listTools()).tools.map((tool) => tool.name);
    });
    after(async () => {
      await client?.close();
      await ctx?.close();
    });

    it('every tool answers a result or a tool error with an API code, never internal_error', async () => {
      await fc.assert(fc.asyncProperty(fc.constantFrom(...tools), hostileArguments, async (name, args) => {
        let result: CallToolResult;
        try {
          result = await client.callTool({ name, arguments: JSON.parse(JSON.stringify(args)) as Json }, undefined, { timeout: 20_000 }) as CallToolResult;
        } catch (error) {
          // Only a refusal of the call itself may throw: the SDK's protocol error, or the HTTP API's
          // 4xx for a body its parser refuses (a __proto__ key anywhere), never a 5xx.
          const refused = error instanceof McpError || (error instanceof StreamableHTTPError && error.code !== undefined && error.code >= 400 && error.code < 500);
          assert.ok(refused, String(error));
          return;
        }
        if (result.isError === true) {
          const code = (result.structuredContent as Json).error.code as string;
          assert.notEqual(code, 'internal_error', `${name}: ${JSON.stringify(result).slice(0, 400)}`);
        }
      }), { numRuns: 150 });
      const logged = ctx.t.logs.filter((line) => line.level === 50);
      assert.deepEqual(logged, [], 'nothing was logged as an unexpected error');
    });
  });
}
