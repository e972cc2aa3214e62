import type { CheckOutcome, ExamineOutcome } from './check-job.ts';
import type { RuleSet, SchemaName } from './rule-set-files.ts';

/** Runs the official schema and business rules on documents. Chosen at start-up; the worker pool is the real one. */
export interface EInvoiceChecker {
  /** Reads a received XML text (no DOCTYPE: its prolog was scanned) and runs the checks its syntax and profile call for. */
  examine(xml: string, inPdf: boolean): Promise<ExamineOutcome>;
  /** Finds a hybrid PDF's e-invoice attachment and examines it as `examine` does. */
  examinePdf(pdf: Uint8Array): Promise<ExamineOutcome>;
  /** The schema (when named) and the rule sets, in that order; a text libxml2 cannot parse gets no rules. */
  check(xml: string, schema: SchemaName | undefined, ruleSets: readonly RuleSet[]): Promise<CheckOutcome>;
  close(): Promise<void>;
}
