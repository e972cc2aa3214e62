import type { EInvoice } from './einvoice.ts';
import type { RuleProblem } from './einvoice-problem.ts';
import { normalizeSpace } from './normalize-space.ts';
import { xpathNumber } from './xpath-number.ts';
import { xmlText } from './xml-text.ts';

/** DK-R-005: payment means a Danish seller may use on an invoice to a Danish buyer. */
const DANISH_MEANS: ReadonlySet<string> = new Set(['1', '10', '31', '42', '48', '49', '50', '58', '59', '93', '97']);
/** The Danish organisation number's ISO 6523 scheme (CVR). */
const CVR_SCHEME = '0184';

/**
 * Peppol's rules for a seller whose address is in Denmark (DK-R-002, 014, 016) and, towards a
 * buyer whose address is there too, DK-R-004 … 011 and 013. The payment id these rules read is
 * the invoice number (BT-83 is written as the invoice number), so codes 50 (giro) and 93 (FIK),
 * whose ids have a set form, need an invoice number in that form. DK-R-003 is a warning.
 */
export function danishProblems(doc: EInvoice): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const add = (field: string, term: string, rule: string, message: string) => problems.push({ field, term, rule, message });
  const seller = doc.seller;
  const registration = seller.legalRegistration;
  if (registration === undefined) {
    add('from.registration_no', 'BT-30', 'DK-R-002', 'a Danish seller must give its legal registration, the CVR number: send from.registration_no with from.registration_scheme "0184"');
  } else if (registration.scheme !== CVR_SCHEME) {
    add('from.registration_scheme', 'BT-30', 'DK-R-014', 'a Danish seller\'s legal registration must be in scheme 0184 (CVR): send from.registration_scheme "0184"');
  }
  const toDenmark = doc.buyer.address?.country === 'DK';
  if (!toDenmark) return problems;

  if (doc.typeCode === '381' && doc.totals.payable < 0n) {
    add('amount_paid', 'BT-113', 'DK-R-016', 'a Danish seller\'s credit note to a Danish buyer cannot have a negative amount due: send an amount_paid of at most the credited total');
  }
  for (const [party, path] of [[seller, 'from'], [doc.buyer, 'to']] as const) {
    if (party.identifier !== undefined && party.identifier.scheme === undefined) {
      add(`${path}.identifier.scheme`, path === 'from' ? 'BT-29' : 'BT-46', 'DK-R-013', `between Danish parties a party identifier needs its scheme; the ${path === 'from' ? 'seller' : 'buyer'}'s ${path}.identifier (or a ${path}.tax_id that is not a VAT number, written as the identifier) has none: send ${path}.identifier: {value, scheme}, for example {"value": "12345678", "scheme": "0184"}`);
    }
  }
  for (const problem of adjustmentProblems(doc)) problems.push(problem);
  const means = doc.paymentMeans;
  if (means === undefined || doc.typeCode === '381') return problems;

  const code = means.code;
  const paymentId = xmlText(means.remittanceInformation);
  const account = means.account === undefined ? '' : xmlText(means.account.id);
  if (!DANISH_MEANS.has(code)) {
    add('payment.means_code', 'BT-81', 'DK-R-005', `payment means ${code}${code === '30' ? ' (the default with an account outside a euro IBAN)' : ''} is not one a Danish seller may use towards a Danish buyer: send payment.means_code 1, 10, 31, 42, 48, 49, 50, 58, 59, 93 or 97 (42 is a payment to a bank account)`);
  }
  if ((code === '31' || code === '42') && (normalizeSpace(account) === '' || normalizeSpace(means.account?.serviceProvider ?? '') === '')) {
    add('payment.account_number', 'BT-84', 'DK-R-006', `payment means ${code} between Danish parties needs the account and the bank's registration number: send payment.account_number (or payment.iban) and payment.routing_number (or payment.swift)`);
  }
  if (code === '49' && (normalizeSpace(means.directDebit?.mandateReference ?? '') === '' || normalizeSpace(means.directDebit?.debtorAccount ?? '') === '')) {
    add('payment.debtor_iban', 'BT-91', 'DK-R-007', 'payment means 49 between Danish parties needs the mandate and the account to debit: send payment.mandate_reference and payment.debtor_iban');
  }
  if (code === '50') {
    const prefix = paymentId.slice(0, 3);
    if (!['01#', '04#', '15#'].includes(prefix)) {
      add('invoice.number', 'BT-83', 'DK-R-008', 'payment means 50 (giro) between Danish parties needs a payment id starting with 01#, 04# or 15#, and the payment id is the invoice number: send invoice.number in that form, or another payment means');
    } else if (prefix !== '01#' && [...paymentId].length !== 19) {
      add('invoice.number', 'BT-83', 'DK-R-009', 'a giro payment id starting with 04# or 15# carries the 16-digit instruction id, 19 characters in all (e.g. 04#1234567890123456); the payment id is the invoice number: send invoice.number in that form');
    }
    if (!/^[0-9]{7,8}$/.test(account)) {
      add('payment.account_number', 'BT-84', 'DK-R-008', 'payment means 50 (giro) between Danish parties needs the giro account number, 7 or 8 digits: send payment.account_number');
    }
  }
  if (code === '93') {
    const prefix = paymentId.slice(0, 3);
    if (!['71#', '73#', '75#'].includes(prefix)) {
      add('invoice.number', 'BT-83', 'DK-R-010', 'payment means 93 (FIK) between Danish parties needs a payment id starting with 71#, 73# or 75#, and the payment id is the invoice number: send invoice.number in that form, or another payment means');
    } else if (prefix !== '73#' && ![18, 19].includes([...paymentId].length)) {
      add('invoice.number', 'BT-83', 'DK-R-011', 'a FIK payment id starting with 71# or 75# carries the 15- or 16-digit instruction id (18 or 19 characters in all); the payment id is the invoice number: send invoice.number in that form');
    }
    if ([...account].length !== 8) {
      add('payment.account_number', 'BT-84', 'DK-R-010', 'payment means 93 (FIK) between Danish parties needs the creditor number, 8 characters: send payment.account_number');
    }
  }
  return problems;
}

/**
 * DK-R-004: between Danish parties, an allowance or charge coded ZZZ (a tax other than VAT) gives
 * its reason as the 4-digit tax category (0000 … 9999) or as text with a '#' inside, not at either end.
 */
function adjustmentProblems(doc: EInvoice): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const meets = (reason: string | undefined) => {
    if (reason === undefined) return false;
    const text = xmlText(reason);
    const number = xpathNumber(text);
    return (normalizeSpace(text).length === 4 && number >= 0 && number <= 9999)
      || (text.includes('#') && !text.startsWith('#') && !text.endsWith('#'));
  };
  const message = 'between Danish parties an allowance or charge with reason code ZZZ (a tax other than VAT) gives its reason as the 4-digit tax category, or as text with a "#" inside it: send reason in that form, or another reason_code';
  for (const ac of doc.allowanceCharges) {
    if (ac.reasonCode === 'ZZZ' && !meets(ac.reason)) {
      problems.push({ field: `${ac.field ?? (ac.charge ? 'charges' : 'allowances')}.reason`, term: ac.charge ? 'BT-104' : 'BT-97', rule: 'DK-R-004', message });
    }
  }
  doc.lines.forEach((line, i) => line.charges.forEach((charge, k) => {
    if (charge.reasonCode === 'ZZZ' && !meets(charge.reason)) problems.push({ field: `items[${i}].charges[${k}].reason`, term: 'BT-144', rule: 'DK-R-004', message });
  }));
  return problems;
}
