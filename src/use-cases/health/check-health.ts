import type { Database } from '../../storage/database.ts';

/** What the health check pings: the storage, and where the windows and throttles are counted. */
export type HealthStorage = Pick<Database, 'dialect' | 'ping'>;
/** Where the windows and throttles are counted (compose/open-counters.ts chooses it). */
export interface HealthCounters {
  /** The service's database, or Redis (REDIS_URL). */
  readonly store: 'database' | 'redis';
  /** Rejects when the store does not answer. */
  ping(): Promise<void>;
}

/** Each part's answer time, or the first part that did not answer and why. */
export type HealthReport =
  | {
    readonly ok: true;
    readonly storage: { readonly dialect: HealthStorage['dialect']; readonly latencyMs: number };
    readonly counters: { readonly store: HealthCounters['store']; readonly latencyMs: number };
  }
  | { readonly ok: false; readonly unreachable: 'storage' | 'counters'; readonly error: unknown };

/**
 * Pings the storage, then the counters, and stops at the first that fails: without either no
 * counted request can be taken, so one failure already decides the answer. A failure is a value,
 * not a throw, so the route chooses the status and what it logs.
 */
export async function checkHealth(storage: HealthStorage, counters: HealthCounters): Promise<HealthReport> {
  const t0 = performance.now();
  try {
    await storage.ping();
  } catch (error) {
    return { ok: false, unreachable: 'storage', error };
  }
  const t1 = performance.now();
  try {
    await counters.ping();
  } catch (error) {
    return { ok: false, unreachable: 'counters', error };
  }
  const t2 = performance.now();
  return {
    ok: true,
    storage: { dialect: storage.dialect, latencyMs: roundMs(t1 - t0) },
    counters: { store: counters.store, latencyMs: roundMs(t2 - t1) },
  };
}

const roundMs = (ms: number) => Math.round(ms * 100) / 100;
