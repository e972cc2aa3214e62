import type { EInvoice } from './einvoice.ts';
import type { RuleProblem } from './einvoice-problem.ts';
import { categoriesOf, CREDIT_TRANSFER_CODES, SELLER_VAT_CATEGORIES } from './core-rules.ts';
import { meetsSkontoRule } from './skonto-terms.ts';

const CARD_CODES: ReadonlySet<string> = new Set(['48', '54', '55']);

/**
 * The German rules, the same in XRechnung's CIUS (BR-DE-n) and in Peppol BIS between a German
 * seller and a German buyer (DE-R-0nn): `prefix` gives the rule ids ("BR-DE-", "DE-R-0").
 */
export function germanProblems(doc: EInvoice, prefix: 'BR-DE-' | 'DE-R-0'): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const ruleId = (rule: number | string) => {
    if (prefix === 'BR-DE-') return `BR-DE-${rule}`;
    // Peppol numbers them DE-R-001 … DE-R-031 and writes BR-DE-24-a as DE-R-024-1.
    const [number, letter] = String(rule).split('-');
    return `DE-R-${number!.padStart(3, '0')}${letter === undefined ? '' : `-${letter === 'a' ? 1 : 2}`}`;
  };
  const add = (field: string, term: string, rule: number | string, message: string) => problems.push({ field, term, rule: ruleId(rule), message });
  const seller = doc.seller;
  const means = doc.paymentMeans;
  if (means === undefined) {
    add('payment', 'BG-16', 1, 'payment instructions are required: send payment.iban (a credit transfer), or payment.means_code with what it needs');
  }
  if (seller.contact?.name === undefined) add('from.contact.name', 'BT-41', 5, 'the seller\'s contact person or department is required: send from.contact.name');
  // Without any of the three the group itself is missing too (BR-DE-2): one more rule, the same fix.
  if (seller.contact === undefined) add('from.contact.name', 'BT-41', 2, 'the seller\'s contact is required');
  if (seller.contact?.phone === undefined) add('from.contact.phone', 'BT-42', 6, 'the seller\'s contact phone is required: send from.phone or from.contact.phone');
  if (seller.contact?.email === undefined) add('from.contact.email', 'BT-43', 7, 'the seller\'s contact e-mail is required: send from.email or from.contact.email');
  if (seller.address !== undefined && seller.address.city === undefined) add('from.address', 'BT-37', 3, 'the seller\'s city is required: send from.address with a "post code city" line, or as an object with city');
  if (seller.address !== undefined && seller.address.postalZone === undefined) add('from.address', 'BT-38', 4, 'the seller\'s post code is required: send from.address with a "post code city" line, or as an object with postal_code');
  if (doc.buyer.address !== undefined && doc.buyer.address.city === undefined) add('to.address', 'BT-52', 8, 'the buyer\'s city is required: send to.address with a "post code city" line, or as an object with city');
  if (doc.buyer.address !== undefined && doc.buyer.address.postalZone === undefined) add('to.address', 'BT-53', 9, 'the buyer\'s post code is required: send to.address with a "post code city" line, or as an object with postal_code');
  const shipTo = doc.delivery?.address;
  if (shipTo !== undefined && shipTo.city === undefined) add('ship_to.address', 'BT-77', 10, 'the delivery address needs a city: send ship_to.address with a "post code city" line, or as an object with city');
  if (shipTo !== undefined && shipTo.postalZone === undefined) add('ship_to.address', 'BT-78', 11, 'the delivery address needs a post code: send ship_to.address with a "post code city" line, or as an object with postal_code');
  if (doc.buyerReference === undefined) {
    add('invoice.buyer_reference', 'BT-10', 15, 'the buyer reference is required (for a German public buyer, the Leitweg-ID): send invoice.buyer_reference');
  }
  if ([...categoriesOf(doc)].some((code) => SELLER_VAT_CATEGORIES.has(code)) && seller.vatId === undefined && seller.taxRegistrationId === undefined) {
    add('from.tax_id', 'BT-31', 16, 'the seller\'s VAT identifier or tax number is required: send from.tax_id or from.tax_registration_id');
  }
  if (doc.paymentTerms !== undefined && !meetsSkontoRule(doc.paymentTerms, prefix === 'BR-DE-' ? 'BR-DE-18' : 'DE-R-018')) {
    add('invoice.terms', 'BT-20', 18, 'a line of the payment terms starts with "#", which is read as a cash discount (Skonto): write each such line as #SKONTO#TAGE=14#PROZENT=2.00# (with #BASISBETRAG=100.00# before the last "#" for a partial base), in capitals, without spaces, and put no other text with two "#" after it; or do not start a line with "#"');
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
    // A mandate (a direct debit, 49 or 59) needs the creditor id and the account to debit.
    if (means.directDebit !== undefined && means.directDebit.creditorId === undefined) {
      add('payment.creditor_id', 'BT-90', 30, 'a direct debit needs your SEPA creditor id: send payment.creditor_id');
    }
    if (means.directDebit !== undefined && means.directDebit.debtorAccount === undefined) {
      add('payment.debtor_iban', 'BT-91', 31, 'a direct debit needs the account to debit: send payment.debtor_iban');
    }
  }
  return problems;
}
