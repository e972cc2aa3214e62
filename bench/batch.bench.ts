/**
 * POST /api/batch: a batch of 50 ten-line invoices, each rendered to a PDF behind its hosted link,
 * through the built service on the embedded default (SQLite), both cores free for the PDF worker
 * pool. Measures the wall time of each batch at the client (request sent → whole answer read) and
 * the server's peak memory (VmHWM of the process, worker threads included).
 *
 *   npm run bench:batch
 *   BATCHES=20 npm run bench:batch
 *   SERVER=/path/to/other/src/server.ts npm run bench:batch   # the same load on another build
 *
 * Every invoice of every batch is new: its own first line, so no PDF is a cache hit of another.
 * For scale, the same number of batches then runs with features.hosted_link false (computed,
 * numbered and metered; nothing rendered or stored).
 * Target: under 1 s per batch of 50 on a 2-core machine.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { median } from './load-rounds.ts';
import { signUpThroughOutbox } from './sign-up-through-outbox.ts';
import { TEN_LINE_INVOICE } from './ten-line-invoice.ts';
import { waitFor } from './wait-for.ts';

const BATCHES = Number(process.env.BATCHES ?? 10);
const WARMUP_BATCHES = 2;
const ITEMS = 50;
const PORT = 3921;
const SERVER = process.env.SERVER ?? 'dist/server.js';
const HIGH = 1_000_000_000;
const PLAN_LIMITS = JSON.stringify({ free: { hourly: HIGH, weekly: HIGH, monthly_documents: 100_000_000, monthly_pdfs: null } });

let serial = 0;
function batchBody(hostedLink = true): string {
  const invoices = Array.from({ length: ITEMS }, () => {
    serial += 1;
    const invoice = structuredClone(TEN_LINE_INVOICE) as Record<string, any>;
    invoice.items[0].description = `Strategy workshop, engagement ${serial}`;
    if (!hostedLink) invoice.features = { hosted_link: false };
    return invoice;
  });
  return JSON.stringify({ invoices });
}

/** Peak and current resident set of a process, in MB (Linux /proc). */
function memoryMb(pid: number): { peak: number; now: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { peak: kb('VmHWM') / 1024, now: kb('VmRSS') / 1024 };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'invoice-bench-batch-'));
  const server = spawn(process.execPath, [SERVER], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', PLAN_LIMITS },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const base = `http://127.0.0.1:${PORT}`;
    await waitFor(`${base}/api/health`, {});
    const apiKey = await signUpThroughOutbox(base, dataDir, 'bench-batch@example.com', 'batch bench');
    const idle = memoryMb(server.pid!);
    const send = async (hostedLink = true) => {
      const body = batchBody(hostedLink);
      const started = performance.now();
      const res = await fetch(`${base}/api/batch`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` }, body });
      const answer = await res.json() as { meta?: { generated: number }; results?: Array<{ invoice?: { hosted_url?: string } }> };
      const ms = performance.now() - started;
      if (res.status !== 200 || answer.meta?.generated !== ITEMS) throw new Error(`batch answered ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`);
      return { ms, answer };
    };
    for (let i = 0; i < WARMUP_BATCHES; i++) await send();
    const afterWarmUp = memoryMb(server.pid!);
    const times: number[] = [];
    // Resident memory after every batch shows whether it settles or keeps growing.
    const resident: number[] = [];
    let last: Awaited<ReturnType<typeof send>> | undefined;
    for (let i = 0; i < BATCHES; i++) {
      last = await send();
      times.push(last.ms);
      resident.push(memoryMb(server.pid!).now);
    }
    const end = memoryMb(server.pid!);
    // The same batches without links: computed, numbered and metered, nothing rendered or stored.
    const plain: number[] = [];
    for (let i = 0; i < BATCHES; i++) plain.push((await send(false)).ms);
    // One link of the last batch, to show what it serves: the PDF kept at generation.
    const link = last!.answer.results![ITEMS - 1]!.invoice!.hosted_url!;
    const opened = await fetch(link.replace(/^http:\/\/[^/]+/, base));
    const pdfBytes = (await opened.arrayBuffer()).byteLength;

    const sorted = [...times].sort((a, b) => a - b);
    console.log(`Node ${process.version}, ${cpus()[0]?.model} × ${availableParallelism()}; ${BATCHES} batches of ${ITEMS} ten-line PDFs after ${WARMUP_BATCHES} warm-up batches`);
    console.log(`wall time per batch: median ${median(times).toFixed(0)} ms, min ${sorted[0]!.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms (${(ITEMS / (median(times) / 1000)).toFixed(0)} invoices/s)`);
    console.log(`server memory: ${idle.now.toFixed(0)} MB idle before the first PDF; peak ${afterWarmUp.peak.toFixed(0)} MB after warm-up, ${end.peak.toFixed(0)} MB after all batches; ${end.now.toFixed(0)} MB resident at the end`);
    console.log(`a link of the last batch opens as a ${opened.status} ${opened.headers.get('content-type')} of ${(pdfBytes / 1024).toFixed(1)} KB`);
    console.log(`every batch: ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
    console.log(`resident after every batch: ${resident.map((mb) => mb.toFixed(0)).join(', ')} MB`);
    console.log(`the same batches with features.hosted_link false (no PDF, no snapshot): median ${median(plain).toFixed(0)} ms`);
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
