import type { Kysely } from 'kysely';
import type { DbOrTransaction } from './db-or-transaction.ts';
import type { WriteGroup } from './write-group.ts';
import { burstAdmission, burstWindowIds, checkBurstInput, grantable, type BurstLimiter } from '../domain/limits/burst-limiter.ts';
import { addToBurstCounters, readBurstCounters } from './repositories/burst-counters-repository.ts';
import type { Tables } from './tables.ts';

/**
 * A partial grant (a batch asking for more than is left) retries with what the last read said
 * was left; each retry can only lose to a concurrent admission, so a few suffice.
 */
const MAX_PARTIAL_TRIES = 5;

/**
 * The default BurstLimiter: counts live in the service's database (table burst_counters), so they
 * hold across restarts and across instances sharing one PostgreSQL. The common case — the request
 * fits — is one statement; a refusal costs one more read to say how full the windows are.
 * A failing database makes admit() reject: the request is answered with an error rather than
 * let through uncounted.
 */
export function createDatabaseBurstLimiter(db: Kysely<Tables>, options: { readonly group?: WriteGroup } = {}): BurstLimiter {
  // On SQLite, admissions share commits with their neighbours (write-group.ts); PostgreSQL runs
  // them side by side on its pool, each a statement of its own.
  const write = <T>(job: (db: DbOrTransaction) => Promise<T>): Promise<T> => (options.group === undefined ? job(db) : options.group.run(job));

  const peek: BurstLimiter['peek'] = async (subject, limits, nowMs) => {
    checkBurstInput(subject, limits, 0, nowMs);
    const counts = await readBurstCounters(db, subject, burstWindowIds(nowMs));
    return burstAdmission(0, 0, limits, counts.hour, counts.week, nowMs);
  };

  return {
    peek,
    async admit(subject, limits, requested, nowMs) {
      checkBurstInput(subject, limits, requested, nowMs);
      const ids = burstWindowIds(nowMs);
      return write(async (tx) => {
        let ask = grantable(requested, limits, 0, 0);
        for (let tries = 0; ask > 0 && tries < MAX_PARTIAL_TRIES; tries += 1) {
          const after = await addToBurstCounters(tx, subject, ids, ask, limits);
          if (after !== undefined) return burstAdmission(requested, ask, limits, after.hour, after.week, nowMs);
          const now = await readBurstCounters(tx, subject, ids);
          const room = grantable(requested, limits, now.hour, now.week);
          if (room === 0) return burstAdmission(requested, 0, limits, now.hour, now.week, nowMs);
          ask = room;
        }
        const counts = await readBurstCounters(tx, subject, ids);
        return burstAdmission(requested, 0, limits, counts.hour, counts.week, nowMs);
      });
    },
  };
}
