/**
 * Webhooks: what an account's webhook costs its generations, and how fast the outbox empties,
 * through the built service on the embedded default (SQLite). A real https receiver runs in this
 * process (the test CA's certificate; the server trusts it through NODE_EXTRA_CA_CERTS and allows
 * localhost through OUTBOUND_ALLOW_HOSTS, as the tests do).
 *
 *   npm run bench:webhooks
 *   REQUESTS=4000 npm run bench:webhooks
 *
 * Three phases of REQUESTS ten-line JSON generations by one account from 8 concurrent clients:
 * without a webhook, then with one, then with one whose receiver answers 503 (every event then
 * gets retries, which this run does not wait for). Reported: requests/s and the server's CPU per
 * request of each phase, and, with the webhook, the delay from a generation's answer to its
 * delivery's arrival, and how long the outbox took to empty after the last answer.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { median } from './load-rounds.ts';
import { measureClients } from './measure-clients.ts';
import { signUpThroughOutbox } from './sign-up-through-outbox.ts';
import { TEN_LINE_INVOICE } from './ten-line-invoice.ts';
import { waitFor } from './wait-for.ts';

const REQUESTS = Number(process.env.REQUESTS ?? 2000);
const CLIENTS = 8;
const PORT = 3923;
const HIGH = 1_000_000_000;
const PLAN_LIMITS = JSON.stringify({ free: { hourly: HIGH, weekly: HIGH, monthly_documents: 100_000_000, monthly_pdfs: null } });
const TLS_DIR = path.join(import.meta.dirname, '..', 'test', 'fixtures', 'tls');

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
}

async function main(): Promise<void> {
  const arrivals = new Map<string, number>();
  let status = 200;
  const receiver = https.createServer({ key: readFileSync(path.join(TLS_DIR, 'localhost-key.pem')), cert: readFileSync(path.join(TLS_DIR, 'localhost-cert.pem')) }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { invoice: { number: string } } };
      if (status === 200) arrivals.set(event.data.invoice.number, performance.now());
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverPort = (receiver.address() as { port: number }).port;

  const dataDir = mkdtempSync(path.join(tmpdir(), 'invoice-bench-webhooks-'));
  const server = spawn(process.execPath, ['dist/server.js'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'error', PLAN_LIMITS, OUTBOUND_ALLOW_HOSTS: 'localhost', NODE_EXTRA_CA_CERTS: path.join(TLS_DIR, 'test-ca.pem') },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const base = `http://127.0.0.1:${PORT}`;
    await waitFor(`${base}/api/health`, {});
    const apiKey = await signUpThroughOutbox(base, dataDir, 'bench-webhooks@example.com', 'webhooks bench');
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` };
    const body = JSON.stringify(TEN_LINE_INVOICE);

    const phase = async (count: number) => {
      const answered = new Map<string, number>();
      const measured = await measureClients(server.pid!, CLIENTS, count, async () => {
        const res = await fetch(`${base}/api/generate-invoice`, { method: 'POST', headers, body });
        const answer = await res.json() as { invoice?: { number: string } };
        if (res.status !== 200) throw new Error(`generation answered ${res.status}`);
        answered.set(answer.invoice!.number, performance.now());
      });
      return { answered, ...measured, lastAnswer: performance.now() };
    };

    await phase(200); // warm-up, no webhook
    const without = await phase(REQUESTS);

    const created = await fetch(`${base}/api/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url: `https://localhost:${receiverPort}/hooks` }) });
    if (created.status !== 201) throw new Error(`webhook answered ${created.status}: ${await created.text()}`);
    await phase(200); // warm-up of the delivery path
    const deadline = Date.now() + 60_000;
    while (arrivals.size < 200 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    arrivals.clear();
    const withHook = await phase(REQUESTS);
    while (arrivals.size < REQUESTS && Date.now() < deadline + 120_000) await new Promise((r) => setTimeout(r, 10));
    const drainedMs = Math.max(...arrivals.values()) - withHook.lastAnswer;
    const delays = [...withHook.answered].map(([number, at]) => (arrivals.get(number) ?? NaN) - at).filter(Number.isFinite).sort((a, b) => a - b);

    status = 503;
    const failing = await phase(REQUESTS);
    const rss = Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1]) / 1024;

    console.log(`Node ${process.version}, ${cpus()[0]?.model} × ${availableParallelism()}; ${REQUESTS} ten-line JSON generations per phase, ${CLIENTS} clients, one account`);
    console.log(`no webhook:            ${without.rps.toFixed(0)} req/s, ${without.cpuUs.toFixed(0)} µs server CPU per request`);
    console.log(`one webhook (200):     ${withHook.rps.toFixed(0)} req/s, ${withHook.cpuUs.toFixed(0)} µs server CPU per request (generation and its delivery)`);
    console.log(`one webhook (503):     ${failing.rps.toFixed(0)} req/s, ${failing.cpuUs.toFixed(0)} µs server CPU per request (generation and a failed first attempt)`);
    console.log(`delivered ${arrivals.size} of ${REQUESTS}; answer → delivery: median ${median(delays).toFixed(1)} ms, p99 ${percentile(delays, 0.99).toFixed(1)} ms, max ${delays.at(-1)!.toFixed(1)} ms; outbox empty ${drainedMs.toFixed(0)} ms after the last answer`);
    console.log(`server peak RSS ${rss.toFixed(0)} MB`);
  } finally {
    server.kill('SIGTERM');
    receiver.close();
    receiver.closeAllConnections();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
