import type { InspectInvoiceResponse } from '../../../src/schemas/inspect-invoice-response.ts';

export type Problem = InspectInvoiceResponse['verdict']['problems'][number];

const CHECK_NAMES: Readonly<Record<Problem['check'], string>> = {
  schema: 'the syntax\'s schema', en16931: 'EN 16931', peppol: 'Peppol BIS 3', xrechnung: 'XRechnung 3',
};

/** Which check found it, as a reader names it. */
export const checkName = (check: Problem['check']): string => CHECK_NAMES[check];

/**
 * A rule's message without the id the rule sets put in front ("[BR-CO-16]-", "[BR-DE-15] "), and a
 * schema message with its elements named without their namespace ("{urn:…}IssueDate" → "IssueDate"):
 * the id is shown beside it, and a namespace says nothing to a reader.
 */
export function plainMessage(problem: Problem): string {
  const text = problem.message.replace(/^\s*\[[^\]]{1,80}\]\s*-?\s*/, '');
  return text.replace(/\{[^{}\s]*\}/g, '').trim();
}

/**
 * An XPath as a path of element names: "/Q{urn:…}Invoice[1]/Q{…}LegalMonetaryTotal[1]" and
 * "/*:Invoice[namespace-uri()='…'][1]/…" both read "Invoice › LegalMonetaryTotal"; the second of
 * several lines reads "InvoiceLine 2". A schema problem's "line 12" stays as it is.
 */
export function readableLocation(location: string): string {
  if (!location.startsWith('/')) return location;
  const steps: string[] = [];
  for (const raw of location.split(/\/(?![^[]*\])/)) {
    if (raw === '') continue;
    const withoutNamespace = raw.replace(/^Q\{[^}]*\}/, '').replace(/^\*:/, '').replace(/^[A-Za-z][\w.-]*:/, '');
    const name = /^[@\w.-]+/.exec(withoutNamespace)?.[0] ?? withoutNamespace;
    const positions = [...withoutNamespace.matchAll(/\[(\d+)\]/g)].map((match) => Number(match[1]));
    const position = positions.at(-1);
    steps.push(position !== undefined && position > 1 ? `${name} ${position}` : name);
  }
  return steps.join(' › ');
}
