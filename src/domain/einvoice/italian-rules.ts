import type { EInvoice } from './einvoice.ts';
import type { RuleProblem } from './einvoice-problem.ts';
import { normalizeSpace } from './normalize-space.ts';

/**
 * Peppol's rules for an Italian seller (its VAT number starts with IT, or without one its address
 * is in Italy): a tax registration (BT-32) of 11 to 16 capitals and digits (IT-R-001), and a
 * street, city and post code in its address (IT-R-002 … 004).
 */
export function italianProblems(doc: EInvoice): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const add = (field: string, term: string, rule: string, message: string) => problems.push({ field, term, rule, message });
  const seller = doc.seller;
  if (seller.taxRegistrationId !== undefined && !/^[A-Z0-9]{11,16}$/.test(normalizeSpace(seller.taxRegistrationId))) {
    add('from.tax_registration_id', 'BT-32', 'IT-R-001', `an Italian seller's tax registration (the codice fiscale) has 11 to 16 capitals and digits; it is "${seller.taxRegistrationId}" (from.tax_registration_id, or a from.tax_id that is not a VAT number): send from.tax_registration_id in that form`);
  }
  const address = seller.address;
  if (address?.street === undefined) add('from.address', 'BT-35', 'IT-R-002', 'an Italian seller\'s address needs its street: send from.address with a street line, or as an object with lines');
  if (address?.city === undefined) add('from.address', 'BT-37', 'IT-R-003', 'an Italian seller\'s address needs its city: send from.address with a "post code city" line, or as an object with city');
  if (address?.postalZone === undefined) add('from.address', 'BT-38', 'IT-R-004', 'an Italian seller\'s address needs its post code: send from.address with a "post code city" line, or as an object with postal_code');
  return problems;
}
