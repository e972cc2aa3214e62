import type { DbOrTransaction } from '../db-or-transaction.ts';

/**
 * The next number of the (scope, year) sequence, starting at 1. One upsert does the read and the
 * write, so concurrent callers can neither get the same number nor skip one. The row stays locked
 * (PostgreSQL row lock, SQLite's single writer) until the caller's transaction ends, and a rollback
 * undoes the increment: pass the transaction that stores the invoice, and a failed generation
 * leaves no gap. That is also why this is not a PostgreSQL SEQUENCE, which never rolls back.
 */
export async function nextInvoiceSequence(
  db: DbOrTransaction,
  scope: string,
  year: number,
): Promise<number> {
  if (!Number.isSafeInteger(year)) throw new RangeError(`year must be an integer, got ${year}`);
  const row = await db
    .insertInto('invoice_sequences')
    .values({ scope, year, last_value: 1 })
    .onConflict((conflict) =>
      conflict.columns(['scope', 'year']).doUpdateSet((eb) => ({
        last_value: eb('invoice_sequences.last_value', '+', 1),
      })),
    )
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return row.last_value;
}
