import { AppError } from '../../errors/app-error.ts';
import type { DocumentKind } from '../documents/document-kind.ts';
import { DOCUMENT_KINDS } from '../documents/document-kinds.ts';
import { kindByKey, kindFor } from '../documents/kind-for.ts';
import type { Invoice } from '../invoice/invoice-schema.ts';
import type { GenerationWarning } from '../limits/hosted-link-omitted.ts';
import { ciiProblems } from './cii-rules.ts';
import type { VatBreakdown } from '../invoice/vat-breakdown.ts';
import type { EInvoice } from './einvoice.ts';
import { buildEInvoice } from './build-einvoice.ts';
import { coreProblems } from './core-rules.ts';
import { mergeRuleProblems, type EInvoiceProblem, type RuleProblem } from './einvoice-problem.ts';
import { germanProblems } from './german-rules.ts';
import { keptPeppolProblems } from './kept-peppol-rules.ts';
import { notEn16931Warning } from './not-en16931-warning.ts';
import { peppolProblems } from './peppol-rules.ts';
import { requiredTextProblems } from './required-text-rules.ts';
import { ublSchemaProblems } from './ubl-schema-rules.ts';

/**
 * Every problem of a document built as a kind, under the kind's rules, each field and term once, in rule order: the
 * texts every document needs, EN 16931's core rules and the profile's own (none for a document
 * that claims no profile), then those of the syntaxes the kind is checked in.
 */
export function findEInvoiceProblems(doc: EInvoice, kind: DocumentKind): EInvoiceProblem[] {
  const rules = kind.rules ?? 'none';
  const problems: RuleProblem[] = [...requiredTextProblems(doc)];
  if (rules !== 'none') problems.push(...coreProblems(doc));
  if (rules === 'peppol') problems.push(...peppolProblems(doc));
  if (rules === 'xrechnung') problems.push(...germanProblems(doc, 'BR-DE-'), ...keptPeppolProblems(doc, 'xrechnung'));
  if (kind.checkedSyntaxes.includes('ubl')) problems.push(...ublSchemaProblems(doc));
  if (kind.checkedSyntaxes.includes('cii')) problems.push(...ciiProblems(doc));
  return mergeRuleProblems(problems);
}

/** The kind a document is written as, what its data lacks of the kind asked for, and the document. */
export interface EInvoicePlan {
  readonly kind: DocumentKind;
  /** The EN 16931 document built as `kind`, which its maker writes; undefined for a kind without rules. */
  readonly document?: EInvoice;
  /** Empty unless the kind asked for fell back (a plain UBL document): then what its rules would need. */
  readonly problems: readonly EInvoiceProblem[];
}

/**
 * What a request's document is made as, decided before a number is drawn. A kind with rules must
 * have complete data: what is missing or inconsistent is 400 e_invoice_incomplete with every
 * problem in error.problems. Only a kind with a fallback, asked for without a profile (UBL), goes
 * on without: it is written as the fallback, which claims no profile, and the problems come back
 * for the warning. What the fallback cannot carry either (a required text without text, a year
 * 0000) is refused even then.
 */
export function planEInvoice(invoice: Invoice, breakdown: () => VatBreakdown, kind: DocumentKind, kinds: readonly DocumentKind[] = DOCUMENT_KINDS): EInvoicePlan {
  if (kind.rules === undefined) return { kind, problems: [] };
  const document = buildEInvoice(invoice, breakdown(), kind);
  const problems = findEInvoiceProblems(document, kind);
  if (problems.length === 0) return { kind, problems: [], document };
  const fallback = invoice.profile === undefined && kind.fallback !== undefined ? kindByKey(kind.fallback, kinds) : undefined;
  if (fallback === undefined) throw incomplete(kind.profile, problems);
  const fallbackDocument = buildEInvoice(invoice, breakdown(), fallback);
  const unwritable = findEInvoiceProblems(fallbackDocument, fallback);
  if (unwritable.length > 0) throw incomplete(kind.profile, unwritable);
  return { kind: fallback, problems, document: fallbackDocument };
}

/** The answer's warnings of a plan: for a document that fell back, not_en16931. */
export function planWarnings(plan: EInvoicePlan): GenerationWarning[] {
  return plan.problems.length === 0 ? [] : [notEn16931Warning(plan.problems)];
}

function incomplete(profile: string | undefined, problems: readonly EInvoiceProblem[]): AppError {
  const list = problems.map((p) => `${p.field} (${p.term}): ${p.message}`).join('; ');
  return new AppError('e_invoice_incomplete', `The ${profile} e-invoice cannot be made: ${problems.length === 1 ? 'one thing is' : `${problems.length} things are`} missing or inconsistent. ${list}.`, { details: { problems } });
}

/** The pre-flight of an output under the invoice's profile, as a generation runs it: its warnings, or its refusal. */
export function checkEInvoiceProfile(invoice: Invoice, breakdown: () => VatBreakdown, output: string, kinds: readonly DocumentKind[] = DOCUMENT_KINDS): GenerationWarning[] {
  return planWarnings(planEInvoice(invoice, breakdown, kindFor(output, invoice.profile, kinds), kinds));
}
