import type { InspectInvoiceResponse } from '../../../src/schemas/inspect-invoice-response.ts';
import { h } from '../lib/dom.ts';
import { profileName } from '../lib/profile-name.ts';
import { checkName, plainMessage, readableLocation, type Problem } from './plain-problem.ts';

const count = (n: number, one: string, many: string): string => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/** "CII invoice, read from the PDF's factur-x.xml". */
function whatItIs(document: InspectInvoiceResponse['document']): string {
  const kind = `${document.syntax.toUpperCase()} ${document.type === 'credit_note' ? 'credit note' : 'invoice'}`;
  return document.container === 'pdf' ? `${kind}, read from the PDF's attachment ${document.attachment ?? ''}`.trim() : kind;
}

function problemItem(problem: Problem): HTMLLIElement {
  const fatal = problem.severity === 'fatal';
  const where = readableLocation(problem.location);
  return h('li', { class: fatal ? 'problem problem-fatal' : 'problem problem-warning' },
    h('span', { class: 'severity' }, fatal ? 'Must be fixed' : 'Warning'),
    ' ',
    h('span', { class: 'problem-text' }, plainMessage(problem)),
    h('span', { class: 'line-detail' },
      problem.rule === 'schema' ? `Schema of the ${problem.check === 'schema' ? 'syntax' : checkName(problem.check)}` : `Rule ${problem.rule} (${checkName(problem.check)})`,
      problem.term === null ? '' : ` · ${problem.term}`,
      where === '' ? '' : ` · at ${where}`));
}

/**
 * The verdict in plain words: valid or not, under which rules, what the document is, and each
 * problem as a sentence with its rule, business term and place in the document underneath; errors
 * before warnings.
 */
export function renderVerdict(target: HTMLElement, inspection: InspectInvoiceResponse): void {
  const { verdict, document } = inspection;
  const fatal = verdict.problems.filter((p) => p.severity === 'fatal');
  const warnings = verdict.problems.filter((p) => p.severity === 'warning');
  const profile = profileName(document.profile);
  const headline = verdict.valid
    ? `Valid ${profile} e-invoice${warnings.length === 0 ? '' : `, with ${count(warnings.length, 'warning', 'warnings')}`}.`
    : `Not a valid ${profile} e-invoice: ${count(fatal.length, 'error', 'errors')}${warnings.length === 0 ? '' : ` and ${count(warnings.length, 'warning', 'warnings')}`}.`;
  const checks = verdict.checks.map((check) => (check === 'schema' ? 'the schema' : `the ${checkName(check)} rules`));
  const advice = verdict.valid
    ? 'Nothing in it breaks a rule a receiver checks.'
    : 'A receiver may refuse it as it is: ask the sender for a corrected invoice.';
  const unknownProfile = document.profile === null && document.customization_id !== null
    ? h('p', { class: 'hint' }, `It names the specification ${document.customization_id}, which this service does not know; it was checked against EN 16931.`)
    : null;
  target.className = `verdict ${verdict.valid ? 'verdict-valid' : 'verdict-invalid'}`;
  const parts = [
    h('p', { class: 'verdict-headline', id: 'verdict-headline' }, headline),
    h('p', {}, `${whatItIs(document)}. Checked with ${checks.join(', ')}. ${advice}`),
    unknownProfile,
    verdict.problems.length === 0 ? null : h('ul', { class: 'problems', id: 'problems' }, ...[...fatal, ...warnings].map(problemItem)),
  ];
  target.replaceChildren(...parts.filter((part) => part !== null));
}
