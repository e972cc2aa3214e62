import type { EInvoice } from './einvoice.ts';
import type { EInvoiceProblem } from './einvoice-problem.ts';
import { CREDIT_TRANSFER_CODES } from './core-rules.ts';

const CARD_CODES: ReadonlySet<string> = new Set(['48', '54', '55']);
const SKONTO = /^#SKONTO#TAGE=[0-9]+#PROZENT=[0-9]+\.[0-9]{2}(#BASISBETRAG=-?[0-9]+\.[0-9]{2})?#$/;

/**
 * D39: the German rules, the same in XRechnung's CIUS (BR-DE-n) and in Peppol BIS for a German
 * seller and buyer (DE-R-0n): `prefix` gives the rule ids ("BR-DE-", "DE-R-0").
 */
export function germanProblems(doc: EInvoice, prefix: 'BR-DE-' | 'DE-R-0'): EInvoiceProblem[] {
  const problems: EInvoiceProblem[] = [];
  const add = (field: string, term: string, rule: number | string, message: string) => {
    const id = typeof rule === 'number' && prefix === 'DE-R-0' && rule >= 10 ? `DE-R-${String(rule).padStart(3, '0')}` : `${prefix}${rule}`;
    problems.push({ field, term, message: `${message} (${id})` });
  };
  const seller = doc.seller;
  const means = doc.paymentMeans;
  if (means === undefined) {
    add('payment', 'BG-16', 1, 'payment instructions are required: send payment.iban (a credit transfer), or payment.means_code with what it needs');
  }
  if (seller.contact?.name === undefined) add('from.contact.name', 'BT-41', 5, 'the seller\'s contact person or department is required: send from.contact.name');
  if (seller.contact?.phone === undefined) add('from.contact.phone', 'BT-42', 6, 'the seller\'s contact phone is required: send from.phone or from.contact.phone');
  if (seller.contact?.email === undefined) add('from.contact.email', 'BT-43', 7, 'the seller\'s contact e-mail is required: send from.email or from.contact.email');
  if (seller.address?.city === undefined) add('from.address', 'BT-37', 3, 'the seller\'s city is required: send from.address with a "post code city" line, or as an object with city');
  if (seller.address?.postalZone === undefined) add('from.address', 'BT-38', 4, 'the seller\'s post code is required: send from.address with a "post code city" line, or as an object with postal_code');
  if (doc.buyer.address?.city === undefined) add('to.address', 'BT-52', 8, 'the buyer\'s city is required: send to.address with a "post code city" line, or as an object with city');
  if (doc.buyer.address?.postalZone === undefined) add('to.address', 'BT-53', 9, 'the buyer\'s post code is required: send to.address with a "post code city" line, or as an object with postal_code');
  const shipTo = doc.delivery?.address;
  if (shipTo !== undefined && shipTo.city === undefined) add('ship_to.address', 'BT-77', 10, 'the delivery address needs a city: send ship_to.address with a "post code city" line, or as an object with city');
  if (shipTo !== undefined && shipTo.postalZone === undefined) add('ship_to.address', 'BT-78', 11, 'the delivery address needs a post code: send ship_to.address with a "post code city" line, or as an object with postal_code');
  if (doc.buyerReference === undefined) {
    add('invoice.buyer_reference', 'BT-10', 15, 'the buyer reference is required (for a German public buyer, the Leitweg-ID): send invoice.buyer_reference');
  }
  const skontoLines = (doc.paymentTerms ?? '').split(/\r?\n/).filter((line) => line.trim().startsWith('#'));
  if (skontoLines.some((line) => !SKONTO.test(line.trim()))) {
    add('invoice.terms', 'BT-20', 18, 'a line of the payment terms starts with "#", which XRechnung reads as a cash discount: write it as #SKONTO#TAGE=14#PROZENT=2.00# or do not start the line with "#"');
  }
  if (means !== undefined) {
    if (CARD_CODES.has(means.code)) {
      if (means.card === undefined) add('payment.card', 'BG-18', '24-a', `payment means ${means.code} is a card payment and needs the card: send payment.card with last4`);
      if (means.account !== undefined) add('payment.iban', 'BG-17', '24-b', `a card payment (payment means ${means.code}) may not name a payee account: leave payment.iban and payment.account_number out`);
    }
    if (means.code === '59' && means.account !== undefined) {
      add('payment.iban', 'BG-17', '25-b', 'a direct debit (payment means 59) may not name a payee account: leave payment.iban and payment.account_number out (the debited account is payment.debtor_iban)');
    }
    if (CREDIT_TRANSFER_CODES.has(means.code) && means.account === undefined) {
      add('payment.iban', 'BG-17', '23-a', `payment means ${means.code} is a credit transfer and needs the account: send payment.iban`);
    }
  }
  return problems;
}
