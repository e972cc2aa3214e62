import { PEPPOL_EAS_CODES } from './code-lists.ts';
import { danishProblems } from './danish-rules.ts';
import { dutchProblems } from './dutch-rules.ts';
import type { EInvoice } from './einvoice.ts';
import type { RuleProblem } from './einvoice-problem.ts';
import { germanProblems } from './german-rules.ts';
import { greekProblems } from './greek-rules.ts';
import { icelandicProblems } from './icelandic-rules.ts';
import { identifierFormatProblem } from './check-identifier-formats.ts';
import { italianProblems } from './italian-rules.ts';
import { keptPeppolProblems } from './kept-peppol-rules.ts';
import { lineAmountProblems } from './line-amount-rule.ts';
import { norwegianProblems } from './norwegian-rules.ts';
import { peppolCountries } from './peppol-countries.ts';
import { swedishProblems } from './swedish-rules.ts';

/** PEPPOL-EN16931-P0104 … P0111: the category each of these VATEX codes belongs to. */
const VATEX_CATEGORY: Readonly<Record<string, string>> = {
  'VATEX-EU-G': 'G', 'VATEX-EU-O': 'O', 'VATEX-EU-IC': 'K', 'VATEX-EU-AE': 'AE',
  'VATEX-EU-D': 'E', 'VATEX-EU-F': 'E', 'VATEX-EU-I': 'E', 'VATEX-EU-J': 'E',
};
const VATEX_RULE: Readonly<Record<string, string>> = {
  'VATEX-EU-G': 'P0104', 'VATEX-EU-O': 'P0105', 'VATEX-EU-IC': 'P0106', 'VATEX-EU-AE': 'P0107',
  'VATEX-EU-D': 'P0108', 'VATEX-EU-F': 'P0109', 'VATEX-EU-I': 'P0110', 'VATEX-EU-J': 'P0111',
};

/**
 * Peppol BIS Billing 3.0 on top of EN 16931 (UBL only): the rules it shares with XRechnung
 * (kept-peppol-rules.ts), a line's amount as quantity × price (R120), electronic addresses in
 * Peppol's schemes, a buyer or order reference,
 * the scheme formats of identifiers, VATEX codes in their own category, and the national rules of
 * the seller's country (Denmark, Germany with a German buyer, Greece, Iceland, Italy, the
 * Netherlands, Norway, Sweden). The rest of Peppol's rules hold by construction (docs/einvoice.md).
 */
export function peppolProblems(doc: EInvoice): RuleProblem[] {
  const problems: RuleProblem[] = [...keptPeppolProblems(doc, 'peppol'), ...lineAmountProblems(doc)];
  const add = (field: string, term: string, rule: string, message: string) => problems.push({ field, term, rule, message });

  for (const [party, path, term] of [[doc.seller, 'from', 'BT-34'], [doc.buyer, 'to', 'BT-49']] as const) {
    const address = party.electronicAddress;
    if (address !== undefined && !PEPPOL_EAS_CODES.has(address.scheme)) {
      add(`${path}.electronic_address.scheme`, term, 'PEPPOL-EN16931-CL008', `scheme "${address.scheme}" is not one Peppol accepts: send a Peppol EAS code such as 0088, 0192, 0208, 9930${address.scheme === 'EM' ? '; Peppol does not deliver to e-mail addresses' : ''}`);
    }
  }
  if (doc.buyerReference === undefined && doc.orderReference === undefined) {
    add('invoice.buyer_reference', 'BT-10', 'PEPPOL-EN16931-R003', 'Peppol needs a buyer reference or a purchase order number: send invoice.buyer_reference or invoice.po_number');
  }
  for (const [party, path] of [[doc.seller, 'from'], [doc.buyer, 'to']] as const) {
    const endpoint = party.electronicAddress;
    const checks = [
      endpoint === undefined ? undefined : identifierFormatProblem(endpoint.scheme, endpoint.value, `${path}.electronic_address.value`, path === 'from' ? 'BT-34' : 'BT-49'),
      party.identifier === undefined ? undefined : identifierFormatProblem(party.identifier.scheme, party.identifier.value, `${path}.identifier.value`, path === 'from' ? 'BT-29' : 'BT-46'),
      party.legalRegistration === undefined ? undefined : identifierFormatProblem(party.legalRegistration.scheme, party.legalRegistration.id, `${path}.registration_no`, path === 'from' ? 'BT-30' : 'BT-47'),
    ];
    for (const problem of checks) if (problem !== undefined) problems.push(problem);
  }
  for (const subtotal of doc.vatBreakdown) {
    const code = subtotal.category.exemption?.code?.toUpperCase();
    const expected = code === undefined ? undefined : VATEX_CATEGORY[code];
    if (expected !== undefined && expected !== subtotal.category.code) {
      add('tax_exemption_code', 'BT-121', `PEPPOL-EN16931-${VATEX_RULE[code!]!}`, `the exemption code ${code} belongs to VAT category ${expected}, but it explains category ${subtotal.category.code} (its shipping, allowances or charges take the top-level tax_exemption_code): send tax_exemption_code for category ${subtotal.category.code} on its own lines, or another top-level code`);
    }
  }

  const countries = peppolCountries(doc);
  if (countries.supplierAddress === 'DE' && countries.customerAddress === 'DE') problems.push(...germanProblems(doc, 'DE-R-0'));
  if (countries.supplierAddress === 'NL') problems.push(...dutchProblems(doc));
  if (countries.supplierAddress === 'DK') problems.push(...danishProblems(doc));
  if (countries.supplierAddress === 'IS') problems.push(...icelandicProblems(doc));
  if (countries.supplierAddress === 'SE') problems.push(...swedishProblems(doc));
  if (countries.supplier === 'NO') problems.push(...norwegianProblems(doc));
  if (countries.supplier === 'IT') problems.push(...italianProblems(doc));
  if (countries.supplier === 'GR' || countries.supplier === 'EL') problems.push(...greekProblems(doc, countries));
  return problems;
}
