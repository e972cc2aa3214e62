/**
 * PDF rendering: the service's Typst worker pool beside a Chromium HTML→PDF baseline of the same
 * worded invoice, measured in the same run.
 *
 *   npm run bench:pdf
 *
 * Chromium is Debian's (`apt-get install chromium`, /usr/bin/chromium) driven by playwright-core
 * with pooled pages, one per core; it is a benchmark-only dependency. Both engines get the same
 * fonts (Chromium through @font-face from the same npm font files).
 *
 * Then the hybrid stream: a Factur-X PDF beside the plain PDF of the same invoice, on the same pool
 * after the plain streams and the memory rounds (hybrid-pdf-stream.ts), and where a hybrid's extra
 * time goes, step by step in process (hybrid-pdf-breakdown.ts).
 */
// First, as in src/server.ts: this process runs the worker pool, so it starts with the same glibc
// malloc settings as the service.
import '../src/render/start-with-allocator-settings.ts';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { computeInvoice } from '../src/domain/invoice/compute-invoice.ts';
import type { Language } from '../src/domain/invoice/catalog.ts';
import { normalizeInvoiceRequest } from '../src/requests/normalize-invoice-request.ts';
import { buildInvoiceView } from '../src/domain/pdf/build-invoice-view.ts';
import type { InvoiceView } from '../src/domain/pdf/invoice-view.ts';
import { createPdfWorkerPool } from '../src/render/pdf-worker-pool.ts';
import type { InvoiceRequest } from '../src/domain/invoice/invoice-request-schema.ts';
import { docsPerSecond } from './docs-per-second.ts';
import { invoiceViewHtml } from './invoice-view-html.ts';
import { latencySummary, type LatencySummary } from './latency-summary.ts';
import { TEN_LINE_INVOICE } from './ten-line-invoice.ts';
import { CHROMIUM_PATH } from '../scripts/chromium.ts';

const CORES = availableParallelism();
const LATENCY_DOCS = Number(process.env.LATENCY_DOCS ?? 60);
const THROUGHPUT_DOCS = Number(process.env.THROUGHPUT_DOCS ?? 400);
const CHROMIUM_LATENCY_DOCS = Number(process.env.CHROMIUM_LATENCY_DOCS ?? 20);
const CHROMIUM_THROUGHPUT_DOCS = Number(process.env.CHROMIUM_THROUGHPUT_DOCS ?? 80);
const CHROMIUM = process.env.CHROMIUM ?? CHROMIUM_PATH;
const MEMORY_ROUNDS = Number(process.env.MEMORY_ROUNDS ?? 8);
const HYBRID_LATENCY_DOCS = Number(process.env.HYBRID_LATENCY_DOCS ?? 100);
const BREAKDOWN_DOCS = Number(process.env.BREAKDOWN_DOCS ?? 100);

/** Resident memory of this process (all threads) from /proc: total, anonymous, file-backed, in MB. */
function residentMb(): { rss: number; anon: number; file: number } {
  const rollup = readFileSync('/proc/self/smaps_rollup', 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? NaN) / 1024;
  return { rss: kb('Rss'), anon: kb('Anonymous'), file: kb('Rss') - kb('Anonymous') };
}

function view(language: Language, lines = 10): InvoiceView {
  const base = structuredClone(TEN_LINE_INVOICE) as Record<string, any>;
  base.invoice = { ...base.invoice, language };
  if (lines !== 10) base.items = Array.from({ length: lines }, (_, i) => ({ ...base.items[i % base.items.length], description: `${i + 1}. ${base.items[i % base.items.length].description}` }));
  const invoice = computeInvoice(normalizeInvoiceRequest(base) as InvoiceRequest, { today: '2026-11-21', number: 'INV-2026-00042' });
  return buildInvoiceView(invoice);
}

const CASES: Array<{ name: string; view: InvoiceView }> = [
  { name: 'en, 10 lines', view: view('en') },
  { name: 'ar, 10 lines', view: view('ar') },
  { name: 'hi, 10 lines', view: view('hi') },
  { name: 'ja, 10 lines', view: view('ja') },
  { name: 'en, 100 lines', view: view('en', 100) },
];
const MIXED = CASES.slice(0, 4).map((c) => c.view);

/**
 * Two streams of documents, neither of which repeats a document, so no engine is timed on a cache
 * hit of the very same PDF:
 * - `catalogue`: each document has its own number and first description and otherwise the same
 *   lines, as a company invoicing from a price list sends;
 * - `all-new`: every cell of every line is new text, the worst case for Typst's layout cache.
 */
