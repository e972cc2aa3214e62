/**
 * One thing a profile needs that the request lacks or contradicts: the request field to send or
 * change, the EN 16931 business term it fills, and what to do. The ids of the official rules it
 * answers for (BR-10, PEPPOL-EN16931-R020, BR-DE-15 …) close the message, so a caller who checks
 * the document with the official validator recognises them.
 */
export interface EInvoiceProblem {
  readonly field: string;
  readonly term: string;
  readonly message: string;
}

/** What one official rule says about a request, before the problems of one field are merged. */
export interface RuleProblem {
  readonly field: string;
  readonly term: string;
  /** The official rule's id, e.g. "BR-09". */
  readonly rule: string;
  /** What is wrong and what to send, without the rule id. */
  readonly message: string;
}

/**
 * Each field and term once, in the order first found, naming every rule that asks for it: a
 * missing buyer reference under Peppol between two German parties breaks PEPPOL-EN16931-R003 and
 * DE-R-015, and is one problem, "… (PEPPOL-EN16931-R003, DE-R-015)". The first rule's wording is
 * kept; the fix it names meets the others too, as the rules of one field ask for the same datum.
 */
export function mergeRuleProblems(problems: readonly RuleProblem[]): EInvoiceProblem[] {
  const merged = new Map<string, { first: RuleProblem; rules: string[] }>();
  for (const problem of problems) {
    const key = `${problem.field}\u0000${problem.term}`;
    const entry = merged.get(key);
    if (entry === undefined) merged.set(key, { first: problem, rules: [problem.rule] });
    else if (!entry.rules.includes(problem.rule)) entry.rules.push(problem.rule);
  }
  return [...merged.values()].map(({ first, rules }) => ({ field: first.field, term: first.term, message: `${first.message} (${rules.join(', ')})` }));
}
