import type { XmlTreeElement } from './parse-xml-tree.ts';

/**
 * Reads a parsed document by namespace-prefixed paths ("cac:Party/cbc:Name") and remembers every
 * element it read, so that what was not read can be listed afterwards (unreadElements): a term
 * the reader does not know is reported, never dropped in silence.
 */
export class TreeCursor {
  readonly #namespaces: Readonly<Record<string, string>>;
  readonly #read: Set<XmlTreeElement>;

  constructor(namespaces: Readonly<Record<string, string>>, read: Set<XmlTreeElement> = new Set()) {
    this.#namespaces = namespaces;
    this.#read = read;
  }

  /** Every element under `from` that matches the path, in document order, each marked as read. */
  all(from: XmlTreeElement, path: string): XmlTreeElement[] {
    let found: XmlTreeElement[] = [from];
    for (const step of path.split('/')) {
      const [prefix, name] = step.split(':') as [string, string];
      const ns = this.#namespaces[prefix];
      found = found.flatMap((e) => e.children.filter((c) => c.name === name && c.ns === ns));
    }
    for (const element of found) this.#read.add(element);
    return found;
  }

  one(from: XmlTreeElement, path: string): XmlTreeElement | undefined {
    return this.all(from, path)[0];
  }

  /** The trimmed text of the first match; undefined when there is none or it has no text. */
  text(from: XmlTreeElement, path: string): string | undefined {
    const element = this.one(from, path);
    const value = element?.text.trim();
    return value === undefined || value === '' ? undefined : value;
  }

  /** An attribute of the first match, trimmed. */
  attr(from: XmlTreeElement, path: string, name: string): string | undefined {
    const value = this.one(from, path)?.attrs[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  }

  /** Marks an element read without reading it (a container whose children are read one by one). */
  mark(element: XmlTreeElement): void {
    this.#read.add(element);
  }

  /**
   * Elements with text that were never read, each with its path from the root: what the document
   * says that the reader has no place for.
   */
  unread(root: XmlTreeElement): Array<{ readonly path: string; readonly value: string; readonly element: XmlTreeElement }> {
    const out: Array<{ path: string; value: string; element: XmlTreeElement }> = [];
    const prefixOf = new Map(Object.entries(this.#namespaces).map(([prefix, ns]) => [ns, prefix]));
    const walk = (element: XmlTreeElement, path: string) => {
      for (const child of element.children) {
        const prefix = prefixOf.get(child.ns);
        const childPath = `${path}/${prefix === undefined || prefix === '' ? '' : `${prefix}:`}${child.name}`;
        const value = child.text.trim();
        if (!this.#read.has(child) && (value !== '' || child.children.length === 0)) {
          out.push({ path: childPath, value: value !== '' ? value : Object.entries(child.attrs).map(([k, v]) => `${k}=${v}`).join(' '), element: child });
        } else walk(child, childPath);
      }
    };
    walk(root, '');
    return out;
  }
}
