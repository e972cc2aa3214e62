import { cpuTimeUs } from './load-rounds.ts';

/** One round of requests from several clients at once, against a server process. */
export interface ClientRound {
  /** Requests per second over the round. */
  readonly rps: number;
  /** The server's CPU time (user + system) over the round, per request. */
  readonly cpuUs: number;
}

/**
 * Sends `count` requests from `clients` concurrent loops, each waiting for its answer before the
 * next, and measures the round against the server's process: the closed-loop load the webhook
 * and MCP benchmarks compare their phases by.
 */
export async function measureClients(serverPid: number, clients: number, count: number, send: () => Promise<void>): Promise<ClientRound> {
  let next = 0;
  const cpuBefore = cpuTimeUs(serverPid);
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, async () => {
    while (next < count) {
      next += 1;
      await send();
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  return { rps: count / seconds, cpuUs: (cpuTimeUs(serverPid) - cpuBefore) / count };
}
