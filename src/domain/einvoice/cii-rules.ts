import type { EInvoice } from './einvoice.ts';
import type { RuleProblem } from './einvoice-problem.ts';

/**
 * The EN 16931 rules that are stricter in the CII syntax than in UBL and that a request can break:
 * - CII's country code list (BR-CL-14, from UN/CEFACT D16B) has AN (Netherlands Antilles) where
 *   the UBL one has SS (South Sudan), so an address in South Sudan can be written in UBL but not
 *   in CII.
 * - Canary Islands IGIC (category L): CII's BR-AF-05, -06 and -07 test a rate above 0 on lines,
 *   allowances and charges where UBL's accept 0 too.
 */
export function ciiProblems(doc: EInvoice): RuleProblem[] {
  const problems: RuleProblem[] = [];
  doc.lines.forEach((line, i) => {
    if (line.category.code === 'L' && line.category.rate === 0n) {
      problems.push({ field: `items[${i}].tax_rate`, term: 'BT-152', rule: 'BR-AF-05', message: 'a line in Canary Islands IGIC (category L) needs a rate above 0 in CII: send its tax_rate, or output "ubl"' });
    }
  });
  for (const ac of doc.allowanceCharges) {
    if (ac.category.code === 'L' && ac.category.rate === 0n && ac.field !== undefined) {
      const field = ac.field === 'shipping' ? 'shipping_tax_rate' : `${ac.field}.tax_rate`;
      problems.push({ field, term: ac.charge ? 'BT-103' : 'BT-96', rule: ac.charge ? 'BR-AF-07' : 'BR-AF-06', message: `${ac.charge ? 'a charge' : 'an allowance'} in Canary Islands IGIC (category L) needs a rate above 0 in CII: send its rate, or output "ubl"` });
    }
  }
  for (const [country, field] of [[doc.seller.address?.country, 'from.country'], [doc.buyer.address?.country, 'to.country'], [doc.delivery?.address?.country, 'ship_to.country']] as const) {
    if (country === 'SS') {
      problems.push({ field, term: field === 'from.country' ? 'BT-40' : field === 'to.country' ? 'BT-55' : 'BT-80', rule: 'BR-CL-14', message: 'CII\'s country code list has no SS (South Sudan), so this address cannot be written in CII: send output "ubl" instead' });
    }
  }
  return problems;
}
