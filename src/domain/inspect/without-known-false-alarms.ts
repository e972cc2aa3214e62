import { ibanProblem } from '../qr/iban-problem.ts';
import type { ReceivedInvoice } from './received-invoice.ts';

/**
 * Rules that SaxonJS, which runs the rule sets here, gets wrong where the official Java validator
 * does not: XRechnung's and Peppol's German IBAN check (BR-DE-19, DE-R-019) computes
 * `xs:integer(…) mod 97` on a 24-digit integer wrongly and fires for every valid IBAN
 * (docs/einvoice.md). Such a finding is dropped when the document's IBAN passes the same mod-97
 * check computed exactly; for an IBAN that fails it, the finding stays.
 */
const IBAN_RULES: ReadonlySet<string> = new Set(['BR-DE-19', 'DE-R-019']);

export function withoutKnownFalseAlarms<T extends { readonly rule: string }>(findings: readonly T[], invoice: ReceivedInvoice | undefined): T[] {
  const account = invoice?.paymentMeans?.account?.id.replace(/\s/g, '').toUpperCase();
  const validIban = account !== undefined && account !== '' && ibanProblem(account) === undefined;
  return validIban ? findings.filter((f) => !IBAN_RULES.has(f.rule)) : [...findings];
}
