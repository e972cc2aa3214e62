/**
 * Inspecting received e-invoices (docs/inspect.md): documents per second and p50/p99 latency of
 * the use-case (read, schema, every rule set the profile calls for, request, recomputed totals) for
 * 10-line and 100-line XRechnung documents in UBL and CII and for a hybrid PDF, on the check worker
 * pool; the process's RSS under sustained load; and, in the same run, the official checker
 * (check-einvoice.mjs with xmllint, outside this repository) on the same files, one process per
 * file as it is used.
 *
 *   node bench/inspect.bench.ts   (SECONDS=10 per row, WORKERS=2, CONCURRENCY=4; OFFICIAL=path or "none")
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { createCheckWorkerPool } from '../src/einvoice-check/check-worker-pool.ts';
import { inspectReceivedDocument, type ReceivedBody } from '../src/use-cases/inspect/inspect-received-document.ts';
import { hybridOf, xrechnung } from './received-xrechnung.ts';

const SECONDS = Number(process.env.SECONDS ?? 10);
const WORKERS = Number(process.env.WORKERS ?? 2);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 4);
const OFFICIAL = process.env.OFFICIAL ?? path.resolve('../shared/einvoice/check-einvoice.mjs');

const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function main(): Promise<void> {
  const documents: Array<{ name: string; body: ReceivedBody; xml: string }> = [];
  for (const count of [10, 100]) {
    for (const output of ['ubl', 'cii'] as const) {
      const xml = xrechnung(count, output);
      documents.push({ name: `${count}-line XRechnung ${output.toUpperCase()}`, body: { container: 'xml', xml }, xml });
    }
  }
  const hybridXml = xrechnung(10, 'cii');
  documents.push({ name: '10-line XRechnung CII in a PDF', body: { container: 'pdf', pdf: await hybridOf(hybridXml) }, xml: hybridXml });

  const checker = createCheckWorkerPool({ size: WORKERS });
  const warmStart = performance.now();
  for (const d of documents) {
    const first = await inspectReceivedDocument(checker, d.body, '2026-11-28');
    if (!first.verdict.valid || first.totals?.agree !== true) throw new Error(`${d.name} does not inspect valid: ${JSON.stringify(first.verdict.problems.slice(0, 3))}`);
  }
  console.log(`${cpus().length} × ${cpus()[0]?.model}; ${WORKERS} check workers (of ${availableParallelism()} cores), ${CONCURRENCY} documents in flight, ${SECONDS} s per row; warm-up of every rule set ${((performance.now() - warmStart) / 1000).toFixed(1)} s`);
  console.log('\n| document | bytes | p50 ms alone | p99 ms alone | documents/s, ' + CONCURRENCY + ' in flight | RSS MB after |');
  console.log('|---|---|---|---|---|---|');
  let peakRss = 0;
  for (const d of documents) {
    // Latency: one document at a time.
    const alone: number[] = [];
    const until = performance.now() + (SECONDS * 1000) / 2;
    while (performance.now() < until || alone.length < 10) {
      const t = performance.now();
      await inspectReceivedDocument(checker, d.body, '2026-11-28');
      alone.push(performance.now() - t);
    }
    alone.sort((a, b) => a - b);
    // Throughput: several in flight, as concurrent requests would put them.
    let done = 0;
    const started = performance.now();
    const stop = started + (SECONDS * 1000) / 2;
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < stop) {
        await inspectReceivedDocument(checker, d.body, '2026-11-28');
        done += 1;
        peakRss = Math.max(peakRss, process.memoryUsage.rss());
      }
    }));
    const rate = done / ((performance.now() - started) / 1000);
    const bytes = d.body.container === 'xml' ? Buffer.byteLength(d.xml) : d.body.pdf.byteLength;
    console.log(`| ${d.name} | ${bytes} | ${quantile(alone, 0.5).toFixed(0)} | ${quantile(alone, 0.99).toFixed(0)} | ${rate.toFixed(1)} | ${(process.memoryUsage.rss() / 1e6).toFixed(0)} |`);
  }
  await checker.close();
  console.log(`\nPeak RSS under load (main thread and ${WORKERS} check workers): ${(peakRss / 1e6).toFixed(0)} MB`);

  if (OFFICIAL === 'none' || !existsSync(OFFICIAL)) {
    console.log(`\n(no official checker at ${OFFICIAL}: its column is left out)`);
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'inspect-bench-'));
  try {
    console.log('\n| document | official checker, one process per file: ms (median of 5) |');
    console.log('|---|---|');
    for (const d of documents.filter((doc) => doc.body.container === 'xml')) {
      const file = path.join(dir, 'doc.xml');
      writeFileSync(file, d.xml);
      const times: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const t = performance.now();
        const run = spawnSync(process.execPath, [OFFICIAL, '--profile', 'xrechnung', file], { encoding: 'utf8' });
        if (run.status !== 0) throw new Error(`the official checker says ${run.stdout}${run.stderr}`);
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      console.log(`| ${d.name} | ${times[2]!.toFixed(0)} |`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
