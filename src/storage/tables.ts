/**
 * Every table the service stores, as Kysely sees it: one entry per table, column types as they
 * come back from both dialects (integers are JS numbers on PostgreSQL too, see create-database.ts).
 */
export interface Tables {
  invoice_sequences: InvoiceSequencesTable;
}

/** The last number handed out per scope and year; nextInvoiceSequence is its only writer. */
export interface InvoiceSequencesTable {
  /** Who the numbers belong to, for example an account id (D15). */
  scope: string;
  /** Calendar year the numbers restart in (INV-<year>-<seq>). */
  year: number;
  /** The highest number handed out so far; the next caller gets last_value + 1. */
  last_value: number;
}
