import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { signUpWithKey, startAccountsApp, type AccountsApp } from '../helpers/accounts-helpers.ts';
import { validInvoice } from '../helpers/build-test-app.ts';
import { CLI, runInvoiceCli } from '../cli/run-invoice-cli.ts';
import { connectMcp, textOf, type Json } from './mcp-helpers.ts';

/** `invoice mcp` as a desktop client starts it: a child process on the project's Node, spoken to over its stdio. */
function bridge(env: Record<string, string>): StdioClientTransport {
  return new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], env: { PATH: process.env.PATH ?? '', ...env }, stderr: 'pipe' });
}

describe('invoice mcp: the service\'s tools over stdio, as a child process', () => {
  let ctx: AccountsApp;
  let env: Record<string, string>;
  before(async () => {
    ctx = await startAccountsApp();
    env = { INVOICE_API_URL: await ctx.app.listen({ port: 0, host: '127.0.0.1' }), INVOICE_API_KEY: (await signUpWithKey(ctx, 'mcp-stdio')).apiKey };
  });
  after(async () => ctx?.close());

  it('lists exactly the service\'s tools and calls compute_invoice through it; stdout is MCP only', async () => {
    const client = new Client({ name: 'stdio-test', version: '0.0.0' });
    const transport = bridge(env);
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    await client.connect(transport);
    try {
      const direct = await connectMcp(env.INVOICE_API_URL!, env.INVOICE_API_KEY);
      const served = await direct.listTools();
      await direct.close();
      const { tools } = await client.listTools();
      assert.deepEqual(tools, served.tools, 'the listing is the service\'s, schemas and all');
      assert.equal(client.getServerVersion()?.name, 'invoice-service');

      const result = await client.callTool({ name: 'compute_invoice', arguments: { ...validInvoice(), features: { hosted_link: false } } }) as CallToolResult;
      assert.equal(result.isError, undefined, textOf(result));
      const answer = result.structuredContent as Json;
      assert.equal(answer.invoice.number, 'INV-2026-00001', 'numbered by the service for this account');
      assert.equal(answer.invoice.grand_total, 444);
      const invalid = await client.callTool({ name: 'compute_invoice', arguments: { ...validInvoice(), items: [] } }) as CallToolResult;
      assert.equal(invalid.isError, true);
      assert.equal(textOf(invalid), 'validation_error: items must contain at least 1 element.');
      await assert.rejects(client.callTool({ name: 'no_such_tool', arguments: {} }), (error: unknown) => error instanceof McpError && error.code === ErrorCode.InvalidParams);
    } finally {
      await client.close();
    }
    assert.equal(stderr, '', 'nothing to say on stderr either');
  });

  it('answers line-delimited JSON-RPC on stdout and nothing else, and exits 0 when stdin ends', async () => {
    const child = spawn(process.execPath, [CLI, 'mcp'], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    const answered = new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.split('\n').filter((line) => line !== '').length === 2) resolve();
      });
    });
    const send = (message: Json) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    send({ id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } } });
    send({ method: 'notifications/initialized' });
    send({ id: 2, method: 'tools/list', params: {} });
    await answered;
    const exited = once(child, 'exit');
    child.stdin.end();
    const [code] = await exited;
    assert.equal(code, 0, stderr);
    const lines = stdout.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Json);
    assert.deepEqual(lines.map((line) => [line.jsonrpc, line.id]), [['2.0', 1], ['2.0', 2]]);
    assert.equal(lines[0]!.result.serverInfo.name, 'invoice-service');
    assert.ok((lines[1]!.result.tools as Json[]).some((tool) => tool.name === 'generate_invoice'));
  });

  it('a missing INVOICE_API_URL or INVOICE_API_KEY exits 2 with the reason on stderr and nothing on stdout', async () => {
    const noUrl = await runInvoiceCli(['mcp'], { env: { INVOICE_API_KEY: env.INVOICE_API_KEY! } });
    assert.equal(noUrl.code, 2);
    assert.match(noUrl.stderr, /^INVOICE_API_URL is not set/);
    assert.equal(noUrl.stdout.length, 0);
    const noKey = await runInvoiceCli(['mcp'], { env: { INVOICE_API_URL: env.INVOICE_API_URL! } });
    assert.equal(noKey.code, 2);
    assert.match(noKey.stderr, /^INVOICE_API_KEY is not set/);
    assert.equal(noKey.stdout.length, 0);
  });

  it('a key the service refuses exits 1 at start, saying so with the API\'s error', async () => {
    const run = await runInvoiceCli(['mcp'], { env: { ...env, INVOICE_API_KEY: `inv_${'B'.repeat(40)}` } });
    assert.equal(run.code, 1);
    assert.match(run.stderr, /^invoice mcp: cannot connect to http:\/\/127\.0\.0\.1:\d+\/mcp: HTTP 401: .*invalid_api_key/);
    assert.equal(run.stdout.length, 0);
  });
});
