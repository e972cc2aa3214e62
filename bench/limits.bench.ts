/**
 * What the limits cost: POST /api/generate-invoice (10-line invoice, JSON) on the current build,
 * with burst windows and monthly metering on, beside the build before limits existed (BASELINE_REF,
 * by default 1d0b873, the last commit before limits), in alternating rounds.
 *
 * Two callers on each build:
 *  - anonymous: the current build counts the request in its per-IP hour and week (one statement);
 *  - an account's API key: the current build also counts the account's windows and meters the
 *    document in the transaction that draws the invoice number.
 * Limits are set so high that nothing is refused: every request does all the counting.
 *
 * Both servers run dist/server.js on embedded SQLite pinned to CPU 0, autocannon on CPU 1.
 * The cost of limits is (current − baseline) ÷ current of the server's CPU time per request.
 *
 *   npm run bench:limits                          # builds the current and the baseline first
 *   ROUNDS=10 BASELINE_REF=<commit> npm run bench:limits
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { load, median, startPinned, warmUp, type LoadOptions, type Result } from './load-rounds.ts';
import { TEN_LINE_INVOICE } from './ten-line-invoice.ts';
import { signUpThroughOutbox } from './sign-up-through-outbox.ts';
import { waitFor } from './wait-for.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 10);
const LOAD: LoadOptions = { connections: Number(process.env.CONNECTIONS ?? 16), durationS: Number(process.env.DURATION_S ?? 3) };
const WARMUP_S = 3;
const BASELINE_REF = process.env.BASELINE_REF ?? '1d0b873';
const HIGH = 1_000_000_000;
const PLAN_LIMITS = JSON.stringify({
  anonymous: { hourly: HIGH, weekly: HIGH },
  free: { hourly: HIGH, weekly: HIGH, monthly_documents: 100_000_000, monthly_pdfs: null },
});

/** The baseline build: a worktree of BASELINE_REF sharing this checkout's node_modules. */
function buildBaseline(): { root: string; remove(): void } {
  const root = mkdtempSync(path.join(tmpdir(), 'invoice-baseline-'));
  execFileSync('git', ['worktree', 'add', '--detach', root, BASELINE_REF], { stdio: 'ignore' });
  symlinkSync(path.resolve('node_modules'), path.join(root, 'node_modules'));
  execFileSync(path.resolve('node_modules/.bin/tsc'), ['-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
  return { root, remove: () => execFileSync('git', ['worktree', 'remove', '--force', root], { stdio: 'ignore' }) };
}

interface Server { readonly name: string; readonly process: ChildProcess; readonly url: string; readonly apiKey: string; readonly dataDir: string }

/** Starts a build and makes it an account with an API key, through the API and the file outbox. */
async function startServer(name: string, root: string, port: number, env: Record<string, string>, started: Array<{ process: ChildProcess; dataDir: string }>): Promise<Server> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'invoice-bench-'));
  const child = startPinned([path.join(root, 'dist/server.js')], { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env }, root);
  // Recorded at once, so a failure during the set-up below still stops it and removes its data.
  started.push({ process: child, dataDir });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, {});
  const apiKey = await signUpThroughOutbox(base, dataDir, `bench-${port}@example.com`, name);
  return { name, process: child, url: `${base}/api/generate-invoice`, apiKey, dataDir };
}

async function main(): Promise<void> {
  const body = JSON.stringify(TEN_LINE_INVOICE);
  const baseline = buildBaseline();
  const started: Array<{ process: ChildProcess; dataDir: string }> = [];
  const servers: Server[] = [];
  try {
    servers.push(await startServer(`baseline ${BASELINE_REF}`, baseline.root, 3911, {}, started));
    servers.push(await startServer('current, limits on', process.cwd(), 3912, { PLAN_LIMITS }, started));
    const cases = servers.flatMap((server) => [
      { server, caller: 'anonymous', options: LOAD },
      { server, caller: 'API key', options: { ...LOAD, headers: [`authorization=Bearer ${server.apiKey}`] } },
    ]);
    for (const c of cases) {
      const check = await fetch(c.server.url, { method: 'POST', headers: { 'content-type': 'application/json', ...(c.caller === 'API key' ? { authorization: `Bearer ${c.server.apiKey}` } : {}) }, body });
      if (check.status !== 200) throw new Error(`${c.server.name}, ${c.caller}: ${check.status} ${await check.text()}`);
      warmUp(c.server.url, body, c.options, WARMUP_S);
    }
    const rounds: Result[][] = [];
    for (let round = 0; round < ROUNDS; round++) {
      rounds.push(cases.map((c) => load(`${c.server.name}, ${c.caller}`, c.server.url, body, c.server.process, c.options)));
    }

    console.log(`Node ${process.version}, ${cpus()[0]?.model} × ${cpus().length}; autocannon ${LOAD.connections} connections, ${ROUNDS} rounds of ${LOAD.durationS} s per case, alternating`);
    console.log('| caller | build | req/s (median) | p50 / p99 ms | server CPU µs per request (median) |');
    console.log('|---|---|---|---|---|');
    cases.forEach((c, i) => {
      const column = rounds.map((r) => r[i]!);
      console.log(`| ${c.caller} | ${c.server.name} | ${Math.round(median(column.map((r) => r.rps)))} | ${median(column.map((r) => r.p50))} / ${median(column.map((r) => r.p99))} | ${median(column.map((r) => r.cpuUsPerRequest)).toFixed(1)} |`);
    });
    for (const [caller, b, c] of [['anonymous', 0, 2], ['API key', 1, 3]] as const) {
      // Per round, so each pair ran under the same host conditions.
      const cpuShare = median(rounds.map((r) => (r[c]!.cpuUsPerRequest - r[b]!.cpuUsPerRequest) / r[c]!.cpuUsPerRequest));
      const rpsRatio = median(rounds.map((r) => r[c]!.rps / r[b]!.rps));
      console.log(`${caller}: limits take ${(cpuShare * 100).toFixed(1)} % of the current endpoint's CPU time per request (median of per-round shares); req/s is ${(rpsRatio * 100).toFixed(1)} % of the baseline's`);
    }
    const failures = rounds.flat().filter((r) => r.non2xx > 0 || r.errors > 0);
    if (failures.length > 0) {
      console.log(`non-2xx or errors: ${failures.map((f) => `${f.name}: ${f.non2xx} non-2xx, ${f.errors} errors`).join('; ')}`);
      process.exitCode = 1;
    }
  } finally {
    for (const server of started) {
      server.process.kill('SIGTERM');
      rmSync(server.dataDir, { recursive: true, force: true });
    }
    baseline.remove();
  }
}

await main();
