import type { Examination } from '../domain/inspect/examine-document.ts';
import type { RuleSet, SchemaName } from './rule-set-files.ts';

/**
 * A job for a check worker: `examine` reads a received document and runs the checks its syntax and
 * profile call for; `rules` runs named rule sets alone (the rule sets' own unit tests are
 * fragments no schema would pass).
 */
export type CheckJob =
  | { readonly kind: 'examine'; readonly xml: string; readonly inPdf: boolean }
  /** A hybrid PDF: its e-invoice attachment found and examined. */
  | { readonly kind: 'examine-pdf'; readonly pdf: Uint8Array }
  | { readonly kind: 'rules'; readonly xml: string; readonly schema: SchemaName | undefined; readonly ruleSets: readonly RuleSet[] };

/** A schema violation as libxml2 reports it. */
export interface SchemaViolation {
  readonly message: string;
  readonly line: number;
  /** The element's path, e.g. "/Invoice/cbc:Foo", where libxml2 gives one. */
  readonly location: string | undefined;
}

/** A failed assert or successful report of a rule set (SVRL). */
export interface RuleFinding {
  readonly set: RuleSet;
  /** Rule id, e.g. "BR-CO-16". */
  readonly rule: string;
  /** The rule's flag, or its role when it has no flag: fatal, warning, information, … or ''. */
  readonly flag: string;
  /** XPath of the context node, namespaces dropped: "/Invoice[1]/LegalMonetaryTotal[1]". */
  readonly location: string;
  readonly text: string;
}

export type CheckOutcome =
  | { readonly wellFormed: true; readonly schema: readonly SchemaViolation[] | undefined; readonly findings: readonly RuleFinding[] }
  /** libxml2 could not parse the text: the rules were not run. */
  | { readonly wellFormed: false; readonly error: string; readonly line: number };

/** What an `examine` job gives: the reader's view, and the checks' outcome when it could read the document. */
export interface ExamineOutcome {
  readonly examination: Examination;
  readonly outcome: CheckOutcome | undefined;
  /** For a PDF: the attachment read, and its XML text. */
  readonly attachment?: { readonly name: string; readonly xml: string };
}
