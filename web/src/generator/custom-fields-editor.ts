import { MAX_CUSTOM_FIELDS } from '../../../src/domain/invoice/invoice-request-schema.ts';
import { byId } from '../lib/dom.ts';
import { customFieldPaths } from './custom-field-paths.ts';
import { emptyCustomField, type CustomFieldDraft } from './draft.ts';
import { createRowList } from './row-list.ts';

/**
 * The custom fields (`custom_fields`: a label and a value of the user's own, printed with the
 * invoice details), edited as the allowances are (row-list.ts): rows added and removed with
 * buttons, focus moved somewhere sensible and each change announced.
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
  const addButton = byId<HTMLButtonElement>('add-custom-field');
  const title = (index: number): string => `Custom field ${index + 1}`;

  const editor = createRowList<CustomFieldDraft>({
    listId: 'custom-fields',
    templateId: 'custom-field-template',
    fieldAttribute: 'data-custom-field',
    removeAttribute: 'data-remove-custom-field',
    rows: () => rows,
    fill(element, row) {
      element.querySelector<HTMLInputElement>('[data-custom-field="label"]')!.value = row.label;
      element.querySelector<HTMLInputElement>('[data-custom-field="value"]')!.value = row.value;
    },
    label() {
      const paths = customFieldPaths(rows);
      [...editor.list.children].forEach((element, index) => {
        element.querySelector('[data-custom-field-title]')!.textContent = title(index);
        element.querySelector('[data-remove-custom-field]')!.setAttribute('aria-label', `Remove ${title(index).toLowerCase()}`);
        for (const input of element.querySelectorAll<HTMLInputElement>('[data-custom-field]')) {
          input.name = `${paths[index] ?? `custom_fields.unsent.${index}`}.${input.dataset.customField!}`;
        }
      });
      addButton.disabled = rows.length >= MAX_CUSTOM_FIELDS;
    },
    write(row, field, value) {
      if (field === 'label' || field === 'value') row[field] = value;
    },
    title,
    focusSelector: '[data-custom-field="label"]',
    fallbackFocus: () => addButton,
    onChange: options.onChange,
    announce: options.announce,
  });

  addButton.addEventListener('click', () => {
    if (rows.length >= MAX_CUSTOM_FIELDS) return;
    rows.push(emptyCustomField());
    editor.render({ index: rows.length - 1 });
    options.announce(`${title(rows.length - 1)} added.`);
    options.onChange();
  });

  return {
    render: () => editor.render(),
    setRows(next) {
      rows = next;
      editor.render();
    },
  };
}
