import type { DbOrTransaction } from '../db-or-transaction.ts';

/**
 * Counts one hit of key in the window starting at windowStartS and returns the count including
 * it, starting at 1. One upsert does the read and the write (as in nextInvoiceSequence), so N
 * concurrent callers get N distinct counts on both dialects: PostgreSQL serialises them on the
 * row (INSERT … ON CONFLICT waits for a concurrent insert of the same key), SQLite has one writer.
 */
export async function incrementCounter(db: DbOrTransaction, key: string, windowStartS: number): Promise<number> {
  if (!Number.isSafeInteger(windowStartS)) throw new RangeError(`windowStartS must be an integer, got ${windowStartS}`);
  const row = await db
    .insertInto('throttle_counters')
    .values({ key, window_start: windowStartS, count: 1 })
    .onConflict((conflict) =>
      conflict.columns(['key', 'window_start']).doUpdateSet((eb) => ({
        count: eb('throttle_counters.count', '+', 1),
      })),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count;
}

/** The count of key in the window starting at windowStartS, 0 when it has none; counts nothing. */
export async function readCounter(db: DbOrTransaction, key: string, windowStartS: number): Promise<number> {
  const row = await db.selectFrom('throttle_counters').select('count').where('key', '=', key).where('window_start', '=', windowStartS).executeTakeFirst();
  return row?.count ?? 0;
}

/** Deletes every counter of a window that started before windowStartS; returns how many. */
export async function deleteCountersBefore(db: DbOrTransaction, windowStartS: number): Promise<number> {
  const result = await db.deleteFrom('throttle_counters').where('window_start', '<', windowStartS).executeTakeFirst();
  return Number(result.numDeletedRows);
}
