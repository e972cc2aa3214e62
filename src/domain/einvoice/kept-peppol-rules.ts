import type { EInvoice } from './einvoice.ts';
import type { RuleProblem } from './einvoice-problem.ts';

/** UNCL 4461 direct debits, which need their mandate (PEPPOL-EN16931-R061). */
const DIRECT_DEBIT_CODES: ReadonlySet<string> = new Set(['49', '59']);

/**
 * The Peppol BIS rules that Peppol and XRechnung both run and a request can break: both electronic
 * addresses (R010, R020), a direct debit's mandate (R061), and line periods inside the invoice
 * period (R110, R111). XRechnung takes the e-mail as an electronic address; Peppol needs a
 * participant id (peppol-rules.ts says why).
 */
export function keptPeppolProblems(doc: EInvoice, profile: 'peppol' | 'xrechnung'): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const add = (field: string, term: string, rule: string, message: string) => problems.push({ field, term, rule, message });

  for (const [party, path, term, rule] of [[doc.seller, 'from', 'BT-34', 'PEPPOL-EN16931-R020'], [doc.buyer, 'to', 'BT-49', 'PEPPOL-EN16931-R010']] as const) {
    if (party.electronicAddress !== undefined) continue;
    const who = path === 'from' ? 'seller' : 'buyer';
    add(`${path}.electronic_address`, term, rule, profile === 'peppol'
      ? `Peppol needs the ${who}'s Peppol participant id: send ${path}.electronic_address: {scheme, value}, for example {"scheme": "0088", "value": "<GLN>"} or {"scheme": "9930", "value": "<German VAT id>"}; an e-mail address is not a Peppol id`
      : `XRechnung needs the ${who}'s electronic address: send ${path}.email or ${path}.electronic_address`);
  }

  const means = doc.paymentMeans;
  if (means !== undefined && DIRECT_DEBIT_CODES.has(means.code) && means.directDebit === undefined) {
    add('payment.mandate_reference', 'BT-89', 'PEPPOL-EN16931-R061', `payment means ${means.code} is a direct debit and needs its mandate reference: send payment.mandate_reference`);
  }

  // R110 / R111: a line's start is not before the invoice period's start, a line's end not after
  // its end; each only when both dates it compares are given.
  const period = doc.invoicePeriod;
  doc.lines.forEach((line, i) => {
    const { start, end } = line.period ?? {};
    if (start !== undefined && period?.start !== undefined && start < period.start) {
      add(`items[${i}].period.start`, 'BT-134', 'PEPPOL-EN16931-R110', `the line period starts on ${start}, before the invoice period starts on ${period.start}: a line period must lie within invoice.period; send a start on or after ${period.start}, or widen invoice.period`);
    }
    if (end !== undefined && period?.end !== undefined && end > period.end) {
      add(`items[${i}].period.end`, 'BT-135', 'PEPPOL-EN16931-R111', `the line period ends on ${end}, after the invoice period ends on ${period.end}: a line period must lie within invoice.period; send an end on or before ${period.end}, or widen invoice.period`);
    }
  });
  return problems;
}
