import type { CheckName } from './received-document.ts';

export type ProblemSeverity = 'fatal' | 'warning';

/** One thing the official checks found, in the answer's terms. */
export interface InspectionProblem {
  /** The rule id ("BR-CO-16", "PEPPOL-EN16931-R001"), or "schema" for a schema violation. */
  readonly rule: string;
  readonly severity: ProblemSeverity;
  /** The business term or group the rule names first (BT-115, BG-23), or null. */
  readonly term: string | null;
  /** XPath of the element concerned ("/Invoice[1]/LegalMonetaryTotal[1]"), or the line of a schema violation. */
  readonly location: string;
  readonly message: string;
  /** Which check reported it. */
  readonly check: CheckName;
}

export interface Verdict {
  /** No fatal problem: the document meets every check run. */
  readonly valid: boolean;
  readonly checks: readonly CheckName[];
  readonly problems: readonly InspectionProblem[];
}

/** A finding as the checks return it, before it is put in the answer's terms. */
export interface Finding {
  readonly check: CheckName;
  readonly rule: string;
  /** The rule's flag (or role): fatal and error are fatal, as is a rule that has neither. */
  readonly flag: string;
  readonly location: string;
  readonly text: string;
}

const TERM = /\b(B[TG]-\d+)\b/;

/**
 * The official validators' split: a finding is fatal when its flag is fatal or error in any case,
 * or when it has none; warning, information and the rest are warnings.
 */
export function severityOf(flag: string): ProblemSeverity {
  return ['fatal', 'error', ''].includes(flag.toLowerCase()) ? 'fatal' : 'warning';
}

/** The verdict of the checks run: the rule sets' findings and the schema's violations, in the order found. */
export function verdictOf(checks: readonly CheckName[], findings: readonly Finding[]): Verdict {
  const problems = findings.map((f): InspectionProblem => ({
    rule: f.rule,
    severity: severityOf(f.flag),
    term: TERM.exec(f.text)?.[1] ?? null,
    location: f.location,
    message: f.text,
    check: f.check,
  }));
  return { valid: !problems.some((p) => p.severity === 'fatal'), checks, problems };
}
