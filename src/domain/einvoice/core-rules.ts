import type { EInvoice } from './einvoice.ts';
import type { RuleProblem } from './einvoice-problem.ts';

/** Categories in which the seller must be identified for VAT (BR-S-02, BR-Z-02, BR-E-02, BR-AE-02, …). */
export const SELLER_VAT_CATEGORIES: ReadonlySet<string> = new Set(['S', 'Z', 'E', 'AE', 'K', 'G', 'L', 'M']);
/** The rule ids of K and of the others: BR-IC-02, BR-AE-02, … */
const RULE_PREFIX: Readonly<Record<string, string>> = { K: 'IC', L: 'AF', M: 'AG' };
/** The categories whose breakdown must say why no VAT is charged (BR-E-10 and kin). */
const EXPLAINED_CATEGORIES: ReadonlySet<string> = new Set(['E', 'AE', 'K', 'G', 'O']);
/** UNCL 4461 credit transfers, which need the account to pay into (BR-61). */
export const CREDIT_TRANSFER_CODES: ReadonlySet<string> = new Set(['30', '58']);

/** The categories the document uses, on lines, allowances and charges. */
export function categoriesOf(doc: EInvoice): ReadonlySet<string> {
  const codes = new Set<string>();
  for (const line of doc.lines) codes.add(line.category.code);
  for (const ac of doc.allowanceCharges) codes.add(ac.category.code);
  return codes;
}

/**
 * The EN 16931 core rules a request can break (docs/einvoice.md lists every rule and how the rest
 * hold: totals, categories, decimals and code lists by construction). Every profile meets these.
 */
export function coreProblems(doc: EInvoice): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const add = (field: string, term: string, rule: string, message: string) => problems.push({ field, term, rule, message });

  if (doc.seller.address?.country === undefined) {
    add('from.country', 'BT-40', 'BR-09', 'the seller\'s country is missing: send from.country as an ISO code such as DE, or an address whose last line names the country');
  }
  if (doc.buyer.address === undefined) {
    add('to.address', 'BG-8', 'BR-10', 'the buyer\'s postal address is missing: send to.address with to.country');
  } else if (doc.buyer.address.country === undefined) {
    add('to.country', 'BT-55', 'BR-11', 'the buyer\'s country is missing: send to.country as an ISO code such as FR, or an address whose last line names the country');
  }
  if (doc.delivery?.address !== undefined && doc.delivery.address.country === undefined) {
    add('ship_to.country', 'BT-80', 'BR-57', 'the delivery address has no country: send ship_to.country as an ISO code');
  }
  const categories = categoriesOf(doc);
  const ruleOf = (code: string) => `BR-${RULE_PREFIX[code] ?? code}-02`;
  const vatIdOnly: string[] = [...categories].filter((code) => code === 'K' || code === 'G');
  const needsSellerVat = [...categories].filter((code) => SELLER_VAT_CATEGORIES.has(code) && !vatIdOnly.includes(code));
  if (vatIdOnly.length > 0 && doc.seller.vatId === undefined) {
    for (const code of vatIdOnly) {
      add('from.tax_id', 'BT-31', ruleOf(code), `VAT category ${vatIdOnly.join(', ')} needs the seller's VAT identifier: send from.tax_id with its country prefix, e.g. DE123456789`);
    }
  } else if (needsSellerVat.length > 0 && doc.seller.vatId === undefined && doc.seller.taxRegistrationId === undefined) {
    add('from.tax_id', 'BT-31', ruleOf(needsSellerVat[0]!), `VAT category ${needsSellerVat.join(', ')} needs the seller's VAT identifier or tax registration: send from.tax_id (the VAT number with its country prefix, e.g. DE123456789) or from.tax_registration_id`);
  }
  // What each category needs beyond the seller's number.
  if ((categories.has('AE') && doc.buyer.vatId === undefined && doc.buyer.legalRegistration === undefined)
    || (categories.has('K') && doc.buyer.vatId === undefined)) {
    const code = categories.has('K') && doc.buyer.vatId === undefined ? 'K' : 'AE';
    add('to.tax_id', 'BT-48', ruleOf(code), `${code === 'K' ? 'an intra-community supply' : 'a reverse-charge invoice'} needs the buyer's VAT identifier: send to.tax_id with its country prefix, e.g. FR12345678901`);
  }
  if (categories.has('K')) {
    if (doc.delivery?.date === undefined && doc.invoicePeriod === undefined) {
      add('invoice.delivery_date', 'BT-72', 'BR-IC-11', 'an intra-community supply needs the delivery date or the invoicing period: send invoice.delivery_date or invoice.period');
    }
    if (doc.delivery?.address?.country === undefined) {
      add('ship_to.country', 'BT-80', 'BR-IC-12', 'an intra-community supply needs the country it is delivered to: send ship_to with its name and country');
    }
  }
  const unexplained = doc.vatBreakdown.find((b) => EXPLAINED_CATEGORIES.has(b.category.code) && b.category.exemption === undefined);
  if (unexplained !== undefined) {
    const code = unexplained.category.code;
    add('tax_exemption_reason', 'BT-120', `BR-${RULE_PREFIX[code] ?? code}-10`, `VAT category ${code} needs the reason no VAT is charged: send tax_exemption_reason or tax_exemption_code (a VATEX code such as VATEX-EU-132-1A) on its lines or at the top level`);
  }
  if (categories.has('O') && categories.size > 1) {
    add('tax_category', 'BT-151', 'BR-O-11', `an invoice not subject to VAT (category O) can have no other category, but it also has ${[...categories].filter((c) => c !== 'O').join(', ')}: send O for every line or for none`);
  }
  if (doc.seller.identifier === undefined && doc.seller.legalRegistration === undefined && doc.seller.vatId === undefined) {
    add('from.registration_no', 'BT-30', 'BR-CO-26', 'the seller cannot be identified: send from.tax_id, from.registration_no or from.identifier');
  }
  const means = doc.paymentMeans;
  if (means !== undefined && CREDIT_TRANSFER_CODES.has(means.code) && means.account === undefined) {
    add('payment.iban', 'BT-84', 'BR-61', `payment means ${means.code} is a credit transfer and needs the account to pay into: send payment.iban or payment.account_number`);
  }
  return problems;
}
