import { sql } from 'kysely';
import type { DbOrTransaction } from '../db-or-transaction.ts';
import { INTEGER_CEILING } from '../integer-ceiling.ts';

/** Both windows' counts of one subject after (or without) an admission. */
export interface BurstCounts {
  readonly hour: number;
  readonly week: number;
}


/**
 * Adds n to both windows of subject if both stay within their ceilings (null = unlimited), in one
 * statement: a row of an older hour or week counts as 0 and is rolled into the current one.
 * Returns the counts after it, or undefined when it did not fit and nothing was counted.
 *
 * One conditional upsert is atomic on both dialects: PostgreSQL's ON CONFLICT DO UPDATE locks the
 * row (a concurrent insert of the same subject waits for it), SQLite has one writer. So N
 * concurrent callers each see the counts the previous one left, and no window passes its ceiling.
 * The caller keeps n within both ceilings; the insert branch does not check them.
 */
export async function addToBurstCounters(
  db: DbOrTransaction,
  subject: string,
  window: { readonly hourStart: number; readonly weekStart: number },
  n: number,
  ceilings: { readonly hourly: number | null; readonly weekly: number | null },
): Promise<BurstCounts | undefined> {
  const hourly = ceilings.hourly ?? INTEGER_CEILING;
  const weekly = ceilings.weekly ?? INTEGER_CEILING;
  // A row of an older window counts as 0 and moves to this one. A row already in a newer window
  // (a request that read the clock just before the boundary, or an instance whose clock is a
  // little behind) is counted in that newer window, never rolled back: rolling back would reset
  // the newer window's count and let it pass its limit.
  const hourBefore = sql<number>`(CASE WHEN burst_counters.hour_start >= ${window.hourStart} THEN burst_counters.hour_count ELSE 0 END)`;
  const weekBefore = sql<number>`(CASE WHEN burst_counters.week_start >= ${window.weekStart} THEN burst_counters.week_count ELSE 0 END)`;
  const hourStart = sql<number>`(CASE WHEN burst_counters.hour_start > ${window.hourStart} THEN burst_counters.hour_start ELSE ${window.hourStart} END)`;
  const weekStart = sql<number>`(CASE WHEN burst_counters.week_start > ${window.weekStart} THEN burst_counters.week_start ELSE ${window.weekStart} END)`;
  const result = await sql<{ hour_count: number; week_count: number }>`
    INSERT INTO burst_counters (subject, hour_start, hour_count, week_start, week_count)
    VALUES (${subject}, ${window.hourStart}, ${n}, ${window.weekStart}, ${n})
    ON CONFLICT (subject) DO UPDATE SET
      hour_count = ${hourBefore} + ${n},
      hour_start = ${hourStart},
      week_count = ${weekBefore} + ${n},
      week_start = ${weekStart}
    WHERE ${hourBefore} + ${n} <= ${hourly} AND ${weekBefore} + ${n} <= ${weekly}
    RETURNING hour_count, week_count`.execute(db);
  const row = result.rows[0];
  return row === undefined ? undefined : { hour: row.hour_count, week: row.week_count };
}

/** The counts of subject in the given windows (or a newer one, as above), 0 where it has none. */
export async function readBurstCounters(
  db: DbOrTransaction,
  subject: string,
  window: { readonly hourStart: number; readonly weekStart: number },
): Promise<BurstCounts> {
  const row = await db
    .selectFrom('burst_counters')
    .select(['hour_start', 'hour_count', 'week_start', 'week_count'])
    .where('subject', '=', subject)
    .executeTakeFirst();
  return {
    hour: row !== undefined && row.hour_start >= window.hourStart ? row.hour_count : 0,
    week: row !== undefined && row.week_start >= window.weekStart ? row.week_count : 0,
  };
}

/** Deletes the rows of subjects not counted since before weekStart (their windows have ended). */
export async function deleteBurstCountersBefore(db: DbOrTransaction, weekStart: number): Promise<number> {
  const result = await db.deleteFrom('burst_counters').where('week_start', '<', weekStart).executeTakeFirst();
  return Number(result.numDeletedRows);
}
