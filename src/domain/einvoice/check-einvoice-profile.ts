import { AppError } from '../../errors/app-error.ts';
import type { Output, Profile } from '../invoice/catalog.ts';
import type { Invoice } from '../invoice/invoice-schema.ts';
import type { GenerationWarning } from '../limits/hosted-link-omitted.ts';
import { ciiProblems } from './cii-rules.ts';
import { computeEInvoiceAmounts } from './compute-einvoice-amounts.ts';
import { buildEInvoice } from './build-einvoice.ts';
import { coreProblems } from './core-rules.ts';
import { mergeRuleProblems, type EInvoiceProblem, type RuleProblem } from './einvoice-problem.ts';
import { germanProblems } from './german-rules.ts';
import { keptPeppolProblems } from './kept-peppol-rules.ts';
import { notEn16931Warning } from './not-en16931-warning.ts';
import { peppolProblems } from './peppol-rules.ts';
import { profileOf, ruleProfileOf, syntaxesOf, unprofiledFallbackOf, type DocumentRules } from './profiles.ts';
import { requiredTextProblems } from './required-text-rules.ts';
import { ublSchemaProblems } from './ubl-schema-rules.ts';

/**
 * Every problem of the invoice under a profile, each field and term once, in rule order: the
 * texts every document needs, EN 16931's core rules, the profile's own, and those of the syntaxes
 * the output is written in (a JSON pre-flight: every syntax the profile has).
 */
export function findEInvoiceProblems(invoice: Invoice, profile: Profile, output: Output = 'json'): EInvoiceProblem[] {
  const ruleProfile = ruleProfileOf(profile);
  const doc = buildEInvoice(invoice, computeEInvoiceAmounts(invoice), ruleProfile);
  const problems: RuleProblem[] = [...requiredTextProblems(doc), ...coreProblems(doc)];
  if (ruleProfile === 'peppol') problems.push(...peppolProblems(doc));
  if (ruleProfile === 'xrechnung') problems.push(...germanProblems(doc, 'BR-DE-'), ...keptPeppolProblems(doc, 'xrechnung'));
  const syntaxes = syntaxesOf(output, profile);
  if (syntaxes.includes('ubl')) problems.push(...ublSchemaProblems(doc));
  if (syntaxes.includes('cii')) problems.push(...ciiProblems(doc));
  return mergeRuleProblems(problems);
}

/** The rules an e-invoice is written under, and what its data lacks of its profile's. */
export interface EInvoicePlan {
  readonly rules: DocumentRules;
  /** Empty unless the document claims no profile (`rules` "none"): then what EN 16931 would need. */
  readonly problems: readonly EInvoiceProblem[];
}

/**
 * What an output's e-invoice is made under, decided before a number is drawn; undefined for a
 * plain PDF or a JSON answer without a profile. The profile's data must be complete: what is
 * missing or inconsistent is 400 e_invoice_incomplete with every problem in error.problems, and a
 * pairing that does not exist is 400 invalid_profile. Only an output with an unprofiled fallback
 * (UBL, asked for without a profile) goes on without: its document claims no profile, and the
 * problems come back for the warning. What no UBL document can carry (a required text without
 * text, a year 0000) is refused even then.
 */
export function planEInvoice(invoice: Invoice, output: Output): EInvoicePlan | undefined {
  const profile = profileOf(output, invoice.profile);
  if (profile === undefined) return undefined;
  const problems = findEInvoiceProblems(invoice, profile, output);
  if (problems.length === 0) return { rules: ruleProfileOf(profile), problems: [] };
  const fallback = invoice.profile === undefined ? unprofiledFallbackOf(output) : undefined;
  if (fallback === undefined) throw incomplete(profile, problems);
  const doc = buildEInvoice(invoice, computeEInvoiceAmounts(invoice), fallback);
  const unwritable = mergeRuleProblems([...requiredTextProblems(doc), ...ublSchemaProblems(doc)]);
  if (unwritable.length > 0) throw incomplete(profile, unwritable);
  return { rules: fallback, problems };
}

/**
 * The rules an output's document is written under, once the pre-flight has let it through: the
 * profile's; for an output asked for without a profile that has a fallback (UBL), what the data
 * allows, which takes the check again (the pre-flight's outcome is not carried along); en16931
 * for an output without a profile (a plain PDF's hybrid has its own, hybrid-profile.ts).
 */
export function writtenRulesOf(invoice: Invoice, output: Output): DocumentRules {
  if (invoice.profile === undefined && unprofiledFallbackOf(output) !== undefined) return planEInvoice(invoice, output)?.rules ?? 'en16931';
  const profile = profileOf(output, invoice.profile);
  return profile === undefined ? 'en16931' : ruleProfileOf(profile);
}

/**
 * The pre-flight of a generation: planEInvoice's refusals, and for a document that claims no
 * profile its warning (not_en16931), which the answer carries.
 */
export function checkEInvoiceProfile(invoice: Invoice, output: Output): GenerationWarning[] {
  const plan = planEInvoice(invoice, output);
  return plan === undefined || plan.problems.length === 0 ? [] : [notEn16931Warning(plan.problems)];
}

function incomplete(profile: Profile, problems: readonly EInvoiceProblem[]): AppError {
  const list = problems.map((p) => `${p.field} (${p.term}): ${p.message}`).join('; ');
  return new AppError('e_invoice_incomplete', `The ${profile} e-invoice cannot be made: ${problems.length === 1 ? 'one thing is' : `${problems.length} things are`} missing or inconsistent. ${list}.`, { details: { problems } });
}