type Stream = 'catalogue' | 'all-new';
let serial = 0;
function fresh(v: InvoiceView, stream: Stream): InvoiceView {
  serial += 1;
  const number = `INV-2026-${String(serial).padStart(5, '0')}`;
  return {
    ...v,
    number,
    meta: v.meta.map(([label, value], i) => (i === 0 ? [label, number] as const : [label, value] as const)),
    items: v.items.map((row, i) => {
      if (stream === 'all-new') return { ...row, cells: row.cells.map((cell) => `${cell} ${serial}`) };
      return i === 0 ? { ...row, cells: [`${row.cells[0]} #${serial}`, ...row.cells.slice(1)] } : row;
    }),
  };
}

async function timeEach(count: number, render: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const start = performance.now();
    await render();
    times.push(performance.now() - start);
  }
  return times;
}

/** Documents per second with `workers` renders in flight at once, over the mixed set. */
const throughput = (total: number, workers: number, stream: Stream, render: (view: InvoiceView, worker: number) => Promise<unknown>): Promise<number> =>
  docsPerSecond(total, workers, (i) => fresh(MIXED[i % MIXED.length]!, stream), render);

const FONT_DIR = fileURLToPath(new URL('../node_modules/@expo-google-fonts/', import.meta.url));
const FONT_FACES = [
  ['Noto Sans', 'noto-sans/400Regular/NotoSans_400Regular.ttf', 400], ['Noto Sans', 'noto-sans/700Bold/NotoSans_700Bold.ttf', 700],
  ['Amiri', 'amiri/400Regular/Amiri_400Regular.ttf', 400], ['Amiri', 'amiri/700Bold/Amiri_700Bold.ttf', 700],
  ['Noto Sans Devanagari', 'noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf', 400], ['Noto Sans Devanagari', 'noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf', 700],
  ['Noto Sans JP', 'noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf', 400], ['Noto Sans JP', 'noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf', 700],
].map(([family, file, weight]) => `@font-face { font-family: "${family}"; font-weight: ${weight}; src: url("${pathToFileURL(path.join(FONT_DIR, file as string)).href}"); }`).join('\n');

