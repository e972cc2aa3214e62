/**
 * The HTTP benchmark's noise-free twin: CPU instructions per request, counted by valgrind's
 * callgrind, for POST /api/generate-invoice (the realistic 10-line invoice) and for the bare
 * Fastify floor answering the same bytes.
 *
 * Why: this machine shares its host, and the speed of a core swings by ±30 % from one minute to
 * the next, so req/s ratios of runs taken minutes apart differ by more than most code changes.
 * callgrind counts executed instructions (of every thread of the process), which do not depend on
 * what else the host is doing: the same code and requests give the same count to within ~1 %.
 * It does not see time spent in the kernel (socket reads and writes, which both servers pay
 * alike) or stalls on memory, so it complements the req/s figures of http.bench.ts, it does not
 * replace them.
 *
 * Each server runs under valgrind with callgrind's counting off while it gets WARMUP requests
 * (about 5× slower than without valgrind rather than 50×), then with counting on for SETTLE more,
 * has its counters zeroed, gets MEASURED requests, and has its counters dumped. The warm-up is
 * long because V8 optimises a function called once per request only after thousands of requests:
 * after 3,000 the counted requests still ran much of the code unoptimised while V8's helper
 * threads compiled it, which put 150,000–250,000 instructions of compiling and warming up into
 * every request's count and made one build's count move by 15–20 % from run to run. The main
 * thread (JavaScript, the event loop, the request's own work) is reported apart from V8's helper
 * threads (compiling, garbage collection), whose share still moves with what V8 chose to compile
 * in the counted window.
 *
 *   npm run bench:http-instructions
 *   SERVICE_DIST=/path/to/other/dist npm run bench:http-instructions   # A/B a different build
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TEN_LINE_INVOICE } from './ten-line-invoice.ts';
import { waitFor } from './wait-for.ts';

const WARMUP = Number(process.env.WARMUP ?? 25000);
/** Requests counted nowhere, after counting was switched on: valgrind translates the code anew then. */
const SETTLE = Number(process.env.SETTLE ?? 500);
const MEASURED = Number(process.env.MEASURED ?? 2000);
const CONNECTIONS = 16;
const SERVICE_DIST = path.resolve(process.env.SERVICE_DIST ?? 'dist');
const AUTOCANNON = path.resolve('node_modules/autocannon/autocannon.js');
const ANONYMOUS_UNLIMITED = '{"anonymous":{"hourly":1000000000,"weekly":1000000000}}';

interface Counted { name: string; instructionsPerRequest: number; mainThreadPerRequest: number }

function underCallgrind(outDir: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn('valgrind', [
    '--tool=callgrind',
    // V8 writes machine code into memory at run time; valgrind must re-read it when it changes.
    '--smc-check=all-non-file',
    // Counting starts after the warm-up (callgrindControl '-i'); one file per thread.
    '--instr-atstart=no',
    '--separate-threads=yes',
    `--callgrind-out-file=${path.join(outDir, 'callgrind.out.%p')}`,
    process.execPath, ...args,
  ], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'ignore'] });
}

