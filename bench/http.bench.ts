/**
 * HTTP load benchmark of POST /api/generate-invoice (JSON output, a realistic 10-line invoice)
 * beside a bare Fastify endpoint that returns a fixed body, measured in the same run.
 *
 * The server under test is pinned to CPU 0 and the load generator (autocannon, its own process)
 * to CPU 1 with taskset, so they never compete for a core. The invoice service runs as production
 * runs it (dist/server.js, embedded SQLite, info-level request log to a discarded stdout).
 *
 *   npm run bench:http            # builds first
 *   DURATION_S=20 CONNECTIONS=32 npm run bench:http
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { TEN_LINE_INVOICE } from './ten-line-invoice.ts';

const DURATION_S = Number(process.env.DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 16);
const WARMUP_S = 3;
const AUTOCANNON = path.resolve('node_modules/autocannon/autocannon.js');

interface Result { name: string; rps: number; p50: number; p99: number; non2xx: number; errors: number; total: number }

function startPinned(args: string[], env: Record<string, string>): ChildProcess {
  return spawn('taskset', ['-c', '0', process.execPath, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function waitFor(url: string, init: RequestInit): Promise<Response> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      return await fetch(url, init);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

function load(name: string, url: string, body: string): Result {
  const common = ['-c', String(CONNECTIONS), '-m', 'POST', '-H', 'content-type=application/json', '-b', body];
  spawnSync('taskset', ['-c', '1', process.execPath, AUTOCANNON, ...common, '-d', String(WARMUP_S), '-j', url], { encoding: 'utf8' });
  const run = spawnSync('taskset', ['-c', '1', process.execPath, AUTOCANNON, ...common, '-d', String(DURATION_S), '-j', url], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const out = JSON.parse(run.stdout) as { requests: { average: number; total: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number };
  return { name, rps: out.requests.average, p50: out.latency.p50, p99: out.latency.p99, non2xx: out.non2xx, errors: out.errors, total: out.requests.total };
}

async function main(): Promise<void> {
  const body = JSON.stringify(TEN_LINE_INVOICE);
  const results: Result[] = [];

  const bare = startPinned(['bench/bare-server.ts', '3901'], {});
  await waitFor('http://127.0.0.1:3901/fixed', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  results.push(load('bare Fastify, fixed body', 'http://127.0.0.1:3901/fixed', body));
  bare.kill('SIGTERM');

  const dataDir = mkdtempSync(path.join(tmpdir(), 'invoice-bench-'));
  const service = startPinned(['dist/server.js'], { PORT: '3902', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  const check = await waitFor('http://127.0.0.1:3902/api/generate-invoice', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const checked = (await check.json()) as { invoice?: { grand_total: number } };
  if (check.status !== 200 || checked.invoice === undefined) throw new Error(`the service answered ${check.status}`);
  results.push(load('POST /api/generate-invoice (10 lines, JSON)', 'http://127.0.0.1:3902/api/generate-invoice', body));
  service.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });

  const floor = results[0]!.rps;
  const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
  console.log(`invoice-service ${version}, Node ${process.version}, ${cpus()[0]?.model} × ${cpus().length}`);
  console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION_S} s after ${WARMUP_S} s warm-up; server on CPU 0, load on CPU 1`);
  console.log('| endpoint | req/s | p50 ms | p99 ms | % of floor | non-2xx | errors |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(`| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${((r.rps / floor) * 100).toFixed(1)} % | ${r.non2xx} | ${r.errors} |`);
  }
  if (results.some((r) => r.non2xx > 0 || r.errors > 0)) process.exitCode = 1;
}

await main();
