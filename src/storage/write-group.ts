import type { Kysely, Transaction } from 'kysely';
import type { Tables } from './tables.ts';

/** Most writes one transaction takes; a longer queue is split, so no caller waits on a huge batch. */
const MAX_GROUP = 64;

/** Runs small write jobs together, several per transaction (group commit). */
export interface WriteGroup {
  /** Runs job in a transaction shared with the jobs queued beside it; resolves once it committed. */
  run<T>(job: (tx: Transaction<Tables>) => Promise<T>): Promise<T>;
}

interface Queued {
  readonly job: (tx: Transaction<Tables>) => Promise<unknown>;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Group commit for SQLite, where every write transaction takes the one writer in turn and most of
 * a lone counter update's cost is its commit (a WAL write). Jobs that arrive while a transaction
 * runs wait for it and then commit together in the next one: under load a request's counter
 * update costs a statement, not a commit. Each caller still gets its answer only after its write
 * has committed, so nothing answered is lost, and jobs run one after another inside the
 * transaction, so each sees the writes of those before it (admissions stay exact). A lone job
 * waits only for the end of the current event-loop turn.
 *
 * A job that fails fails its whole group (a write error on one connection is the database's, not
 * the job's), and every job of the group is told.
 */
export function createWriteGroup(db: Kysely<Tables>): WriteGroup {
  const queue: Queued[] = [];
  let running = false;

  const drain = async (): Promise<void> => {
    while (queue.length > 0) {
      const group = queue.splice(0, MAX_GROUP);
      const results: unknown[] = [];
      try {
        await db.transaction().execute(async (tx) => {
          for (const { job } of group) results.push(await job(tx));
        });
        group.forEach(({ resolve }, index) => resolve(results[index]));
      } catch (error) {
        for (const { reject } of group) reject(error);
      }
    }
    running = false;
  };

  return {
    run<T>(job: (tx: Transaction<Tables>) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ job, resolve: resolve as (value: unknown) => void, reject });
        if (!running) {
          running = true;
          // At the end of this turn of the event loop, so the other requests that arrived in it
          // join the same transaction. (SQLite runs a transaction synchronously under its
          // promises: started at once, it would commit before the next request is even read.)
          setImmediate(() => void drain());
        }
      });
    },
  };
}

/** Runs a job in a transaction: the database's own, or a group's shared one (SQLite). */
export type TransactionRunner = <T>(job: (tx: Transaction<Tables>) => Promise<T>) => Promise<T>;

/**
 * The TransactionRunner for a database: on SQLite a write group, so the small writes of many
 * requests share commits; on PostgreSQL a transaction per job, run side by side on the pool.
 * Jobs given to it report expected refusals as values, not exceptions: in a group, a job that
 * throws fails its neighbours too.
 */
export function transactionRunner(db: Kysely<Tables>, dialect: 'sqlite' | 'postgres', group?: WriteGroup): TransactionRunner {
  if (dialect === 'sqlite') {
    const shared = group ?? createWriteGroup(db);
    return (job) => shared.run(job);
  }
  return (job) => db.transaction().execute(job);
}
