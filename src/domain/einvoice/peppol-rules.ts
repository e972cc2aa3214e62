import { PEPPOL_EAS_CODES } from './code-lists.ts';
import type { EInvoice, EInvoiceParty } from './einvoice.ts';
import type { EInvoiceProblem } from './einvoice-problem.ts';
import { germanProblems } from './german-rules.ts';
import { identifierFormatProblem, validNorwegianOrgNumber } from './check-identifier-formats.ts';

/** KVK and OIN: the legal registrations a Dutch party must use under Peppol (NL-R-003, NL-R-005). */
const DUTCH_LEGAL_SCHEMES: ReadonlySet<string> = new Set(['0106', '0190']);
/** NL-R-008: payment means a Dutch seller may use towards a Dutch buyer. */
const DUTCH_MEANS: ReadonlySet<string> = new Set(['30', '48', '49', '57', '58', '59']);
/**
 * Peppol BIS 3.0.19 has national rules for sellers in these countries whose data this service does
 * not carry or check (Greek invoice-number segments and MARK numbers, Danish payment ids,
 * Icelandic kennitala, Swedish F-skatt wording, Italian fiscal codes …): rather than answer a
 * document the Peppol validator would refuse, the pre-flight says so.
 */
const UNSUPPORTED_SELLER_COUNTRIES: ReadonlySet<string> = new Set(['GR', 'DK', 'IS', 'IT', 'SE']);

/** The country Peppol's national rules read: the VAT id's prefix, else the address's country. */
function peppolCountry(party: EInvoiceParty): string | undefined {
  return party.vatId?.slice(0, 2).toUpperCase() ?? party.address?.country;
}

/**
 * D39, Peppol BIS Billing 3.0 on top of EN 16931 (UBL only): both electronic addresses in
 * Peppol's schemes, a buyer or order reference, one note, the scheme formats of identifiers, and
 * the national rules of the seller's country that this service's data can meet.
 */
export function peppolProblems(doc: EInvoice): EInvoiceProblem[] {
  const problems: EInvoiceProblem[] = [];
  const add = (field: string, term: string, message: string) => problems.push({ field, term, message });

  for (const [party, path, term, rule] of [[doc.seller, 'from', 'BT-34', 'R020'], [doc.buyer, 'to', 'BT-49', 'R010']] as const) {
    const address = party.electronicAddress;
    if (address === undefined) {
      add(`${path}.electronic_address`, term, `Peppol needs the ${path === 'from' ? 'seller' : 'buyer'}'s Peppol participant id (PEPPOL-EN16931-${rule}): send ${path}.electronic_address: {scheme, value}, for example {"scheme": "0088", "value": "<GLN>"} or {"scheme": "9930", "value": "<German VAT id>"}; an e-mail address is not a Peppol id`);
    } else if (!PEPPOL_EAS_CODES.has(address.scheme)) {
      add(`${path}.electronic_address.scheme`, term, `scheme "${address.scheme}" is not one Peppol accepts (PEPPOL-EN16931-CL008): send a Peppol EAS code such as 0088, 0192, 0208, 9930${address.scheme === 'EM' ? '; Peppol does not deliver to e-mail addresses' : ''}`);
    }
  }
  if (doc.buyerReference === undefined && doc.orderReference === undefined) {
    add('invoice.buyer_reference', 'BT-10', 'Peppol needs a buyer reference or a purchase order number (PEPPOL-EN16931-R003): send invoice.buyer_reference or invoice.po_number');
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

  const sellerCountry = doc.seller.address?.country;
  const buyerCountry = doc.buyer.address?.country;
  if (sellerCountry === 'DE' && buyerCountry === 'DE') problems.push(...germanProblems(doc, 'DE-R-0'));
  if (sellerCountry === 'NL') problems.push(...dutchProblems(doc));
  const nationalCountry = peppolCountry(doc.seller);
  if (nationalCountry === 'NO') problems.push(...norwegianProblems(doc));
  if (nationalCountry !== undefined && (UNSUPPORTED_SELLER_COUNTRIES.has(nationalCountry) || nationalCountry === 'EL')) {
    add('from.country', 'BT-40', `Peppol BIS 3 has national rules for sellers in ${nationalCountry} that this service does not check yet; send profile "en16931" for an EN 16931 invoice, or use a Peppol service provider for this country`);
  }
  return problems;
}

/** NL-R-002 … NL-R-008 for a Dutch seller (and a Dutch buyer). */
function dutchProblems(doc: EInvoice): EInvoiceProblem[] {
  const problems: EInvoiceProblem[] = [];
  const add = (field: string, term: string, message: string) => problems.push({ field, term, message });
  const seller = doc.seller;
  if (seller.address?.street === undefined || seller.address.city === undefined || seller.address.postalZone === undefined) {
    add('from.address', 'BG-5', 'a Dutch seller\'s address needs a street, a city and a post code (NL-R-002): send from.address with "street" and "post code city" lines, or as an object');
  }
  if (seller.legalRegistration === undefined || !DUTCH_LEGAL_SCHEMES.has(seller.legalRegistration.scheme ?? '')) {
    add('from.registration_scheme', 'BT-30', 'a Dutch seller\'s legal registration must be its KVK or OIN number (NL-R-003): send from.registration_no with from.registration_scheme "0106" (KVK) or "0190" (OIN)');
  }
  if (doc.paymentMeans === undefined && doc.totals.payable > 0n) {
    add('payment', 'BG-16', 'a Dutch seller must give the payment means (NL-R-007): send payment.iban, or payment.means_code with what it needs');
  }
  if (doc.buyer.address?.country === 'NL') {
    const buyer = doc.buyer;
    if (buyer.address?.street === undefined || buyer.address.city === undefined || buyer.address.postalZone === undefined) {
      add('to.address', 'BG-8', 'a Dutch buyer\'s address needs a street, a city and a post code (NL-R-004): send to.address with "street" and "post code city" lines, or as an object');
    }
    if (buyer.legalRegistration === undefined || !DUTCH_LEGAL_SCHEMES.has(buyer.legalRegistration.scheme ?? '')) {
      add('to.registration_scheme', 'BT-47', 'a Dutch buyer\'s legal registration must be its KVK or OIN number (NL-R-005): send to.registration_no with to.registration_scheme "0106" (KVK) or "0190" (OIN)');
    }
    if (doc.paymentMeans !== undefined && !DUTCH_MEANS.has(doc.paymentMeans.code)) {
      add('payment.means_code', 'BT-81', `payment means ${doc.paymentMeans.code} is not one a Dutch seller may use towards a Dutch buyer (NL-R-008): use 30, 48, 49, 57, 58 or 59`);
    }
  }
  return problems;
}

/** NO-R-001: a Norwegian seller's VAT id is NO + organisation number + MVA. */
function norwegianProblems(doc: EInvoice): EInvoiceProblem[] {
  const vatId = doc.seller.vatId;
  if (vatId === undefined || !vatId.startsWith('NO')) return [];
  const match = /^NO([0-9]{9})MVA$/.exec(vatId);
  return match !== null && validNorwegianOrgNumber(match[1]!) ? [] : [{
    field: 'from.tax_id',
    term: 'BT-31',
    message: `a Norwegian seller's VAT id must be NO, the 9-digit organisation number and MVA, such as NO999999999MVA (NO-R-001); got "${vatId}"`,
  }];
}

