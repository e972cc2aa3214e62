import type { EInvoice } from './einvoice.ts';
import type { RuleProblem } from './einvoice-problem.ts';

/**
 * The one EN 16931 rule the CII syntax adds that a request can break: CII's country code list
 * (BR-CL-14, from UN/CEFACT D16B) has AN (Netherlands Antilles) where the UBL one has SS (South
 * Sudan), so an address in South Sudan can be written in UBL but not in CII.
 */
export function ciiProblems(doc: EInvoice): RuleProblem[] {
  const problems: RuleProblem[] = [];
  for (const [country, field] of [[doc.seller.address?.country, 'from.country'], [doc.buyer.address?.country, 'to.country'], [doc.delivery?.address?.country, 'ship_to.country']] as const) {
    if (country === 'SS') {
      problems.push({ field, term: field === 'from.country' ? 'BT-40' : field === 'to.country' ? 'BT-55' : 'BT-80', rule: 'BR-CL-14', message: 'CII\'s country code list has no SS (South Sudan), so this address cannot be written in CII: send output "ubl" instead' });
    }
  }
  return problems;
}
