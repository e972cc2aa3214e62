import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config/load-config.ts';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';

/** The plan table's rows, by plan name: the cells after the name, as shown. */
function planRows(html: string): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const [, plan, cells] of html.matchAll(/<tr><th scope="row">([^<]+)<\/th>(.*?)<\/tr>/g)) {
    rows.set(plan!, [...cells!.matchAll(/<td>([^<]*)<\/td>/g)].map((match) => match[1]!));
  }
  return rows;
}

describe('GET /pricing', () => {
  let testApp: TestApp;
  before(async () => {
    testApp = await buildTestApp({ PLAN_LIMITS: '{"free":{"hourly":77}}' });
  });
  after(() => testApp.close());

  it('answers 200 HTML with a content security policy', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/pricing' });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/html\b/);
    const csp = String(response.headers['content-security-policy'] ?? '');
    assert.match(csp, /default-src 'none'/);
    assert.match(response.body, /^<!doctype html>/i);
  });

  it('shows the table this instance enforces: PLAN_LIMITS applied, the rest defaults', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/pricing' });
    const rows = planRows(response.body);
    assert.deepEqual([...rows.keys()], ['free', 'starter', 'pro', 'enterprise']);
    const [freeHourly, freeWeekly, freeMonthly] = rows.get('free')!;
    assert.equal(freeHourly, '77');
    assert.equal(freeWeekly, '400');
    assert.match(freeMonthly!, /^100, at most 50 of them PDFs$/);
    assert.deepEqual(rows.get('enterprise'), ['unlimited', 'unlimited', '1,000,000']);
    assert.deepEqual(rows.get('pro'), ['1,000', '40,000', '5,000']);
  });

  it('is the default upgrade_url of a 402', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'invoice-pricing-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://inv.example.com' });
      assert.ok(config.upgradeUrl.endsWith('/pricing'), config.upgradeUrl);
      assert.equal(new URL(config.upgradeUrl).pathname, '/pricing');
      assert.equal(new URL(config.upgradeUrl).origin, 'https://inv.example.com');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
