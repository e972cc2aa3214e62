import { byId } from '../lib/dom.ts';

/**
 * What the list editors of the generator share (allowances and charges, custom fields): rows
 * cloned from a template into an `<ol>`, rebuilt only when the list's shape changes so typing
 * never loses focus; typing written straight into the draft's row; a "Remove" button per row that
 * takes it away, moves the focus to the next row (or to the list's add button) and announces it.
 * The editor gives how a row is filled, named and titled; adding rows stays its own, since each
 * list has its own buttons and limits.
 */
export function createRowList<Row>(options: {
  /** The `<ol>` and the `<template>` holding one row's `<li>`. */
  readonly listId: string;
  readonly templateId: string;
  /** The attribute that marks a row's inputs, whose value is the row's field the input holds. */
  readonly fieldAttribute: string;
  /** The attribute of each row's Remove button. */
  readonly removeAttribute: string;
  /** The rows as they are now (the draft's own array, which may be replaced). */
  readonly rows: () => Row[];
  /** Copies a row's values into its freshly cloned element. */
  readonly fill: (element: HTMLElement, row: Row) => void;
  /** Titles, names and button states of every row, after any change. */
  readonly label: () => void;
  /** Writes an input's value into its row. */
  readonly write: (row: Row, field: string, value: string) => void;
  /** The row's title as an announcement uses it ("Allowance 2"), before it is removed. */
  readonly title: (index: number) => string;
  /** Where the focus goes in a row (its first input), and where when no row is left. */
  readonly focusSelector: string;
  readonly fallbackFocus: () => HTMLElement;
  readonly onChange: () => void;
  readonly announce: (message: string) => void;
}): { readonly list: HTMLOListElement; render(focus?: { index: number }): void } {
  const list = byId<HTMLOListElement>(options.listId);
  const template = byId<HTMLTemplateElement>(options.templateId);

  function render(focus?: { index: number }): void {
    list.replaceChildren(...options.rows().map((row, index) => {
      const element = (template.content.firstElementChild as HTMLLIElement).cloneNode(true) as HTMLLIElement;
      element.dataset.index = String(index);
      options.fill(element, row);
      return element;
    }));
    options.label();
    if (focus === undefined) return;
    const row = list.children[Math.min(focus.index, options.rows().length - 1)] as HTMLElement | undefined;
    (row?.querySelector<HTMLElement>(options.focusSelector) ?? options.fallbackFocus()).focus();
  }

  list.addEventListener('input', (event) => {
    const input = event.target as HTMLInputElement | HTMLSelectElement;
    const field = input.getAttribute(options.fieldAttribute);
    const row = options.rows()[Number((input.closest('li') as HTMLElement | null)?.dataset.index)];
    if (field === null || row === undefined) return;
    options.write(row, field, input.value);
    options.label();
    options.onChange();
  });

  list.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest(`button[${options.removeAttribute}]`);
    const index = Number((button?.closest('li') as HTMLElement | null)?.dataset.index);
    const rows = options.rows();
    if (button === null || rows[index] === undefined) return;
    const title = options.title(index);
    rows.splice(index, 1);
    render({ index });
    options.announce(`${title} removed.`);
    options.onChange();
  });

  return { list, render };
}
