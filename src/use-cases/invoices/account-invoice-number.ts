import { nextInvoiceSequence } from '../../storage/repositories/next-invoice-sequence.ts';
import type { DbOrTransaction } from '../../storage/db-or-transaction.ts';

/**
 * D15: an account's next number, `INV-<year>-<seq, 5 digits>`, from its gap-free sequence for the
 * year of the issue date. The sequence grows past 99999 without losing digits.
 */
export async function accountInvoiceNumber(db: DbOrTransaction, accountId: string, issueDate: string): Promise<string> {
  const year = Number(issueDate.slice(0, 4));
  const seq = await nextInvoiceSequence(db, accountId, year);
  return `INV-${year}-${String(seq).padStart(5, '0')}`;
}
