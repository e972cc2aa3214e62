import { validNorwegianOrgNumber } from './check-identifier-formats.ts';
import type { EInvoice } from './einvoice.ts';
import type { RuleProblem } from './einvoice-problem.ts';

/**
 * NO-R-001, for a seller whose VAT identifier starts with NO: NO, the 9-digit organisation number
 * (mod 11) and MVA. NO-R-002 ("Foretaksregisteret") is a warning.
 */
export function norwegianProblems(doc: EInvoice): RuleProblem[] {
  const vatId = doc.seller.vatId;
  if (vatId === undefined || !vatId.startsWith('NO')) return [];
  const match = /^NO([0-9]{9})MVA$/.exec(vatId);
  return match !== null && validNorwegianOrgNumber(match[1]!) ? [] : [{
    field: 'from.tax_id',
    term: 'BT-31',
    rule: 'NO-R-001',
    message: `a Norwegian seller's VAT id must be NO, the 9-digit organisation number and MVA, such as NO999999999MVA; got "${vatId}"`,
  }];
}
