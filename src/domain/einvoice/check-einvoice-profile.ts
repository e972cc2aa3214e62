import { AppError } from '../../errors/app-error.ts';
import type { Output, Profile } from '../invoice/catalog.ts';
import type { Invoice } from '../invoice/invoice-schema.ts';
import { computeEInvoiceAmounts } from './compute-einvoice-amounts.ts';
import { buildEInvoice } from './build-einvoice.ts';
import { coreProblems } from './core-rules.ts';
import type { EInvoiceProblem } from './einvoice-problem.ts';
import { germanProblems } from './german-rules.ts';
import { peppolProblems } from './peppol-rules.ts';
import { profileOf, ruleProfileOf } from './profiles.ts';

/** Every problem of the invoice under a profile (D39), each once, in rule order. */
export function findEInvoiceProblems(invoice: Invoice, profile: Profile): EInvoiceProblem[] {
  const ruleProfile = ruleProfileOf(profile);
  const doc = buildEInvoice(invoice, computeEInvoiceAmounts(invoice), ruleProfile);
  const problems = coreProblems(doc);
  if (ruleProfile === 'peppol') problems.push(...peppolProblems(doc));
  if (ruleProfile === 'xrechnung') {
    problems.push(...germanProblems(doc, 'BR-DE-'));
    for (const [party, path, term] of [[doc.seller, 'from', 'BT-34'], [doc.buyer, 'to', 'BT-49']] as const) {
      if (party.electronicAddress === undefined) {
        problems.push({ field: `${path}.electronic_address`, term, message: `XRechnung needs the ${path === 'from' ? 'seller' : 'buyer'}'s electronic address (PEPPOL-EN16931-R0${path === 'from' ? '20' : '10'}): send ${path}.email or ${path}.electronic_address` });
      }
    }
  }
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.field}|${p.term}|${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * D39: before a number is drawn, an e-invoice output (UBL, CII, a hybrid PDF, or a JSON answer
 * that names a profile) is checked against what its profile needs; anything missing is 400
 * e_invoice_incomplete with every problem in error.problems. A pairing that does not exist is 400
 * invalid_profile (D32). Nothing to check for a plain PDF or JSON. A hybrid PDF's rules are its
 * CII's (factur-x: EN 16931, D40).
 */
export function checkEInvoiceProfile(invoice: Invoice, output: Output): void {
  const profile = profileOf(output, invoice.profile);
  if (profile === undefined) return;
  const problems = findEInvoiceProblems(invoice, profile);
  if (problems.length === 0) return;
  const list = problems.map((p) => `${p.field} (${p.term}): ${p.message}`).join('; ');
  throw new AppError('e_invoice_incomplete', `The ${profile} e-invoice cannot be made: ${problems.length === 1 ? 'one thing is' : `${problems.length} things are`} missing or inconsistent. ${list}.`, { details: { problems } });
}
