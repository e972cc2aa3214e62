import { CompiledQuery, sql, type RawBuilder } from 'kysely';
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
  const values: UpsertValues = [subject, window.hourStart, window.weekStart, n, ceilings.hourly ?? INTEGER_CEILING, ceilings.weekly ?? INTEGER_CEILING];
  const statement = compiledUpsert(db);
  const parameters = new Array<unknown>(statement.slots.length);
  for (let i = 0; i < parameters.length; i += 1) parameters[i] = values[statement.slots[i]!];
  const result = await db.executeQuery(CompiledQuery.raw(statement.sql, parameters) as CompiledQuery<{ hour_count: number; week_count: number }>);
  const row = result.rows[0];
  return row === undefined ? undefined : { hour: row.hour_count, week: row.week_count };
}

type UpsertValues = readonly [subject: unknown, hourStart: unknown, weekStart: unknown, n: unknown, hourly: unknown, weekly: unknown];

/**
 * The upsert of addToBurstCounters. The proposed row (`excluded`) carries the window starts and n,
 * so each value is sent once. A row of an older window counts as 0 and moves to this one. A row
 * already in a newer window (a request that read the clock just before the boundary, or an
 * instance whose clock is a little behind) is counted in that newer window, never rolled back:
 * rolling back would reset the newer window's count and let it pass its limit.
 */
function upsertStatement([subject, hourStart, weekStart, n, hourly, weekly]: UpsertValues): RawBuilder<unknown> {
  const hourBefore = sql`(CASE WHEN burst_counters.hour_start >= excluded.hour_start THEN burst_counters.hour_count ELSE 0 END)`;
  const weekBefore = sql`(CASE WHEN burst_counters.week_start >= excluded.week_start THEN burst_counters.week_count ELSE 0 END)`;
  return sql`
    INSERT INTO burst_counters (subject, hour_start, hour_count, week_start, week_count)
    VALUES (${subject}, ${hourStart}, ${n}, ${weekStart}, ${n})
    ON CONFLICT (subject) DO UPDATE SET
      hour_count = ${hourBefore} + excluded.hour_count,
      hour_start = (CASE WHEN burst_counters.hour_start > excluded.hour_start THEN burst_counters.hour_start ELSE excluded.hour_start END),
      week_count = ${weekBefore} + excluded.week_count,
      week_start = (CASE WHEN burst_counters.week_start > excluded.week_start THEN burst_counters.week_start ELSE excluded.week_start END)
    WHERE ${hourBefore} + excluded.hour_count <= ${hourly} AND ${weekBefore} + excluded.week_count <= ${weekly}
    RETURNING hour_count, week_count`;
}

/** The upsert's SQL text, and which of its values each of its parameters takes, in SQL order. */
interface CompiledUpsert {
  readonly sql: string;
  readonly slots: readonly number[];
}

/**
 * Every request that generates runs the upsert, and building and compiling it with Kysely cost
 * more than running it; only its values change, so it is compiled once per dialect (keyed by the
 * dialect's adapter, which a transaction shares with its database), with a marker in place of
 * each value to learn where each one goes.
 */
const COMPILED_UPSERTS = new WeakMap<object, CompiledUpsert>();

function compiledUpsert(db: DbOrTransaction): CompiledUpsert {
  const adapter = db.getExecutor().adapter;
  let compiled = COMPILED_UPSERTS.get(adapter);
  if (compiled === undefined) {
    const markers = [{}, {}, {}, {}, {}, {}] as const;
    const query = upsertStatement(markers).compile(db);
    compiled = { sql: query.sql, slots: query.parameters.map((parameter) => markers.indexOf(parameter as object)) };
    COMPILED_UPSERTS.set(adapter, compiled);
  }
  return compiled;
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
