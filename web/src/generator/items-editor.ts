import { byId } from '../lib/dom.ts';
import { emptyItem, hasItemFoldData, ITEM_FIELDS, type ItemDraft } from './draft.ts';

/** The spec's bound (MAX_ITEMS). */
const MAX_ITEMS = 100;

/**
 * The line items: add, remove and reorder with buttons (keyboard-usable, no drag needed), typing
 * written straight into the draft's items. Rows are rebuilt only when the list's shape changes,
 * so typing never loses focus; after a move or removal focus goes to a sensible place and the
 * change is announced.
 */
export function createItemsEditor(options: {
  items: ItemDraft[];
  onChange: () => void;
  announce: (message: string) => void;
}): { render(): void; setItems(items: ItemDraft[]): void } {
  let items = options.items;
  const list = byId<HTMLOListElement>('items');
  const template = byId<HTMLTemplateElement>('item-template');
  const addButton = byId<HTMLButtonElement>('add-item');
  /** Items whose fold (e-invoice inputs, charge) is open, so rebuilding the rows (a move, a removal) keeps it open. */
  const unfolded = new WeakSet<ItemDraft>();

  function rowFor(item: ItemDraft, index: number): HTMLLIElement {
    const row = (template.content.firstElementChild as HTMLLIElement).cloneNode(true) as HTMLLIElement;
    row.dataset.index = String(index);
    row.querySelector('[data-item-number]')!.textContent = String(index + 1);
    for (const field of ITEM_FIELDS) {
      const input = row.querySelector<HTMLInputElement | HTMLSelectElement>(`[data-item-field="${field}"]`)!;
      input.value = item[field];
      input.name = `items.${index}.${field}`;
    }
    // An item's e-invoice inputs and charge stay folded until it has some, or the user opened them.
    row.querySelector<HTMLDetailsElement>('.item-einvoice')!.open = unfolded.has(item) || hasItemFoldData(item);
    const up = row.querySelector<HTMLButtonElement>('[data-move="-1"]')!;
    const down = row.querySelector<HTMLButtonElement>('[data-move="1"]')!;
    const remove = row.querySelector<HTMLButtonElement>('[data-remove-item]')!;
    up.disabled = index === 0;
    down.disabled = index === items.length - 1;
    remove.disabled = items.length === 1;
    up.setAttribute('aria-label', `Move item ${index + 1} up`);
    down.setAttribute('aria-label', `Move item ${index + 1} down`);
    remove.setAttribute('aria-label', `Remove item ${index + 1}`);
    return row;
  }

  function render(focus?: { index: number; selector: string }): void {
    list.replaceChildren(...items.map(rowFor));
    addButton.disabled = items.length >= MAX_ITEMS;
    if (focus !== undefined) {
      const row = list.children[Math.min(focus.index, items.length - 1)] as HTMLElement | undefined;
      const target = row?.querySelector<HTMLElement>(focus.selector);
      (target !== null && target !== undefined && !(target as HTMLButtonElement).disabled ? target : row?.querySelector<HTMLElement>('[data-item-field="description"]'))?.focus();
    }
  }

  list.addEventListener('input', (event) => {
    const input = event.target as HTMLInputElement | HTMLSelectElement;
    const field = input.dataset.itemField as (typeof ITEM_FIELDS)[number] | undefined;
    const index = Number((input.closest('li') as HTMLElement | null)?.dataset.index);
    if (field === undefined || !Number.isInteger(index) || items[index] === undefined) return;
    items[index]![field] = input.value;
    options.onChange();
  });

  // 'toggle' does not bubble: listen while it is captured on the way down.
  list.addEventListener('toggle', (event) => {
    const details = event.target as HTMLDetailsElement;
    const item = items[Number((details.closest('li') as HTMLElement | null)?.dataset.index)];
    if (item === undefined || !details.classList.contains('item-einvoice')) return;
    if (details.open) unfolded.add(item);
    else unfolded.delete(item);
  }, true);

  list.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest('button');
    const index = Number((button?.closest('li') as HTMLElement | null)?.dataset.index);
    if (button === null || !Number.isInteger(index)) return;
    if (button.dataset.move !== undefined) {
      const to = index + Number(button.dataset.move);
      if (to < 0 || to >= items.length) return;
      [items[index], items[to]] = [items[to]!, items[index]!];
      render({ index: to, selector: `[data-move="${button.dataset.move}"]` });
      options.announce(`Item ${index + 1} moved to position ${to + 1}.`);
      options.onChange();
    } else if (button.hasAttribute('data-remove-item') && items.length > 1) {
      items.splice(index, 1);
      render({ index, selector: '[data-item-field="description"]' });
      options.announce(`Item ${index + 1} removed.`);
      options.onChange();
    }
  });

  addButton.addEventListener('click', () => {
    if (items.length >= MAX_ITEMS) return;
    items.push(emptyItem());
    render({ index: items.length - 1, selector: '[data-item-field="description"]' });
    options.announce(`Item ${items.length} added.`);
    options.onChange();
  });

  return {
    render: () => render(),
    setItems(next) {
      items = next;
      render();
    },
  };
}
