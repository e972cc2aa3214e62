import type { DocumentType } from '../../domain/invoice/catalog.ts';
import { documentNumberPrefix } from '../../domain/invoice/document-number-prefix.ts';
import { nextInvoiceSequence } from '../../storage/repositories/next-invoice-sequence.ts';
import type { DbOrTransaction } from '../../storage/db-or-transaction.ts';

/**
 * An account's next number, `INV-<year>-<seq, 5 digits>` for an invoice and
 * `CN-<year>-<seq, 5 digits>` for a credit note, each from its own gap-free sequence for the year
 * of the issue date. The sequence grows past 99999 without losing digits.
 */
export async function accountInvoiceNumber(db: DbOrTransaction, accountId: string, documentType: DocumentType, issueDate: string): Promise<string> {
  const year = Number(issueDate.slice(0, 4));
  const seq = await nextInvoiceSequence(db, sequenceScope(accountId, documentType), year);
  return `${documentNumberPrefix(documentType)}-${year}-${String(seq).padStart(5, '0')}`;
}

/**
 * The invoice_sequences scope of an account's numbers: its id for invoices (as it always was), and
 * `cn:<account id>` for credit notes. A scope of its own rather than a new key column, so the
 * table's key stays (scope, year): instances of the previous version, still serving during an
 * upgrade, keep drawing with ON CONFLICT (scope, year) (docs/deploy.md: migrations only add).
 * Account ids are UUIDs, so no account's own scope starts with `cn:`.
 */
function sequenceScope(accountId: string, documentType: DocumentType): string {
  return documentType === 'credit_note' ? `cn:${accountId}` : accountId;
}
