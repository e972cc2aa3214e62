import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { signUpWithKey, startAccountsApp, type AccountsApp } from '../helpers/accounts-helpers.ts';
import { runInvoiceCli } from '../cli/run-invoice-cli.ts';
import { connectMcp } from '../mcp/mcp-helpers.ts';

/** The one place the version is written. */
const PACKAGE_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

describe('one version everywhere: package.json\'s', () => {
  let ctx: AccountsApp;
  let baseUrl: string;
  before(async () => {
    ctx = await startAccountsApp();
    baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(async () => { await ctx.close(); });

  it('is the interface description\'s major version, 1', () => {
    assert.match(PACKAGE_VERSION, /^1\.\d+\.\d+$/);
  });

  it('GET /api/health, the OpenAPI document, the MCP server info, the web app and invoice --version all show it', async () => {
    const health = (await (await fetch(`${baseUrl}/api/health`)).json()) as { version: string };
    const openapi = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as { info: { version: string } };
    const page = await (await fetch(`${baseUrl}/`)).text();
    const client = await connectMcp(baseUrl, (await signUpWithKey(ctx, 'version')).apiKey);
    const mcp = client.getServerVersion();
    await client.close();
    const cli = await runInvoiceCli(['--version']);

    assert.deepEqual({
      health: health.version,
      openapi: openapi.info.version,
      mcp: mcp?.version,
      web: /<span id="service-version">([^<]+)<\/span>/.exec(page)?.[1],
      cli: cli.stdout.toString().trim(),
    }, { health: PACKAGE_VERSION, openapi: PACKAGE_VERSION, mcp: PACKAGE_VERSION, web: PACKAGE_VERSION, cli: PACKAGE_VERSION });
  });

  it('package-lock.json names the same version, so npm install leaves it unchanged', () => {
    const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as { version: string; packages: Record<string, { version?: string }> };
    assert.equal(lock.version, PACKAGE_VERSION);
    assert.equal(lock.packages['']?.version, PACKAGE_VERSION);
  });
});
