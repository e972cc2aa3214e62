/**
 * MCP: what a tool call costs against the same generation over HTTP, through the built service on
 * the embedded default (SQLite). The MCP endpoint is stateless: every POST
 * /mcp builds a server and a transport for its one JSON-RPC request, validates the arguments and
 * calls the generation use-case, so its extra cost is that setup and the JSON-RPC envelope.
 *
 *   npm run bench:mcp
 *   REQUESTS=4000 npm run bench:mcp
 *
 * Rounds alternate between the two paths (HTTP, MCP, HTTP, MCP, …), so a change in the machine's
 * load hits both alike; each round sends REQUESTS ten-line invoices from 8 concurrent clients, by
 * one account: JSON totals (POST /api/generate-invoice vs tools/call compute_invoice) and UBL
 * (output ubl vs generate_invoice, whose answer embeds the XML). Reported per path: requests/s,
 * the server's CPU per request (user + system over the round) and the median latency, and MCP ÷
 * HTTP for each.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { median } from './load-rounds.ts';
import { measureClients } from './measure-clients.ts';
import { signUpThroughOutbox } from './sign-up-through-outbox.ts';
import { TEN_LINE_INVOICE } from './ten-line-invoice.ts';
import { waitFor } from './wait-for.ts';

const REQUESTS = Number(process.env.REQUESTS ?? 2000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CLIENTS = 8;
const PORT = 3924;
const HIGH = 1_000_000_000;
const PLAN_LIMITS = JSON.stringify({ free: { hourly: HIGH, weekly: HIGH, monthly_documents: 100_000_000, monthly_pdfs: null } });

interface Round { readonly rps: number; readonly cpuUs: number; readonly p50Ms: number }

type Send = () => Promise<void>;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'invoice-bench-mcp-'));
  const server = spawn(process.execPath, ['dist/server.js'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'error', PLAN_LIMITS },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const base = `http://127.0.0.1:${PORT}`;
    await waitFor(`${base}/api/health`, {});
    const apiKey = await signUpThroughOutbox(base, dataDir, 'bench-mcp@example.com', 'mcp bench');
    const auth = { authorization: `Bearer ${apiKey}` };
    // No hosted link: the comparison is of the paths, not of the link's snapshot (the same in both).
    const invoice = { ...TEN_LINE_INVOICE, features: { hosted_link: false } };

    const http = (output: 'json' | 'ubl'): Send => {
      const body = JSON.stringify({ ...invoice, output });
      return async () => {
        const res = await fetch(`${base}/api/generate-invoice`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`HTTP ${output} answered ${res.status}`);
      };
    };
    let id = 0;
    const mcp = (tool: 'compute_invoice' | 'generate_invoice', output: 'json' | 'ubl'): Send => {
      const args = tool === 'compute_invoice' ? invoice : { ...invoice, output };
      return async () => {
        id += 1;
        const res = await fetch(`${base}/mcp`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: tool, arguments: args } }),
        });
        const answer = await res.json() as { result?: { isError?: boolean }; error?: unknown };
        if (res.status !== 200 || answer.result === undefined || answer.result.isError === true) throw new Error(`MCP ${tool} answered ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`);
      };
    };

    const round = async (send: Send, count: number): Promise<Round> => {
      const latencies: number[] = [];
      const measured = await measureClients(server.pid!, CLIENTS, count, async () => {
        const t0 = performance.now();
        await send();
        latencies.push(performance.now() - t0);
      });
      return { ...measured, p50Ms: median(latencies) };
    };

    const pairs = [
      { name: 'JSON totals', http: http('json'), mcp: mcp('compute_invoice', 'json') },
      { name: 'UBL', http: http('ubl'), mcp: mcp('generate_invoice', 'ubl') },
    ];
    console.log(`Node ${process.version}, ${cpus()[0]?.model} × ${availableParallelism()}; ${ROUNDS} rounds of ${REQUESTS} ten-line invoices per path, ${CLIENTS} clients, one account, no hosted link`);
    for (const pair of pairs) {
      await round(pair.http, 200); // warm-up of both paths
      await round(pair.mcp, 200);
      const results: { http: Round[]; mcp: Round[] } = { http: [], mcp: [] };
      for (let i = 0; i < ROUNDS; i += 1) {
        results.http.push(await round(pair.http, REQUESTS));
        results.mcp.push(await round(pair.mcp, REQUESTS));
      }
      const med = (rounds: Round[], key: keyof Round) => median(rounds.map((r) => r[key]));
      for (const [label, rounds] of [['HTTP', results.http], ['MCP ', results.mcp]] as const) {
        console.log(`${pair.name.padEnd(12)} ${label}: ${med(rounds, 'rps').toFixed(0)} req/s, ${med(rounds, 'cpuUs').toFixed(0)} µs server CPU per request, p50 ${med(rounds, 'p50Ms').toFixed(2)} ms (rounds: ${rounds.map((r) => r.rps.toFixed(0)).join(', ')} req/s)`);
      }
      const ratios = results.mcp.map((m, i) => m.cpuUs / results.http[i]!.cpuUs);
      console.log(`${pair.name.padEnd(12)} MCP ÷ HTTP: req/s ${(med(results.mcp, 'rps') / med(results.http, 'rps')).toFixed(2)}, CPU per request ${(med(results.mcp, 'cpuUs') / med(results.http, 'cpuUs')).toFixed(2)} (per round ${ratios.map((r) => r.toFixed(2)).join(', ')}), p50 ${(med(results.mcp, 'p50Ms') / med(results.http, 'p50Ms')).toFixed(2)}`);
    }
    const rss = Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1]) / 1024;
    console.log(`server peak RSS ${rss.toFixed(0)} MB`);
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
