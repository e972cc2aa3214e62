import type { EInvoice } from './einvoice.ts';
import type { RuleProblem } from './einvoice-problem.ts';

/** What the UBL 2.1 schema refuses that a request can send: a year 0000, which xs:date (XSD 1.0) does not have. */
const SCHEMA_RULE = 'UBL 2.1 schema, xs:date';

/**
 * The UBL 2.1 schema's one demand a request can miss: its dates are XSD 1.0 xs:date, which has no
 * year 0000 (1 BC), a date the request reader takes as a calendar date. CII writes dates as text
 * and does not mind; every UBL document does, with a profile or without.
 */
export function ublSchemaProblems(doc: EInvoice): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const check = (date: string | undefined, field: string, term: string) => {
    if (date?.startsWith('0000')) problems.push({ field, term, rule: SCHEMA_RULE, message: `the date ${date} is in the year 0000, which a UBL date cannot be: send a date from 0001-01-01 on` });
  };
  check(doc.issueDate, 'invoice.date', 'BT-2');
  check(doc.dueDate, 'invoice.due_date', 'BT-9');
  check(doc.delivery?.date, 'invoice.delivery_date', 'BT-72');
  check(doc.invoicePeriod?.start, 'invoice.period.start', 'BT-73');
  check(doc.invoicePeriod?.end, 'invoice.period.end', 'BT-74');
  check(doc.billingReference?.date, 'billing_reference.date', 'BT-26');
  doc.lines.forEach((line, i) => {
    check(line.period?.start, `items[${i}].period.start`, 'BT-134');
    check(line.period?.end, `items[${i}].period.end`, 'BT-135');
  });
  return problems;
}
