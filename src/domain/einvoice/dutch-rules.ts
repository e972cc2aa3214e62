import type { EInvoice } from './einvoice.ts';
import type { RuleProblem } from './einvoice-problem.ts';

/** KVK and OIN: the legal registrations a Dutch party must use under Peppol (NL-R-003, NL-R-005). */
const DUTCH_LEGAL_SCHEMES: ReadonlySet<string> = new Set(['0106', '0190']);
/** NL-R-008: payment means a Dutch seller may use towards a Dutch buyer. */
const DUTCH_MEANS: ReadonlySet<string> = new Set(['30', '48', '49', '57', '58', '59']);

/**
 * Peppol's rules for a seller whose address is in the Netherlands (NL-R-002 … NL-R-008). NL-R-001
 * (a credit note names the invoice it corrects) holds for every credit note, which must send
 * billing_reference; NL-R-006 and NL-R-009 are about parts the service does not write.
 */
export function dutchProblems(doc: EInvoice): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const add = (field: string, term: string, rule: string, message: string) => problems.push({ field, term, rule, message });
  const seller = doc.seller;
  if (seller.address !== undefined && (seller.address.street === undefined || seller.address.city === undefined || seller.address.postalZone === undefined)) {
    add('from.address', 'BG-5', 'NL-R-002', 'a Dutch seller\'s address needs a street, a city and a post code: send from.address with "street" and "post code city" lines, or as an object');
  }
  // NL-R-003 and NL-R-005 judge a legal registration that is there; none is no failure.
  if (seller.legalRegistration !== undefined && !DUTCH_LEGAL_SCHEMES.has(seller.legalRegistration.scheme ?? '')) {
    add('from.registration_scheme', 'BT-30', 'NL-R-003', 'a Dutch seller\'s legal registration must be its KVK or OIN number: send from.registration_scheme "0106" (KVK) or "0190" (OIN) with from.registration_no, or leave registration_no out');
  }
  // NL-R-007: payment means whenever the buyer is to pay (an invoice above zero, a credit note below).
  const buyerPays = doc.typeCode === '381' ? doc.totals.payable < 0n : doc.totals.payable > 0n;
  if (doc.paymentMeans === undefined && buyerPays) {
    add('payment', 'BG-16', 'NL-R-007', 'a Dutch seller must give the payment means: send payment.iban, or payment.means_code with what it needs');
  }
  if (doc.buyer.address?.country === 'NL') {
    const buyer = doc.buyer;
    if (buyer.address !== undefined && (buyer.address.street === undefined || buyer.address.city === undefined || buyer.address.postalZone === undefined)) {
      add('to.address', 'BG-8', 'NL-R-004', 'a Dutch buyer\'s address needs a street, a city and a post code: send to.address with "street" and "post code city" lines, or as an object');
    }
    if (buyer.legalRegistration !== undefined && !DUTCH_LEGAL_SCHEMES.has(buyer.legalRegistration.scheme ?? '')) {
      add('to.registration_scheme', 'BT-47', 'NL-R-005', 'a Dutch buyer\'s legal registration must be its KVK or OIN number: send to.registration_scheme "0106" (KVK) or "0190" (OIN) with to.registration_no, or leave registration_no out');
    }
    if (doc.paymentMeans !== undefined && !DUTCH_MEANS.has(doc.paymentMeans.code)) {
      add('payment.means_code', 'BT-81', 'NL-R-008', `payment means ${doc.paymentMeans.code} is not one a Dutch seller may use towards a Dutch buyer: use 30, 48, 49, 57, 58 or 59`);
    }
  }
  return problems;
}
