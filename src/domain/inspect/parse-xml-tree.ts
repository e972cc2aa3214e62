/** An element of a parsed XML document: the reader's view, namespaces resolved. */
export interface XmlTreeElement {
  /** The namespace URI, '' for none. */
  readonly ns: string;
  readonly name: string;
  /** By qualified name as written ("schemeID", "xml:lang"); namespace declarations left out. */
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: readonly XmlTreeElement[];
  /** The element's own character data (text and CDATA), concatenated; children's text not included. */
  readonly text: string;
  /** 1-based line of the start tag, for messages. */
  readonly line: number;
}

export interface XmlTreeLimits {
  /** Element nesting deeper than this is refused. */
  readonly maxDepth: number;
  /** More elements than this are refused. */
  readonly maxElements: number;
}

/** Why a text is not a document this reader takes, with the line where it was seen. */
export class XmlTreeError extends Error {
  readonly line: number;
  constructor(message: string, line: number) {
    super(`${message} (line ${line})`);
    this.line = line;
  }
}

const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const NAME = /[A-Za-z_][\w.\-]*(?::[A-Za-z_][\w.\-]*)?/y;
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

interface Open {
  readonly qname: string;
  readonly scope: ReadonlyMap<string, string>;
  readonly element: { ns: string; name: string; attrs: Record<string, string>; children: XmlTreeElement[]; text: string; line: number };
}

/**
 * A small, non-validating XML parser for documents already refused if they carry a DOCTYPE
 * (scanXmlProlog): elements, attributes, namespaces, text, CDATA, comments and processing
 * instructions, the five predefined entities and character references. Any other entity reference
 * is an error, as is anything not well-formed that it meets; it does not try to find every error
 * a full parser would (the schema check runs on a full parser). Depth and element count are
 * bounded, so a hostile document costs at most its length.
 */
