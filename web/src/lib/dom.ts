/** The element with this id; the pages are fixed, so a missing one is a programming error. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`#${id} is missing from the page`);
  return element as T;
}

type Child = Node | string | null | undefined | false;

/** A small element builder; text is always set as text, never parsed as HTML. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string | boolean | number>> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child);
  }
  return element;
}

/** Shows or hides every element matching the selector. */
export function showAll(selector: string, visible: boolean): void {
  for (const element of document.querySelectorAll<HTMLElement>(selector)) element.hidden = !visible;
}

/** Copies text to the clipboard; false when the browser refuses (the text stays on screen to copy by hand). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** A date and time in the reader's locale and time zone, from Unix seconds. */
export function formatUnixSeconds(seconds: number): string {
  return new Date(seconds * 1000).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