function send(url: string, body: string, amount: number): void {
  // A server under callgrind runs ~50× slower, and slower still on a busy host: autocannon's
  // default 10 s per request would count the slow answers as errors.
  const run = spawnSync(process.execPath, [AUTOCANNON, '-c', String(CONNECTIONS), '-t', '120', '-m', 'POST', '-H', 'content-type=application/json', '-b', body, '-a', String(amount), '-j', url], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const out = JSON.parse(run.stdout) as { non2xx: number; errors: number; '2xx': number };
  if (out.non2xx !== 0 || out.errors !== 0 || out['2xx'] !== amount) throw new Error(`${url}: ${JSON.stringify(out)}`);
}

function callgrindControl(pid: number, command: '-z' | '-d' | '-i'): void {
  const run = spawnSync('callgrind_control', command === '-i' ? ['-i', 'on', String(pid)] : [command, String(pid)], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`callgrind_control ${command}: ${run.stderr}`);
}

/** The "totals:" lines of the dump written after the counters were zeroed: every thread's, and the main thread's (thread 1). */
function dumpedTotals(outDir: string, pid: number): { all: number; main: number } {
  const dumps = readdirSync(outDir).filter((f) => f.startsWith(`callgrind.out.${pid}.1-`));
  if (dumps.length === 0) throw new Error(`no dump for ${pid}`);
  let all = 0;
  let main = 0;
  for (const dump of dumps) {
    const match = /^totals: (\d+)/m.exec(readFileSync(path.join(outDir, dump), 'utf8'));
    const total = match === null ? 0 : Number(match[1]);
    all += total;
    if (dump.endsWith('-01')) main = total;
  }
  return { all, main };
}

async function count(name: string, server: ChildProcess, url: string, body: string, outDir: string): Promise<Counted> {
  send(url, body, WARMUP);
  callgrindControl(server.pid!, '-i');
  send(url, body, SETTLE);
  callgrindControl(server.pid!, '-z');
  send(url, body, MEASURED);
  callgrindControl(server.pid!, '-d');
  const totals = dumpedTotals(outDir, server.pid!);
  return { name, instructionsPerRequest: totals.all / MEASURED, mainThreadPerRequest: totals.main / MEASURED };
}

async function main(): Promise<void> {
  if (spawnSync('valgrind', ['--version']).status !== 0) throw new Error('valgrind is not installed');
  const body = JSON.stringify(TEN_LINE_INVOICE);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'invoice-bench-'));
  const serviceOut = mkdtempSync(path.join(tmpdir(), 'callgrind-service-'));
  const bareOut = mkdtempSync(path.join(tmpdir(), 'callgrind-bare-'));
  const invoiceUrl = 'http://127.0.0.1:3912/api/generate-invoice';
  const bareUrl = 'http://127.0.0.1:3911/fixed';
  // The anonymous windows would refuse all but the first requests with 429: raised, as in
  // http.bench.ts. The allocator settings and the V8 flag are given here, so the service does not
  // start itself again with them (allocator-settings.ts): callgrind would not follow that exec.
  const service = underCallgrind(serviceOut, [path.join(SERVICE_DIST, 'server.js')], {
    PORT: '3912', DATA_DIR: dataDir, LOG_LEVEL: 'info', PLAN_LIMITS: ANONYMOUS_UNLIMITED, MALLOC_ARENA_MAX: '2', NODE_OPTIONS: '--max-semi-space-size=16',
  });
  let bare: ChildProcess | undefined;
  try {
    const check = await waitFor(invoiceUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body }, 300_000);
    const answer = await check.text();
    if (check.status !== 200) throw new Error(`the service answered ${check.status}`);
    const fixedBodyFile = path.join(dataDir, 'fixed-body.json');
    writeFileSync(fixedBodyFile, answer);
    bare = underCallgrind(bareOut, ['bench/bare-server.ts', '3911', fixedBodyFile], {});
    await waitFor(bareUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body }, 300_000);

    // One after the other: each autocannon run then has a core of its own beside its server.
    const floor = await count('bare Fastify, fixed body', bare, bareUrl, body, bareOut);
    const invoice = await count('POST /api/generate-invoice (10 lines, JSON)', service, invoiceUrl, body, serviceOut);

    console.log(`Node ${process.version}; ${WARMUP} warm-up (not counted) and ${SETTLE} settling then ${MEASURED} counted requests per server, ${CONNECTIONS} connections; service build: ${path.relative(process.cwd(), SERVICE_DIST) || '.'}`);
    const n = (x: number) => Math.round(x).toLocaleString('en-US');
    console.log('| server | instructions per request | main thread | V8 helper threads |');
    console.log('|---|---|---|---|');
    for (const r of [floor, invoice]) console.log(`| ${r.name} | ${n(r.instructionsPerRequest)} | ${n(r.mainThreadPerRequest)} | ${n(r.instructionsPerRequest - r.mainThreadPerRequest)} |`);
    const ratio = (a: number, b: number) => `${((a / b) * 100).toFixed(1)} %`;
    console.log(`| ratio (floor / invoice) | ${ratio(floor.instructionsPerRequest, invoice.instructionsPerRequest)} | ${ratio(floor.mainThreadPerRequest, invoice.mainThreadPerRequest)} | |`);
  } finally {
    service.kill('SIGTERM');
    bare?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 2000));
    for (const dir of [dataDir, serviceOut, bareOut]) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
