/** Text content: &, <, > and CR escaped (CR would otherwise be read back as LF, XML 1.0 §2.11). */
function escapeText(value: string): string {
  return value.replace(/[&<>\r]/g, (char) => (char === '&' ? '&amp;' : char === '<' ? '&lt;' : char === '>' ? '&gt;' : '&#xD;'));
}

/** An attribute value in double quotes: &, <, " and the white space that attribute normalisation would turn into spaces. */
function escapeAttribute(value: string): string {
  return value.replace(/[&<"\t\n\r]/g, (char) => ATTRIBUTE_ESCAPES[char]!);
}
const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '"': '&quot;', '\t': '&#x9;', '\n': '&#xA;', '\r': '&#xD;' };

/**
 * One element of an XML document the e-invoice writers build (write-ubl.ts, write-cii.ts): names
 * are the writers' constants, values are escaped here and must already be XML 1.0 characters
 * (xml-text.ts). Written without indentation, after the declaration
 * `<?xml version="1.0" encoding="UTF-8"?>`: the bytes the xmlbuilder package wrote for the same
 * calls (test/domain/einvoice/xml-element.test.ts compares them), at a fifth of its cost, which was
 * most of what a hybrid PDF added to a plain one (docs/performance.md).
 *
 * An e-invoice never carries an empty element (Peppol's and XRechnung's PEPPOL-EN16931-R008;
 * EN 16931's BR-06, BR-07, BR-25 for names): `end()` throws when an element has neither a child
 * element nor text with something to read in it, so a writer cannot emit one. A writer leaves an
 * optional term without text out before it gets here (hasText); a required one without text is a
 * bug, which this turns into the syntax's error instead of an invalid document. The one element
 * the CII schema requires even when it has nothing to say is marked with allowEmpty().
 */
export class XmlElement {
  readonly #name: string;
  #attributes = '';
  readonly #children: Array<XmlElement | string> = [];
  readonly #document: XmlElement | undefined;
  /** Has a child element, or text with more than white space in it. */
  #filled = false;
  #mayBeEmpty = false;

  private constructor(name: string, document: XmlElement | undefined) {
    this.#name = name;
    this.#document = document;
  }

  /** The root element of a new document. */
  static document(rootName: string): XmlElement {
    return new XmlElement(rootName, undefined);
  }

  /** A new last child element, returned. */
  ele(name: string): XmlElement {
    const child = new XmlElement(name, this.#document ?? this);
    this.#children.push(child);
    this.#filled = true;
    return child;
  }

  /** Adds an attribute; returns this element. */
  att(name: string, value: string): this {
    this.#attributes += ` ${name}="${escapeAttribute(value)}"`;
    return this;
  }

  /** Adds text content; returns this element. */
  txt(value: string): this {
    this.#children.push(escapeText(value));
    if (value.trim() !== '') this.#filled = true;
    return this;
  }

  /** Lets this element be written without content (as `<a/>`); see the class comment. */
  allowEmpty(): this {
    this.#mayBeEmpty = true;
    return this;
  }

  /** The whole document this element belongs to, as text. */
  end(): string {
    const parts = ['<?xml version="1.0" encoding="UTF-8"?>'];
    (this.#document ?? this).#write(parts);
    return parts.join('');
  }

  #write(parts: string[]): void {
    if (!this.#filled && !this.#mayBeEmpty) throw new Error(`<${this.#name}> would be written empty`);
    if (this.#children.every((child) => child === '')) {
      parts.push(`<${this.#name}${this.#attributes}/>`);
      return;
    }
    parts.push(`<${this.#name}${this.#attributes}>`);
    for (const child of this.#children) {
      if (typeof child === 'string') parts.push(child);
      else child.#write(parts);
    }
    parts.push(`</${this.#name}>`);
  }
}
