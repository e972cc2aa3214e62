import { byId } from '../lib/dom.ts';
import { adjustmentPaths } from './adjustment-paths.ts';
import {
  ADJUSTMENT_FIELDS, emptyAdjustment, MAX_ADJUSTMENT_ROWS, MAX_ADJUSTMENTS_PER_KIND, type AdjustmentDraft,
} from './draft.ts';
import { createRowList } from './row-list.ts';

type Field = (typeof ADJUSTMENT_FIELDS)[number];
const KIND_WORDS = { allowance: 'Allowance', charge: 'Charge' } as const;

/**
 * The document-level allowances and charges (D37), edited as a row list (row-list.ts): rows added
 * and removed with buttons, typing written straight into the draft, focus moved somewhere
 * sensible and each change announced.
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
  const addButtons = { allowance: byId<HTMLButtonElement>('add-allowance'), charge: byId<HTMLButtonElement>('add-charge') };

  /** "Allowance 2": the row's place among the rows of its kind. */
  function titles(): string[] {
    const seen = { allowance: 0, charge: 0 };
    return rows.map((row) => `${KIND_WORDS[row.kind]} ${++seen[row.kind]}`);
  }

  const editor = createRowList<AdjustmentDraft>({
    listId: 'adjustments',
    templateId: 'adjustment-template',
    fieldAttribute: 'data-adjustment-field',
    removeAttribute: 'data-remove-adjustment',
    rows: () => rows,
    fill(element, row) {
      for (const field of ADJUSTMENT_FIELDS) {
        element.querySelector<HTMLInputElement | HTMLSelectElement>(`[data-adjustment-field="${field}"]`)!.value = row[field];
      }
    },
    // Titles, names and button states, which depend on every row's kind and content.
    label() {
      const paths = adjustmentPaths(rows);
      const names = titles();
      [...editor.list.children].forEach((element, index) => {
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
    },
    write(row, field, value) {
      if (field === 'kind') row.kind = value === 'charge' ? 'charge' : 'allowance';
      else if (field === 'value_type') row.value_type = value === 'percent' ? 'percent' : 'amount';
      else if ((ADJUSTMENT_FIELDS as readonly string[]).includes(field)) row[field as Exclude<Field, 'kind' | 'value_type'>] = value;
    },
    title: (index) => titles()[index]!,
    focusSelector: '[data-adjustment-field="value"]',
    fallbackFocus: () => (addButtons.allowance.disabled ? addButtons.charge : addButtons.allowance),
    onChange: options.onChange,
    announce: options.announce,
  });

  for (const kind of ['allowance', 'charge'] as const) {
    addButtons[kind].addEventListener('click', () => {
      if (addButtons[kind].disabled) return;
      rows.push(emptyAdjustment(kind));
      editor.render({ index: rows.length - 1 });
      options.announce(`${titles().at(-1)!} added.`);
      options.onChange();
    });
  }

  return {
    render: () => editor.render(),
    setRows(next) {
      rows = next;
      editor.render();
    },
  };
}