async function main(): Promise<void> {
  const rows: string[] = [];
  // ---- Typst worker pool (the service's renderer) ----
  const rssBefore = process.memoryUsage().rss;
  const pool = createPdfWorkerPool({ size: CORES });
  for (let i = 0; i < 40; i += 1) await pool.render(fresh(MIXED[i % MIXED.length]!, 'catalogue'), []);
  const typst: Record<Stream, Record<string, LatencySummary>> = { catalogue: {}, 'all-new': {} };
  for (const stream of ['catalogue', 'all-new'] as const) {
    for (const c of CASES) typst[stream][c.name] = latencySummary(await timeEach(c.name.includes('100') ? LATENCY_DOCS / 2 : LATENCY_DOCS, () => pool.render(fresh(c.view, stream), [])));
  }
  const typstRate = { catalogue: await throughput(THROUGHPUT_DOCS, CORES * 2, 'catalogue', (v) => pool.render(v, [])), 'all-new': await throughput(THROUGHPUT_DOCS, CORES * 2, 'all-new', (v) => pool.render(v, [])) };
  // RSS after each further round shows whether memory settles (Typst's cache is evicted per
  // document). Sampled before Chromium's driver is loaded, so the process holds what the service's
  // does: playwright-core alone added 66 MB here.
  const rssRounds: number[] = [];
  const poolStarted = performance.now();
  const samples: string[] = [];
  for (let round = 0; round < MEMORY_ROUNDS; round += 1) {
    const stream = round % 2 === 0 ? 'all-new' : 'catalogue';
    const rate = await throughput(THROUGHPUT_DOCS, CORES * 2, stream, (v) => pool.render(v, []));
    rssRounds.push(process.memoryUsage().rss);
    samples.push(`${((performance.now() - poolStarted) / 1000).toFixed(0)} s: ${(rssRounds.at(-1)! / 2 ** 20).toFixed(0)} MB (${stream}, ${rate.toFixed(0)} docs/s)`);
  }
  const rssPeak = Math.max(...rssRounds);
  const rssAfter = process.memoryUsage().rss;
  const resident = residentMb();
  // After the memory rounds, and loaded only then, so their figures stay those of plain PDFs alone:
  // the e-invoice, validation and pdf-lib modules add ~40 MB to this process.
  const { measureHybridStream, printHybridStream } = await import('./hybrid-pdf-stream.ts');
  const { measureHybridBreakdown, printHybridBreakdown } = await import('./hybrid-pdf-breakdown.ts');
  const hybrid = await measureHybridStream(pool, { latencyDocs: HYBRID_LATENCY_DOCS, throughputDocs: THROUGHPUT_DOCS, workers: CORES * 2 });
  await pool.close();
  const breakdown = await measureHybridBreakdown(BREAKDOWN_DOCS);

  // ---- Chromium baseline ----
  const { chromium } = await import('playwright-core');
  const dir = mkdtempSync(path.join(tmpdir(), 'pdf-bench-'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const pages: Page[] = await Promise.all(Array.from({ length: CORES }, () => browser.newPage()));
  // Each pooled page opens a file:// shell once, so the @font-face files load once per page; a
  // document then replaces the page's content in place (setContent keeps the page's origin).
  const shell = path.join(dir, 'shell.html');
  writeFileSync(shell, `<!doctype html><html><head><style>${FONT_FACES}</style></head><body></body></html>`);
  await Promise.all(pages.map((page) => page.goto(pathToFileURL(shell).href)));
  const chromiumPdf = async (v: InvoiceView, worker: number) => {
    const page = pages[worker]!;
    await page.setContent(invoiceViewHtml(v).replace('<style>', `<style>\n${FONT_FACES}\n`), { waitUntil: 'load' });
    // Runs in the page (a string, so this file needs no DOM types).
    await page.evaluate('document.fonts.ready.then(() => true)');
    return page.pdf({ format: v.paper === 'a4' ? 'A4' : 'Letter', printBackground: true });
  };
  for (let i = 0; i < 8; i += 1) await chromiumPdf(fresh(MIXED[i % MIXED.length]!, 'all-new'), i % CORES);
  const chrome: Record<string, LatencySummary> = {};
  // Chromium keeps no layout between documents, so one stream (all-new) measures it.
  for (const c of CASES) chrome[c.name] = latencySummary(await timeEach(CHROMIUM_LATENCY_DOCS, () => chromiumPdf(fresh(c.view, 'all-new'), 0)));
  const chromeRate = await throughput(CHROMIUM_THROUGHPUT_DOCS, CORES, 'all-new', chromiumPdf);
  await browser.close();
  rmSync(dir, { recursive: true, force: true });

  console.log(`Node ${process.version}, ${cpus()[0]?.model} × ${CORES}; Typst pool of ${CORES} workers; Chromium ${browser.version()} with ${CORES} pooled pages`);
  const ms = (x: LatencySummary) => `${x.p50.toFixed(1)} / ${x.p95.toFixed(1)}`;
  console.log('| document | Typst, catalogue stream: p50 / p95 ms | Typst, all-new stream: p50 / p95 ms | Chromium p50 / p95 ms |');
  console.log('|---|---|---|---|');
  for (const c of CASES) rows.push(`| ${c.name} | ${ms(typst.catalogue[c.name]!)} | ${ms(typst['all-new'][c.name]!)} | ${ms(chrome[c.name]!)} |`);
  console.log(rows.join('\n'));
  console.log(`| docs/s, mixed en/ar/hi/ja, all cores | ${typstRate.catalogue.toFixed(0)} | ${typstRate['all-new'].toFixed(0)} | ${chromeRate.toFixed(1)} |`);
  console.log(`Typst ÷ Chromium docs/s: ${(typstRate.catalogue / chromeRate).toFixed(1)}× (catalogue stream), ${(typstRate['all-new'] / chromeRate).toFixed(1)}× (all-new stream)`);
  const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
  console.log(`process RSS (main thread + ${CORES} render workers): ${mb(rssBefore)} MB before the pool; after each round of ${THROUGHPUT_DOCS} more documents: ${rssRounds.map(mb).join(', ')} MB; peak ${mb(rssPeak)} MB, ${mb(rssAfter)} MB at the end`);
  console.log(`  at the end: ${resident.anon.toFixed(0)} MB anonymous (heaps), ${resident.file.toFixed(0)} MB file-backed (node and the Typst library); allocator settings: ${['LD_PRELOAD', 'MALLOC_CONF', 'MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_', 'MALLOC_TRIM_THRESHOLD_'].map((name) => `${name}=${process.env[name] ?? 'unset'}`).join(' ')}`);
  console.log(`  samples since the pool started (after warm-up, latency and rate runs): ${samples.join('; ')}`);
  printHybridStream(hybrid, CORES);
  printHybridBreakdown(breakdown);
}

await main();
