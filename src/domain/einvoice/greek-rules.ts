import type { EInvoice } from './einvoice.ts';
import type { RuleProblem } from './einvoice-problem.ts';
import type { PeppolCountries } from './peppol-countries.ts';
import { normalizeSpace } from './normalize-space.ts';
import { xmlText } from './xml-text.ts';

/** GR-R-001-5: the Greek document types an invoice number may name. */
const GREEK_DOCUMENT_TYPES: ReadonlySet<string> = new Set(['1.1', '1.6', '2.1', '2.4', '5.1', '5.2']);
/** GR-R-001-3's date pattern, as the rule file writes it: day, month and year with -, \, / or space between. */
const GREEK_DATE = /^(0?[1-9]|[12][0-9]|3[01])[-\\/ ]?(0?[1-9]|1[0-2])[-\\/ ]?(19|20)[0-9]{2}/;
/** The Greek tax number (TIN) as an electronic address scheme. */
const TIN_SCHEME = '9933';
const isGreek = (country: string | undefined) => country === 'GR' || country === 'EL';

/** u:TinVerification: the first nine characters are digits, the ninth a check digit (powers of 2, mod 11, mod 10). */
function validTin(value: string): boolean {
  const digits = [...value].slice(0, 9);
  if (digits.length < 9 || digits.some((d) => !/^[0-9]$/.test(d))) return false;
  const sum = digits.slice(0, 8).reduce((acc, d, i) => acc + Number(d) * 2 ** (8 - i), 0);
  return (sum % 11) % 10 === Number(digits[8]);
}

/**
 * Peppol's rules for a Greek seller (its VAT number starts with EL, or without one its address is
 * in Greece; GR-R-001 … 010). A seller whose address is in Greece must also carry its myDATA MARK
 * number in a document reference (GR-R-004-1), which the service has no field for: such an invoice
 * cannot be made under Peppol, and the pre-flight says so. The rest a request can meet: an invoice
 * number in the six-segment Greek form, the EL VAT number, TIN electronic addresses.
 */
export function greekProblems(doc: EInvoice, countries: PeppolCountries): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const add = (field: string, term: string, rule: string, message: string) => problems.push({ field, term, rule, message });
  const sellerVat = doc.seller.vatId === undefined ? undefined : xmlText(doc.seller.vatId);

  if (countries.supplierAddress === 'GR') {
    add('from.country', 'BT-40', 'GR-R-004-1', `under Peppol an invoice from a seller in ${countries.supplierAddress} carries its myDATA MARK number, which this service has no field for: send profile "en16931" for an EN 16931 invoice, or use a Peppol service provider for Greece`);
  }
  for (const [rule, message] of numberProblems(xmlText(doc.number), doc.issueDate, sellerVat)) add('invoice.number', 'BT-1', rule, message);
  if (sellerVat !== undefined && !(sellerVat.startsWith('EL') && validTin(sellerVat.slice(2)))) {
    add('from.tax_id', 'BT-31', 'GR-R-003', `a Greek seller's VAT number is EL and a valid 9-digit tax number (TIN), such as EL094259216; got "${doc.seller.vatId}"`);
  }
  const sellerEndpoint = doc.seller.electronicAddress;
  if (sellerEndpoint !== undefined && !(sellerEndpoint.scheme === TIN_SCHEME && validTin(xmlText(sellerEndpoint.value)))) {
    add('from.electronic_address', 'BT-34', 'GR-R-009', 'a Greek seller\'s Peppol address is its tax number (TIN) in scheme 9933: send from.electronic_address {"scheme": "9933", "value": "<9-digit TIN>"}');
  }
  if (isGreek(countries.customer)) {
    const buyerVat = doc.buyer.vatId === undefined ? undefined : xmlText(doc.buyer.vatId);
    if (buyerVat === undefined || !(buyerVat.startsWith('EL') && validTin(buyerVat.slice(2)))) {
      add('to.tax_id', 'BT-48', 'GR-R-006', 'a Greek seller gives a Greek buyer\'s VAT number, EL and a valid 9-digit TIN: send to.tax_id');
    }
    const buyerEndpoint = doc.buyer.electronicAddress;
    if (buyerEndpoint !== undefined && !(buyerEndpoint.scheme === TIN_SCHEME && validTin(xmlText(buyerEndpoint.value)))) {
      add('to.electronic_address', 'BT-49', 'GR-R-010', 'a Greek buyer\'s Peppol address is its tax number (TIN) in scheme 9933: send to.electronic_address {"scheme": "9933", "value": "<9-digit TIN>"}');
    }
  }
  return problems;
}

/**
 * GR-R-001-1 … 7: the invoice number is six segments separated by "|": the seller's TIN, the issue
 * date as DD/MM/YYYY, the branch (a whole number), the document type (1.1, 1.6, 2.1, 2.4, 5.1,
 * 5.2), the series and the number.
 */
function numberProblems(number: string, issueDate: string, sellerVat: string | undefined): Array<[string, string]> {
  const form = 'under Peppol a Greek seller\'s invoice number has six segments, TIN|DD/MM/YYYY|branch|type|series|number (e.g. 094259216|02/11/2026|0|1.1|A|17)';
  const segments = number.split('|');
  const out: Array<[string, string]> = [];
  if (segments.length !== 6) out.push(['GR-R-001-1', `${form}: send invoice.number in that form`]);
  const [tin = '', date = '', branch = '', type = '', series = '', serial = ''] = segments;
  if (!(normalizeSpace(tin).length === 9 && validTin(tin) && sellerVat !== undefined && tin === [...sellerVat].slice(2, 11).join(''))) {
    out.push(['GR-R-001-2', `${form}; its first segment is the seller's TIN, the digits of from.tax_id after EL`]);
  }
  const [year, month, day] = issueDate.split('-');
  const [dd, mm, yyyy] = date.split('/');
  if (!(normalizeSpace(date) !== '' && GREEK_DATE.test(date) && dd === day && mm === month && yyyy === year)) {
    out.push(['GR-R-001-3', `${form}; its second segment is the issue date, ${day}/${month}/${year}`]);
  }
  if (!(/^[ \t\r\n]*[+-]?[0-9]+[ \t\r\n]*$/.test(branch) && Number(branch.trim()) >= 0)) out.push(['GR-R-001-4', `${form}; its third segment is the branch, a whole number`]);
  if (!(normalizeSpace(type) !== '' && GREEK_DOCUMENT_TYPES.has(type))) out.push(['GR-R-001-5', `${form}; its fourth segment is the document type, 1.1, 1.6, 2.1, 2.4, 5.1 or 5.2`]);
  if (series === '') out.push(['GR-R-001-6', `${form}; its fifth segment, the series, is not empty`]);
  if (serial === '') out.push(['GR-R-001-7', `${form}; its sixth segment, the number, is not empty`]);
  return out;
}
