import { byId } from '../lib/dom.ts';
import { adjustmentPaths } from './adjustment-paths.ts';
import {
  ADJUSTMENT_FIELDS, emptyAdjustment, MAX_ADJUSTMENT_ROWS, MAX_ADJUSTMENTS_PER_KIND, type AdjustmentDraft,
} from './draft.ts';

type Field = (typeof ADJUSTMENT_FIELDS)[number];
const KIND_WORDS = { allowance: 'Allowance', charge: 'Charge' } as const;

/**
 * The document-level allowances and charges (D37), edited as the items are: rows added and removed
 * with buttons, typing written straight into the draft, rows rebuilt only when the list's shape
 * changes so typing never loses focus, focus moved somewhere sensible and each change announced.
 *
 * Each row is titled by kind and number ("Allowance 2") and its inputs are named by the request
 * path they fill (`allowances.1.tax_rate`, the value as `.amount` or `.percent`), so a refusal
 * naming `allowances[1].tax_rate` marks that input. The names follow every edit, since a row's
 * kind, its "amount or percent" and whether it is blank (not sent) change the paths. The two
 * selects fill no path of their own and have no name.
 */
export function createAdjustmentsEditor(options: {
  rows: AdjustmentDraft[];
  onChange: () => void;
  announce: (message: string) => void;
}): { render(): void; setRows(rows: AdjustmentDraft[]): void } {
  let rows = options.rows;
  const list = byId<HTMLOListElement>('adjustments');
  const template = byId<HTMLTemplateElement>('adjustment-template');
  const addButtons = { allowance: byId<HTMLButtonElement>('add-allowance'), charge: byId<HTMLButtonElement>('add-charge') };

  /** "Allowance 2": the row's place among the rows of its kind. */
  function titles(): string[] {
    const seen = { allowance: 0, charge: 0 };
    return rows.map((row) => `${KIND_WORDS[row.kind]} ${++seen[row.kind]}`);
  }

  /** Titles, names and button labels, which depend on every row's kind and content. */
  function label(): void {
    const paths = adjustmentPaths(rows);
    const names = titles();
    [...list.children].forEach((element, index) => {
      const row = rows[index];
      if (row === undefined) return;
      element.querySelector('[data-adjustment-title]')!.textContent = names[index]!;
      element.querySelector('[data-remove-adjustment]')!.setAttribute('aria-label', `Remove ${names[index]!.toLowerCase()}`);
      const prefix = paths[index] ?? `adjustments.${index}`;
      for (const input of element.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-adjustment-field]')) {
        const field = input.dataset.adjustmentField as Field;
        if (field === 'kind' || field === 'value_type') continue;
        input.name = `${prefix}.${field === 'value' ? row.value_type : field}`;
      }
    });
    for (const kind of ['allowance', 'charge'] as const) {
      addButtons[kind].disabled = rows.length >= MAX_ADJUSTMENT_ROWS || rows.filter((row) => row.kind === kind).length >= MAX_ADJUSTMENTS_PER_KIND;
    }
  }

  function rowFor(row: AdjustmentDraft, index: number): HTMLLIElement {
    const element = (template.content.firstElementChild as HTMLLIElement).cloneNode(true) as HTMLLIElement;
    element.dataset.index = String(index);
    for (const field of ADJUSTMENT_FIELDS) {
      element.querySelector<HTMLInputElement | HTMLSelectElement>(`[data-adjustment-field="${field}"]`)!.value = row[field];
    }
    return element;
  }

  function render(focus?: { index: number }): void {
    list.replaceChildren(...rows.map(rowFor));
    label();
    if (focus === undefined) return;
    const row = list.children[Math.min(focus.index, rows.length - 1)] as HTMLElement | undefined;
    const target = row?.querySelector<HTMLElement>('[data-adjustment-field="value"]')
      ?? (addButtons.allowance.disabled ? addButtons.charge : addButtons.allowance);
    target.focus();
  }

  list.addEventListener('input', (event) => {
    const input = event.target as HTMLInputElement | HTMLSelectElement;
    const field = input.dataset.adjustmentField as Field | undefined;
    const row = rows[Number((input.closest('li') as HTMLElement | null)?.dataset.index)];
    if (field === undefined || row === undefined) return;
    if (field === 'kind') row.kind = input.value === 'charge' ? 'charge' : 'allowance';
    else if (field === 'value_type') row.value_type = input.value === 'percent' ? 'percent' : 'amount';
    else row[field] = input.value;
    label();
    options.onChange();
  });

  list.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest('button[data-remove-adjustment]');
    const index = Number((button?.closest('li') as HTMLElement | null)?.dataset.index);
    if (button === null || rows[index] === undefined) return;
    const title = titles()[index]!;
    rows.splice(index, 1);
    render({ index });
    options.announce(`${title} removed.`);
    options.onChange();
  });

  for (const kind of ['allowance', 'charge'] as const) {
    addButtons[kind].addEventListener('click', () => {
      if (addButtons[kind].disabled) return;
      rows.push(emptyAdjustment(kind));
      render({ index: rows.length - 1 });
      options.announce(`${titles().at(-1)!} added.`);
      options.onChange();
    });
  }

  return {
    render: () => render(),
    setRows(next) {
      rows = next;
      render();
    },
  };
}
