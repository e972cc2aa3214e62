import { h } from '../lib/dom.ts';
import { profileName } from '../lib/profile-name.ts';
import { inputNameFor } from './input-name-for.ts';

/** One entry of error.problems in a 400 e_invoice_incomplete (D39). */
export interface EInvoiceProblem {
  readonly field: string;
  readonly term: string;
  readonly message: string;
}

/** Marks set from an e-invoice answer, told apart from the live totals' own (which clear on every redraw). */
const MARK = 'einvoice';

const OWNERS: ReadonlyArray<readonly [prefix: string, owner: string]> = [['from.', 'Seller'], ['to.', 'Buyer'], ['ship_to.', 'Ship to']];

/**
 * What a sighted user reads beside the input: its label, with whose it is when the label alone
 * does not say (the seller's and the buyer's "Address", item 2's "VAT category").
 */
function labelOf(input: HTMLElement): string {
  const name = input.getAttribute('name') ?? '';
  const label = (input as HTMLInputElement).labels?.[0];
  const text = (label?.querySelector('span') ?? label)?.textContent?.trim() ?? name;
  const item = /^items\.(\d+)\./.exec(name);
  if (item !== null) return `Item ${Number(item[1]) + 1}, ${text.toLowerCase()}`;
  const owner = OWNERS.find(([prefix]) => name.startsWith(prefix))?.[1];
  return owner === undefined || text.startsWith(owner) ? text : `${owner}, ${text.toLowerCase()}`;
}

/** Opens every fold around an input, so a marked or focused input can be seen. */
function unfold(input: Element): void {
  for (let details = input.closest('details'); details !== null; details = details.parentElement?.closest('details') ?? null) {
    details.open = true;
  }
}

/**
 * The answer to "Check e-invoice" and to a UBL or CII download the API refused as incomplete: every
 * problem listed, and each input a problem names marked aria-invalid (its fold opened), with a
 * button that takes the focus there. A mark goes when its input is edited, and "Ready" with the
 * first edit after it.
 */
export function createEInvoiceReport(form: HTMLFormElement, target: HTMLElement): {
  showProblems(profile: string | undefined, problems: readonly EInvoiceProblem[]): void;
  showReady(profile: string | undefined): void;
  showMessage(message: string): void;
  clear(): void;
  edited(input: Element): void;
} {
  function unmarkAll(): void {
    for (const input of form.querySelectorAll(`[data-invalid="${MARK}"]`)) {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('data-invalid');
    }
  }

  function show(className: string, ...children: Node[]): void {
    target.className = `einvoice-report ${className}`;
    target.replaceChildren(...children);
    target.hidden = false;
  }

  function problemItem(problem: EInvoiceProblem, names: readonly string[]): HTMLLIElement {
    const name = inputNameFor(problem.field, names);
    const input = name === undefined ? null : form.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`);
    const text = ` (${problem.term}): ${problem.message}`;
    if (input === null) return h('li', {}, h('code', {}, problem.field), text);
    input.setAttribute('aria-invalid', 'true');
    input.dataset.invalid = MARK;
    unfold(input);
    const go = h('button', { type: 'button', class: 'link-button' }, labelOf(input));
    go.addEventListener('click', () => {
      unfold(input);
      input.focus();
    });
    return h('li', {}, go, text);
  }

  return {
    showProblems(profile, problems) {
      unmarkAll();
      const names = [...form.querySelectorAll('[name]')].map((input) => input.getAttribute('name')!);
      const count = problems.length === 1 ? 'one thing is' : `${problems.length} things are`;
      show('problems',
        h('p', {}, h('strong', {}, `Not yet a valid ${profileName(profile)} e-invoice: ${count} missing or inconsistent.`)),
        h('ul', {}, ...problems.map((problem) => problemItem(problem, names))));
    },
    showReady(profile) {
      unmarkAll();
      show('ready', h('p', {}, h('strong', {}, `Ready as ${profileName(profile)} e-invoice.`)));
    },
    showMessage(message) {
      unmarkAll();
      show('problems', h('p', {}, message));
    },
    clear() {
      unmarkAll();
      target.hidden = true;
      target.replaceChildren();
    },
    edited(input) {
      // "Ready" spoke of the invoice as it was; a list of problems stays while they are fixed.
      if (target.classList.contains('ready')) target.hidden = true;
      if (input.getAttribute('data-invalid') !== MARK) return;
      input.removeAttribute('aria-invalid');
      input.removeAttribute('data-invalid');
    },
  };
}
