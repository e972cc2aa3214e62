import { validSwedishOrgNumber } from './check-identifier-formats.ts';
import type { EInvoice } from './einvoice.ts';
import type { RuleProblem } from './einvoice-problem.ts';
import { normalizeSpace } from './normalize-space.ts';
import { xpathNumber } from './xpath-number.ts';
import { xmlText } from './xml-text.ts';

/** SE-R-006: the standard rates of Swedish VAT, percent × 10^6. */
const SWEDISH_RATES: ReadonlySet<bigint> = new Set([25_000_000n, 12_000_000n, 6_000_000n]);
/** SE-R-005: what a Swedish seller's tax registration (BT-32) must say. */
const F_SKATT = 'GODKÄND FÖR F-SKATT';

/**
 * Peppol's rules for a seller whose address is in Sweden (SE-R-001 … 006, 013): the VAT number's
 * form and rates when it starts with SE, the organisation number's form, and "Godkänd för
 * F-skatt" as the tax registration beside it. SE-R-007 … 012 are warnings.
 */
export function swedishProblems(doc: EInvoice): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const add = (field: string, term: string, rule: string, message: string) => problems.push({ field, term, rule, message });
  const seller = doc.seller;
  const vatId = seller.vatId === undefined ? undefined : xmlText(seller.vatId);
  const swedishVat = vatId !== undefined && vatId.startsWith('SE');
  if (swedishVat) {
    if (normalizeSpace(vatId).length !== 14) add('from.tax_id', 'BT-31', 'SE-R-001', `a Swedish seller's VAT number has 14 characters, SE and 12 digits (e.g. SE556677889901); got "${vatId}"`);
    if (Number.isNaN(xpathNumber([...vatId].slice(2, 14).join('')))) add('from.tax_id', 'BT-31', 'SE-R-002', `the 12 characters after SE in a Swedish seller's VAT number are digits; got "${vatId}"`);
  }
  const registration = seller.legalRegistration;
  if (registration !== undefined) {
    const id = xmlText(registration.id);
    const message = `a Swedish seller's organisation number (from.registration_no) has 10 digits with a valid check digit, such as 5566778899; got "${registration.id}"`;
    if (Number.isNaN(xpathNumber(id))) add('from.registration_no', 'BT-30', 'SE-R-003', message);
    if (normalizeSpace(id).length !== 10) add('from.registration_no', 'BT-30', 'SE-R-004', message);
    if (!validSwedishOrgNumber(normalizeSpace(id))) add('from.registration_no', 'BT-30', 'SE-R-013', message);
    if (seller.taxRegistrationId !== undefined && normalizeSpace(seller.taxRegistrationId).toUpperCase() !== F_SKATT) {
      add('from.tax_registration_id', 'BT-32', 'SE-R-005', `beside its organisation number a Swedish seller's tax registration reads "Godkänd för F-skatt"; it is "${seller.taxRegistrationId}" (from.tax_registration_id, or a from.tax_id that is not a VAT number): send from.tax_registration_id "Godkänd för F-skatt"`);
    }
  }
  if (swedishVat) {
    const rateText = (category: { readonly rate: bigint }) => `${Number(category.rate) / 1_000_000} %`;
    const offRate = (category: { readonly code: string; readonly rate: bigint }) => category.code === 'S' && !SWEDISH_RATES.has(category.rate);
    doc.lines.forEach((line, i) => {
      if (offRate(line.category)) add(`items[${i}].tax_rate`, 'BT-152', 'SE-R-006', `a Swedish seller's standard-rated lines are taxed at 25, 12 or 6 %, not ${rateText(line.category)}`);
    });
    for (const ac of doc.allowanceCharges) {
      if (offRate(ac.category) && ac.field !== undefined) {
        add(ac.field === 'shipping' ? 'shipping_tax_rate' : `${ac.field}.tax_rate`, ac.charge ? 'BT-103' : 'BT-96', 'SE-R-006', `a Swedish seller's standard rate is 25, 12 or 6 %, not ${rateText(ac.category)}`);
      }
    }
  }
  return problems;
}
