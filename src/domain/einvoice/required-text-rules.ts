import type { EInvoice } from './einvoice.ts';
import type { RuleProblem } from './einvoice-problem.ts';
import { hasText } from './xml-text.ts';

/**
 * The texts every document must carry, checked for something a reader can see once written (XML
 * drops control characters, white space is no text): the invoice number (BR-02), the names of
 * seller and buyer (BR-06, BR-07), each item's name (BR-25), a corrected invoice's number
 * (BR-55), and the reason of an allowance or charge that has no reason code (BR-33, BR-38, BR-44). The request reader refuses a blank required field; this refuses what is left, a value
 * of control characters only, before a writer would have to write it empty. Every e-invoice,
 * with a profile or without (a plain UBL document needs them too).
 */
export function requiredTextProblems(doc: EInvoice): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const add = (field: string, term: string, rule: string, what: string) => problems.push({ field, term, rule, message: `${what} has no character an e-invoice can carry (control characters are dropped): send it as text` });
  if (!hasText(doc.number)) add('invoice.number', 'BT-1', 'BR-02', 'the invoice number');
  if (!hasText(doc.seller.name)) add('from.name', 'BT-27', 'BR-06', 'the seller\'s name');
  if (!hasText(doc.buyer.name)) add('to.name', 'BT-44', 'BR-07', 'the buyer\'s name');
  doc.lines.forEach((line, i) => {
    if (!hasText(line.name)) add(`items[${i}].description`, 'BT-153', 'BR-25', `items[${i}].description`);
  });
  if (doc.billingReference !== undefined && !hasText(doc.billingReference.number)) add('billing_reference.number', 'BT-25', 'BR-55', 'the corrected invoice\'s number');
  // An allowance or charge states a reason or a reason code (BR-33, BR-38, BR-44): one with text.
  for (const ac of doc.allowanceCharges) {
    if (!hasText(ac.reason) && !hasText(ac.reasonCode)) add(`${ac.field ?? (ac.charge ? 'charges' : 'allowances')}.reason`, ac.charge ? 'BT-104' : 'BT-97', ac.charge ? 'BR-38' : 'BR-33', 'its reason');
  }
  doc.lines.forEach((line, i) => line.charges.forEach((charge, k) => {
    if (!hasText(charge.reason) && !hasText(charge.reasonCode)) add(`items[${i}].charges[${k}].reason`, 'BT-144', 'BR-44', `items[${i}].charges[${k}].reason`);
  }));
  return problems;
}
