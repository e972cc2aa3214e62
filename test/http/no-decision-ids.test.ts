import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ACCOUNT_PAGES } from '../../src/http/pages/account-page-markup.ts';
import { signUpWithKey, startAccountsApp, type AccountsApp } from '../helpers/accounts-helpers.ts';
import { stringLiterals } from '../helpers/string-literals.ts';
import { connectMcp, callTool } from '../mcp/mcp-helpers.ts';

/**
 * A reader of the API, its description, the MCP tools or the web app has no decisions file of
 * ours at hand: text they read states the rule ("8 to 128 characters"), never its id ("D17").
 * Comments and docs may cite ids (docs/decisions.md states each).
 */
const DECISION_ID = /\bD\d{1,2}\b/;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * A literal made only of upper-case codes and digits is a code list (UN/ECE unit codes hold
 * D03, D41 …), not a sentence.
 */
const isCodeList = (text: string): boolean => /^[A-Z0-9\s]+$/.test(text);

/** Every string in a JSON value that cites a decision, with where it is. */
function citingStrings(value: unknown, at = ''): string[] {
  if (typeof value === 'string') return DECISION_ID.test(value) && !isCodeList(value) ? [`${at}: ${value.slice(0, 160)}`] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => citingStrings(item, `${at}[${i}]`));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, item]) => citingStrings(item, `${at}.${key}`));
  return [];
}

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder)).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(path.join(ROOT, file)).isDirectory()) return sourceFiles(file);
    return /\.ts$/.test(name) && !name.endsWith('.d.ts') ? [file] : [];
  });
}

describe('no decision id in any text a user reads', () => {
  let ctx: AccountsApp;
  let baseUrl: string;
  let apiKey: string;
  before(async () => {
    ctx = await startAccountsApp();
    baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    apiKey = (await signUpWithKey(ctx, 'no-decision-ids')).apiKey;
  });
  after(async () => { await ctx.close(); });

  it('the OpenAPI document: every description, summary, title and example', async () => {
    const document = await (await fetch(`${baseUrl}/openapi.json`)).json();
    assert.deepEqual(citingStrings(document), []);
  });

  it('the MCP tools as tools/list gives them, and a generation\'s result', async () => {
    const client = await connectMcp(baseUrl, apiKey);
    try {
      const { tools } = await client.listTools();
      assert.ok(tools.length > 0);
      const result = await callTool(client, 'generate_invoice', { from: { name: 'Acme GmbH' }, to: { name: 'Globex Ltd' }, items: [{ description: 'Consulting', unit_price: 300 }] });
      assert.equal(result.isError ?? false, false, JSON.stringify(result).slice(0, 500));
      assert.deepEqual([...citingStrings(tools, 'tools'), ...citingStrings(result.content, 'generate_invoice result')], []);
    } finally {
      await client.close();
    }
  });

  it('the web app\'s pages as served, and the scripts and styles they load', async () => {
    const paths = ['/', '/dashboard', '/check', '/pricing', ...Object.keys(ACCOUNT_PAGES), '/api/auth/verify?token=no-such-token'];
    const found: string[] = [];
    const assets = new Set<string>();
    for (const page of paths) {
      const html = await (await fetch(`${baseUrl}${page}`)).text();
      for (const line of html.split('\n')) if (DECISION_ID.test(line)) found.push(`${page}: ${line.slice(0, 160)}`);
      for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) assets.add(match[1]!);
    }
    assert.ok(assets.size > 0, 'the pages load the built bundles (npm run build)');
    for (const asset of assets) {
      const text = await (await fetch(`${baseUrl}${asset}`)).text();
      const literals = asset.endsWith('.js') ? stringLiterals(asset, text).map((literal) => literal.text) : [text];
      for (const literal of literals) if (DECISION_ID.test(literal) && !isCodeList(literal)) found.push(`${asset}: ${literal.slice(0, 160)}`);
    }
    assert.deepEqual(found, []);
  });

  it('the string literals of src/ and web/ (the API\'s and the CLI\'s messages, the pages\' texts), comments aside', () => {
    const found = [...sourceFiles('src'), ...sourceFiles('web')].flatMap((file) => stringLiterals(file, readFileSync(path.join(ROOT, file), 'utf8'))
      .filter((literal) => DECISION_ID.test(literal.text) && !isCodeList(literal.text))
      .map((literal) => `${file}:${literal.line}: ${literal.text.slice(0, 120)}`));
    assert.deepEqual(found, []);
  });
});
