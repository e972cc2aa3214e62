import { sql } from 'kysely';
import type { DocumentCost, MonthlyUsage } from '../../domain/limits/document-cost.ts';
import type { DbOrTransaction } from '../db-or-transaction.ts';
import { INTEGER_CEILING } from '../integer-ceiling.ts';


/**
 * Adds cost to the account's usage of the month if it stays within the ceilings (null =
 * unlimited) and returns the usage after it; undefined when it does not fit and nothing changed.
 * One conditional upsert, atomic on both dialects like addToBurstCounters, and meant to run in the
 * transaction that stores the work it meters (D21): a rollback takes the count back with it.
 * The caller checks that cost alone fits a new month (the insert branch does not check).
 */
export async function addMonthlyUsage(
  db: DbOrTransaction,
  accountId: string,
  monthStart: number,
  cost: DocumentCost,
  ceilings: { readonly documentTenths: number | null; readonly pdfs: number | null },
): Promise<MonthlyUsage | undefined> {
  const result = await sql<{ document_tenths: number; pdfs: number }>`
    INSERT INTO monthly_usage (account_id, month_start, document_tenths, pdfs)
    VALUES (${accountId}, ${monthStart}, ${cost.documentTenths}, ${cost.pdfs})
    ON CONFLICT (account_id, month_start) DO UPDATE SET
      document_tenths = monthly_usage.document_tenths + ${cost.documentTenths},
      pdfs = monthly_usage.pdfs + ${cost.pdfs}
    WHERE monthly_usage.document_tenths + ${cost.documentTenths} <= ${ceilings.documentTenths ?? INTEGER_CEILING}
      AND monthly_usage.pdfs + ${cost.pdfs} <= ${ceilings.pdfs ?? INTEGER_CEILING}
    RETURNING document_tenths, pdfs`.execute(db);
  const row = result.rows[0];
  return row === undefined ? undefined : { documentTenths: row.document_tenths, pdfs: row.pdfs };
}

/** The account's usage of the month; zero when nothing was metered. */
export async function readMonthlyUsage(db: DbOrTransaction, accountId: string, monthStart: number): Promise<MonthlyUsage> {
  const row = await db
    .selectFrom('monthly_usage')
    .select(['document_tenths', 'pdfs'])
    .where('account_id', '=', accountId)
    .where('month_start', '=', monthStart)
    .executeTakeFirst();
  return row === undefined ? { documentTenths: 0, pdfs: 0 } : { documentTenths: row.document_tenths, pdfs: row.pdfs };
}

/**
 * Takes back a cost metered in that month, for a generation whose document could not be delivered
 * after all (a PDF that failed to render). Never below zero.
 */
export async function subtractMonthlyUsage(db: DbOrTransaction, accountId: string, monthStart: number, cost: DocumentCost): Promise<void> {
  await db
    .updateTable('monthly_usage')
    .set((eb) => ({
      document_tenths: sql<number>`CASE WHEN ${eb.ref('document_tenths')} >= ${cost.documentTenths} THEN ${eb.ref('document_tenths')} - ${cost.documentTenths} ELSE 0 END`,
      pdfs: sql<number>`CASE WHEN ${eb.ref('pdfs')} >= ${cost.pdfs} THEN ${eb.ref('pdfs')} - ${cost.pdfs} ELSE 0 END`,
    }))
    .where('account_id', '=', accountId)
    .where('month_start', '=', monthStart)
    .execute();
}