export function parseXmlTree(text: string, limits: XmlTreeLimits): XmlTreeElement {
  let at = 0;
  let line = 1;
  let elements = 0;
  let root: XmlTreeElement | undefined;
  const stack: Open[] = [];
  const fail = (message: string): never => {
    throw new XmlTreeError(message, line);
  };
  const advance = (to: number) => {
    for (let i = at; i < to; i += 1) if (text.charCodeAt(i) === 10) line += 1;
    at = to;
  };
  const until = (marker: string, what: string) => {
    const end = text.indexOf(marker, at);
    if (end === -1) fail(`unterminated ${what}`);
    return end;
  };
  const decode = (raw: string): string => raw.replace(/&(#x[0-9A-Fa-f]+|#[0-9]+|[A-Za-z_][\w.-]*);|&/g, (whole, ref: string | undefined) => {
    if (ref === undefined) return fail('a bare "&" (write &amp;)');
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      if (!(code === 9 || code === 10 || code === 13 || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff))) {
        return fail(`a character reference to a character XML does not allow (${whole})`);
      }
      return String.fromCodePoint(code);
    }
    return PREDEFINED[ref] ?? fail(`the entity reference ${whole}: only the predefined entities are allowed`);
  });
  const resolve = (prefix: string | undefined, scope: ReadonlyMap<string, string>, attribute: boolean): string => {
    if (prefix === 'xml') return XML_NS;
    if (prefix === undefined) return attribute ? '' : (scope.get('') ?? '');
    return scope.get(prefix) ?? fail(`the namespace prefix "${prefix}" is not declared`);
  };

  if (text.charCodeAt(0) === 0xfeff) at = 1;
  while (at < text.length) {
    const lt = text.indexOf('<', at);
    const chunk = lt === -1 ? text.slice(at) : text.slice(at, lt);
    if (chunk.length > 0) {
      const open = stack.at(-1);
      if (open === undefined) {
        if (/\S/.test(chunk)) fail('text outside the root element');
      } else open.element.text += decode(chunk);
      advance(lt === -1 ? text.length : lt);
      if (lt === -1) break;
    }
    if (text.startsWith('<!--', at)) {
      advance(until('-->', 'comment') + 3);
    } else if (text.startsWith('<![CDATA[', at)) {
      const end = until(']]>', 'CDATA section');
      const open = stack.at(-1) ?? fail('a CDATA section outside the root element');
      open.element.text += text.slice(at + 9, end);
      advance(end + 3);
    } else if (text.startsWith('<?', at)) {
      advance(until('?>', 'processing instruction') + 2);
    } else if (text.startsWith('<!', at)) {
      fail('a DOCTYPE or other declaration, which a document read here may not carry');
    } else if (text.startsWith('</', at)) {
      NAME.lastIndex = at + 2;
      const qname = NAME.exec(text)?.[0] ?? fail('an end tag without a name');
      const open = stack.pop();
      if (open === undefined || open.qname !== qname) fail(`the end tag </${qname}> does not close ${open === undefined ? 'any element' : `<${open.qname}>`}`);
      const close = until('>', 'end tag');
      if (/\S/.test(text.slice(at + 2 + qname.length, close))) fail(`stray characters in </${qname}>`);
      advance(close + 1);
      const element = open!.element as XmlTreeElement;
      if (stack.length === 0) root = element;
    } else {
      if (root !== undefined) fail('a second root element');
      NAME.lastIndex = at + 1;
      const qname = NAME.exec(text)?.[0] ?? fail('a "<" that starts no tag (write &lt;)');
      const startLine = line;
      let cursor = at + 1 + qname.length;
      const raw: Array<[string, string]> = [];
      let selfClosing = false;
      for (;;) {
        const space = /\s*/y;
        space.lastIndex = cursor;
        space.exec(text);
        const gap = space.lastIndex > cursor;
        cursor = space.lastIndex;
        if (text.startsWith('/>', cursor)) { selfClosing = true; cursor += 2; break; }
        if (text[cursor] === '>') { cursor += 1; break; }
        if (cursor >= text.length) fail(`the start tag <${qname}> is not closed`);
        if (!gap) fail(`no space before an attribute of <${qname}>`);
        NAME.lastIndex = cursor;
        const attr = NAME.exec(text)?.[0] ?? fail(`a malformed attribute in <${qname}>`);
        const value = /\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;
        value.lastIndex = cursor + attr.length;
        const m = value.exec(text) ?? fail(`the attribute ${attr} of <${qname}> has no quoted value`);
        if (raw.some(([name]) => name === attr)) fail(`the attribute ${attr} appears twice in <${qname}>`);
        raw.push([attr, decode(m[1] ?? m[2] ?? '')]);
        cursor = value.lastIndex;
      }
      const parentScope = stack.at(-1)?.scope ?? new Map<string, string>();
      let scope = parentScope;
      const attrs: Record<string, string> = {};
      for (const [name, value] of raw) {
        if (name === 'xmlns' || name.startsWith('xmlns:')) {
          if (scope === parentScope) scope = new Map(parentScope);
          (scope as Map<string, string>).set(name === 'xmlns' ? '' : name.slice(6), value);
        } else attrs[name] = value;
      }
      for (const name of Object.keys(attrs)) if (name.includes(':')) resolve(name.split(':')[0], scope, true);
      const [prefix, local] = qname.includes(':') ? qname.split(':') as [string, string] : [undefined, qname];
      elements += 1;
      if (elements > limits.maxElements) fail(`more than ${limits.maxElements} elements`);
      if (stack.length + 1 > limits.maxDepth) fail(`elements nested more than ${limits.maxDepth} deep`);
      const element = { ns: resolve(prefix, scope, false), name: local, attrs, children: [] as XmlTreeElement[], text: '', line: startLine };
      stack.at(-1)?.element.children.push(element);
      advance(cursor);
      if (selfClosing) {
        if (stack.length === 0) root = element;
      } else stack.push({ qname, scope, element });
    }
  }
  if (stack.length > 0) fail(`the element <${stack.at(-1)!.qname}> is not closed`);
  return root ?? fail('no root element');
}
