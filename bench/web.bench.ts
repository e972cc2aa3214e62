/**
 * The web app as a visitor meets it: what a first visit downloads, and how long the generator takes
 * in Debian's Chromium (playwright-core) against the production server (dist/server.js, embedded
 * SQLite):
 * - bytes of each page's bundle (script, imported chunks, style sheet), as sent (the service does
 *   not compress; a proxy in front that gzips would send the second figure);
 * - cold load: a new browser context (empty cache) opens / with a saved draft, until the preview
 *   shows the grand total (HTML, bundle, /api/auth/me; the totals are computed in the page);
 * - warm load: the same context again (bundle from the cache: immutable; HTML revalidated);
 * - keystroke to new total: a quantity typed until the total changes, which includes the
 *   generator's 150 ms debounce; no request is made (checked with Resource Timing).
 *
 *   npm run bench:web             # builds first
 *   RUNS=40 npm run bench:web
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { loadWebAssets, WEB_ENTRIES } from '../src/http/pages/web-assets.ts';
import { startPinned } from './load-rounds.ts';
import { waitFor } from './wait-for.ts';

const RUNS = Number(process.env.RUNS ?? 20);
const PORT = 3911;
const ORIGIN = `http://127.0.0.1:${PORT}`;

/** The little of the DOM the page-side callbacks use (this file is type-checked without DOM types). */
interface PageGlobals { document: { getElementById(id: string): { textContent: string | null } | null } }


const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const summary = (values: number[]): string => `median ${percentile(values, 50).toFixed(0)} ms, p90 ${percentile(values, 90).toFixed(0)} ms`;

/** A ten-line draft, as the generator keeps it in local storage. */
const DRAFT = JSON.stringify({
  fields: { 'from.name': 'Acme GmbH', 'to.name': 'Globex Ltd', 'invoice.currency': 'EUR', tax: '19' },
  items: Array.from({ length: 10 }, (_, i) => ({ description: `Item ${i + 1}`, quantity: String(i + 1), unit: 'hrs', unit_price: '95.5', discount: i % 3 === 0 ? '10' : '', discount_type: 'percent', tax: '' })),
  images: {},
});

async function main(): Promise<void> {
  // What each page links, exactly as the server reads the build.
  const web = loadWebAssets();
  if (web.entries === undefined) throw new Error(web.missingReason);
  console.log('| page bundle | files | bytes sent | gzip would be |');
  console.log('|---|---|---|---|');
  for (const entry of WEB_ENTRIES) {
    const { script, preloads, styles } = web.entries[entry];
    const bodies = [script, ...preloads, ...styles].map((file) => web.files.get(file)!.body);
    const raw = bodies.reduce((sum, b) => sum + b.length, 0);
    const gzip = bodies.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0);
    console.log(`| ${entry} | ${bodies.length} | ${(raw / 1024).toFixed(1)} KB | ${(gzip / 1024).toFixed(1)} KB |`);
  }

  const dataDir = mkdtempSync(path.join(tmpdir(), 'invoice-bench-web-'));
  const service = startPinned(['dist/server.js'], { PORT: String(PORT), DATA_DIR: dataDir, PUBLIC_URL: ORIGIN, LOG_LEVEL: 'warn' });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  try {
    await waitFor(`${ORIGIN}/api/health`, {});
    const cold: number[] = [];
    const warm: number[] = [];
    const keystroke: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      // Page-side code is given as text: this file is type-checked without the DOM's types.
      await context.addInitScript(`if (localStorage.getItem('invoice-service:draft:v1') === null) localStorage.setItem('invoice-service:draft:v1', ${JSON.stringify(DRAFT)});`);
      const page = await context.newPage();
      let start = performance.now();
      await page.goto(`${ORIGIN}/`);
      await page.waitForSelector('#grand-total');
      cold.push(performance.now() - start);

      start = performance.now();
      await page.reload();
      await page.waitForSelector('#grand-total');
      warm.push(performance.now() - start);

      const before = await page.locator('#grand-total').textContent();
      const requestsBefore = await page.evaluate<number>("performance.getEntriesByType('resource').length");
      start = performance.now();
      await page.locator('[name="items.0.quantity"]').fill(String(100 + run));
      // A function, not a string: the page's CSP refuses string evaluation (no 'unsafe-eval').
      await page.waitForFunction((old) => (globalThis as unknown as PageGlobals).document.getElementById('grand-total')?.textContent !== old, before);
      keystroke.push(performance.now() - start);
      const requestsAfter = await page.evaluate<number>("performance.getEntriesByType('resource').length");
      if (requestsAfter !== requestsBefore) throw new Error(`typing made ${requestsAfter - requestsBefore} requests; the totals are computed in the page (D44)`);
      await context.close();
    }
    console.log(`\nChromium ${browser.version()}, invoice-service on CPU 0, ${cpus()[0]?.model} × ${cpus().length}, Node ${process.version}, ${RUNS} runs`);
    console.log(`cold load of / until the total shows: ${summary(cold)}`);
    console.log(`warm load (cached bundle):            ${summary(warm)}`);
    console.log(`keystroke to new total (150 ms debounce included, no request): ${summary(keystroke)}`);
  } finally {
    await browser.close();
    service.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
