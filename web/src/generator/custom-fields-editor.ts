import { MAX_CUSTOM_FIELDS } from '../../../src/domain/invoice/invoice-request-schema.ts';
import { byId } from '../lib/dom.ts';
import { customFieldPaths } from './custom-field-paths.ts';
import { emptyCustomField, type CustomFieldDraft } from './draft.ts';

const FIELDS = ['label', 'value'] as const;

/**
 * The custom fields (`custom_fields`: a label and a value of the user's own, printed with the
 * invoice details), edited as the allowances are: rows added and removed with buttons, typing
 * written straight into the draft, rows rebuilt only when the list's shape changes so typing never
 * loses focus, focus moved somewhere sensible and each change announced.
 *
 * Inputs are named by the request path they fill (`custom_fields.1.label`), counting only the
 * rows that are sent, so a refusal naming `custom_fields[1].label` marks that input; the names
 * follow every edit, since a row that becomes blank stops being sent.
 */
export function createCustomFieldsEditor(options: {
  rows: CustomFieldDraft[];
  onChange: () => void;
  announce: (message: string) => void;
}): { render(): void; setRows(rows: CustomFieldDraft[]): void } {
  let rows = options.rows;
  const list = byId<HTMLOListElement>('custom-fields');
  const template = byId<HTMLTemplateElement>('custom-field-template');
  const addButton = byId<HTMLButtonElement>('add-custom-field');

  /** Titles, input names and button labels, which depend on every row's place and content. */
  function label(): void {
    const paths = customFieldPaths(rows);
    [...list.children].forEach((element, index) => {
      element.querySelector('[data-custom-field-title]')!.textContent = `Custom field ${index + 1}`;
      element.querySelector('[data-remove-custom-field]')!.setAttribute('aria-label', `Remove custom field ${index + 1}`);
      for (const input of element.querySelectorAll<HTMLInputElement>('[data-custom-field]')) {
        input.name = `${paths[index] ?? `custom_fields.unsent.${index}`}.${input.dataset.customField!}`;
      }
    });
    addButton.disabled = rows.length >= MAX_CUSTOM_FIELDS;
  }

  function rowFor(row: CustomFieldDraft, index: number): HTMLLIElement {
    const element = (template.content.firstElementChild as HTMLLIElement).cloneNode(true) as HTMLLIElement;
    element.dataset.index = String(index);
    for (const field of FIELDS) element.querySelector<HTMLInputElement>(`[data-custom-field="${field}"]`)!.value = row[field];
    return element;
  }

  function render(focus?: { index: number }): void {
    list.replaceChildren(...rows.map(rowFor));
    label();
    if (focus === undefined) return;
    const row = list.children[Math.min(focus.index, rows.length - 1)] as HTMLElement | undefined;
    (row?.querySelector<HTMLElement>('[data-custom-field="label"]') ?? addButton).focus();
  }

  list.addEventListener('input', (event) => {
    const input = event.target as HTMLInputElement;
    const field = input.dataset.customField as (typeof FIELDS)[number] | undefined;
    const row = rows[Number((input.closest('li') as HTMLElement | null)?.dataset.index)];
    if (field === undefined || row === undefined) return;
    row[field] = input.value;
    label();
    options.onChange();
  });

  list.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest('button[data-remove-custom-field]');
    const index = Number((button?.closest('li') as HTMLElement | null)?.dataset.index);
    if (button === null || rows[index] === undefined) return;
    rows.splice(index, 1);
    render({ index });
    options.announce(`Custom field ${index + 1} removed.`);
    options.onChange();
  });

  addButton.addEventListener('click', () => {
    if (rows.length >= MAX_CUSTOM_FIELDS) return;
    rows.push(emptyCustomField());
    render({ index: rows.length - 1 });
    options.announce(`Custom field ${rows.length} added.`);
    options.onChange();
  });

  return {
    render: () => render(),
    setRows(next) {
      rows = next;
      render();
    },
  };
}
