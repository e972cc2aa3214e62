import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** One measured load against one server. */
export interface Result { name: string; rps: number; p50: number; p99: number; non2xx: number; errors: number; total: number; cpuUsPerRequest: number }

export interface LoadOptions {
  readonly connections: number;
  readonly durationS: number;
  /** Extra request headers, as autocannon's name=value. */
  readonly headers?: readonly string[];
}

const AUTOCANNON = path.resolve('node_modules/autocannon/autocannon.js');
const CLOCK_TICKS_PER_S = 100;

/** Starts node with args pinned to CPU 0, so the server never competes with the load on CPU 1. */
export function startPinned(args: string[], env: Record<string, string>, cwd?: string): ChildProcess {
  return spawn('taskset', ['-c', '0', process.execPath, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'], ...(cwd === undefined ? {} : { cwd }) });
}

/** Resident set size of a process, in MB, from /proc. */
export function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.replace(/\D+/g, '')) / 1024;
}

/** CPU time (user + system) the process has used so far, in µs, from /proc. */
export function cpuTimeUs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // Fields 14 and 15 of stat (utime, stime) are at 11 and 12 after the command name.
  return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_S) * 1e6;
}

function autocannonArgs(body: string, options: LoadOptions): string[] {
  const headers = ['content-type=application/json', ...(options.headers ?? [])].flatMap((header) => ['-H', header]);
  return ['-c', String(options.connections), '-m', 'POST', ...headers, '-b', body];
}

/** Loads url for seconds without measuring (JIT, caches, connection pools). */
export function warmUp(url: string, body: string, options: LoadOptions, seconds: number): void {
  spawnSync('taskset', ['-c', '1', process.execPath, AUTOCANNON, ...autocannonArgs(body, options), '-d', String(seconds), '-j', url], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/**
 * One measured run against `server` by autocannon on CPU 1. Besides req/s it reports the server's
 * CPU time per request, which moves far less than throughput when the host is busy (taskset
 * execs, so the pid is node's).
 */
export function load(name: string, url: string, body: string, server: ChildProcess, options: LoadOptions): Result {
  const cpuBefore = cpuTimeUs(server.pid!);
  const run = spawnSync('taskset', ['-c', '1', process.execPath, AUTOCANNON, ...autocannonArgs(body, options), '-d', String(options.durationS), '-j', url], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const cpuUs = cpuTimeUs(server.pid!) - cpuBefore;
  const out = JSON.parse(run.stdout) as { requests: { average: number; total: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number };
  return { name, rps: out.requests.average, p50: out.latency.p50, p99: out.latency.p99, non2xx: out.non2xx, errors: out.errors, total: out.requests.total, cpuUsPerRequest: cpuUs / out.requests.total };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
