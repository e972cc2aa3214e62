/**
 * HTTP load benchmark of POST /api/generate-invoice (JSON output, a realistic 10-line invoice)
 * beside a bare Fastify endpoint that returns a fixed body (the same bytes), measured in the same
 * run.
 *
 * The server under test is pinned to CPU 0 and the load generator (autocannon, its own process)
 * to CPU 1 with taskset, so they never compete for a core. The invoice service runs as production
 * runs it (dist/server.js, embedded SQLite, info-level request log to a discarded stdout).
 *
 *   npm run bench:http            # builds first
 *   DURATION_S=20 CONNECTIONS=32 npm run bench:http
 *   SERVICE_DIST=/path/to/other/checkout/dist npm run bench:http   # A/B another build with this script
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { TEN_LINE_INVOICE } from './ten-line-invoice.ts';
import { load, median, startPinned, warmUp, type LoadOptions, type Result } from './load-rounds.ts';
import { waitFor } from './wait-for.ts';

const DURATION_S = Number(process.env.DURATION_S ?? 3);
// This machine shares its host: the speed of a core drifts by ±30 % from one minute to the next
// (seen in both req/s and CPU time per request). Short rounds alternating between the two
// endpoints put each pair under the same conditions; the median of the per-round ratios is the
// figure that holds still.
const ROUNDS = Number(process.env.ROUNDS ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 16);
// V8 goes on optimising the request path for the first ~18,000 requests (docs/performance.md):
// a shorter warm-up measures that compiling inside the rounds, and penalises the build with more
// code to optimise.
const WARMUP_S = Number(process.env.WARMUP_S ?? 15);
/** The build under test, with its checkout's templates and fonts beside it. */
const SERVICE_DIST = path.resolve(process.env.SERVICE_DIST ?? 'dist');
const LOAD: LoadOptions = { connections: CONNECTIONS, durationS: DURATION_S };

async function main(): Promise<void> {
  const body = JSON.stringify(TEN_LINE_INVOICE);
  const bareUrl = 'http://127.0.0.1:3901/fixed';
  const invoiceUrl = 'http://127.0.0.1:3902/api/generate-invoice';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'invoice-bench-'));
  // Limits are on, as in production, with figures no run can reach: every request is counted
  // in its per-IP windows, none is refused.
  const service = startPinned([path.join(SERVICE_DIST, 'server.js')], { PORT: '3902', DATA_DIR: dataDir, LOG_LEVEL: 'info', PLAN_LIMITS: '{"anonymous":{"hourly":1000000000,"weekly":1000000000}}' });
  let bare: ChildProcess | undefined;
  try {
    const check = await waitFor(invoiceUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const answer = await check.text();
    if (check.status !== 200 || !answer.includes('"grand_total"')) throw new Error(`the service answered ${check.status}`);
    // The floor answers the same bytes, so the comparison is of the work, not of the body size.
    const fixedBodyFile = path.join(dataDir, 'fixed-body.json');
    writeFileSync(fixedBodyFile, answer);
    bare = startPinned(['bench/bare-server.ts', '3901', fixedBodyFile], {});
    await waitFor(bareUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    console.log(`response body: ${Buffer.byteLength(answer)} bytes from both endpoints; request body: ${Buffer.byteLength(body)} bytes`);

    warmUp(bareUrl, body, LOAD, WARMUP_S);
    warmUp(invoiceUrl, body, LOAD, WARMUP_S);
    const rounds: Array<{ bare: Result; invoice: Result }> = [];
    for (let round = 0; round < ROUNDS; round++) {
      rounds.push({
        bare: load('bare Fastify, fixed body', bareUrl, body, bare, LOAD),
        invoice: load('POST /api/generate-invoice (10 lines, JSON)', invoiceUrl, body, service, LOAD),
      });
    }

    const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
    console.log(`invoice-service ${version} (${SERVICE_DIST}), Node ${process.version}, ${cpus()[0]?.model} × ${cpus().length}`);
    console.log(`autocannon: ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION_S} s each after a ${WARMUP_S} s warm-up of each server; server on CPU 0, load on CPU 1`);
    console.log('| round | bare Fastify req/s (p50 / p99 ms, CPU µs/req) | generate-invoice req/s (p50 / p99 ms, CPU µs/req) | req/s ratio | CPU ratio |');
    console.log('|---|---|---|---|---|');
    const row = (r: Result) => `${Math.round(r.rps)} (${r.p50} / ${r.p99} ms, ${r.cpuUsPerRequest.toFixed(1)} µs)`;
    rounds.forEach((r, i) => {
      console.log(`| ${i + 1} | ${row(r.bare)} | ${row(r.invoice)} | ${((r.invoice.rps / r.bare.rps) * 100).toFixed(1)} % | ${((r.bare.cpuUsPerRequest / r.invoice.cpuUsPerRequest) * 100).toFixed(1)} % |`);
    });
    const med = (pick: (r: { bare: Result; invoice: Result }) => number) => median(rounds.map(pick));
    console.log(`| median | ${Math.round(med((r) => r.bare.rps))} (${med((r) => r.bare.p50)} / ${med((r) => r.bare.p99)} ms, ${med((r) => r.bare.cpuUsPerRequest).toFixed(1)} µs) | ${Math.round(med((r) => r.invoice.rps))} (${med((r) => r.invoice.p50)} / ${med((r) => r.invoice.p99)} ms, ${med((r) => r.invoice.cpuUsPerRequest).toFixed(1)} µs) | ${(med((r) => r.invoice.rps / r.bare.rps) * 100).toFixed(1)} % | ${(med((r) => r.bare.cpuUsPerRequest / r.invoice.cpuUsPerRequest) * 100).toFixed(1)} % |`);
    const failures = rounds.flatMap((r) => [r.bare, r.invoice]).filter((r) => r.non2xx > 0 || r.errors > 0);
    if (failures.length > 0) {
      console.log(`non-2xx or errors: ${failures.map((f) => `${f.name}: ${f.non2xx} non-2xx, ${f.errors} errors`).join('; ')}`);
      process.exitCode = 1;
    }
  } finally {
    bare?.kill('SIGTERM');
    service.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
