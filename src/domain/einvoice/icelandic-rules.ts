import type { EInvoice, EInvoiceParty } from './einvoice.ts';
import type { RuleProblem } from './einvoice-problem.ts';
import { normalizeSpace } from './normalize-space.ts';

/** The Icelandic national id (kennitala) as an ISO 6523 scheme. */
const KENNITALA_SCHEME = '0196';

/**
 * Peppol's rules for a seller whose address is in Iceland: its kennitala as legal registration
 * (IS-R-002), a street and post code (IS-R-003), a 12-character account with payment means 9 or 42
 * (IS-R-006, 007); and for a buyer in Iceland too, the same of the buyer (IS-R-004, 005). IS-R-008
 * … 010 are about a due-date document reference the service does not write; IS-R-001 is a warning.
 */
export function icelandicProblems(doc: EInvoice): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const add = (field: string, term: string, rule: string, message: string) => problems.push({ field, term, rule, message });
  const partyRules = (party: EInvoiceParty, path: 'from' | 'to', rules: readonly [string, string]) => {
    const who = path === 'from' ? 'seller' : 'buyer';
    if (party.legalRegistration === undefined || party.legalRegistration.scheme !== KENNITALA_SCHEME) {
      add(`${path}.registration_no`, path === 'from' ? 'BT-30' : 'BT-47', rules[0], `an Icelandic ${who}'s legal registration is its kennitala: send ${path}.registration_no with ${path}.registration_scheme "0196"`);
    }
    if (party.address?.street === undefined || party.address.postalZone === undefined) {
      add(`${path}.address`, path === 'from' ? 'BG-5' : 'BG-8', rules[1], `an Icelandic ${who}'s address needs a street and a post code: send ${path}.address with a street line and a "post code city" line, or as an object`);
    }
  };
  partyRules(doc.seller, 'from', ['IS-R-002', 'IS-R-003']);
  const means = doc.paymentMeans;
  for (const [code, rule] of [['9', 'IS-R-006'], ['42', 'IS-R-007']] as const) {
    if (means?.code === code && normalizeSpace(means.account?.id ?? '').length !== 12) {
      add('payment.account_number', 'BT-84', rule, `payment means ${code} from an Icelandic seller needs the 12-character account number: send payment.account_number`);
    }
  }
  if (doc.buyer.address?.country === 'IS') partyRules(doc.buyer, 'to', ['IS-R-004', 'IS-R-005']);
  return problems;
}
