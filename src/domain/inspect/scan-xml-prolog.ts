/** What stands before the root element of an XML text, as far as deciding whether to parse it. */
export type XmlProlog =
  | { readonly kind: 'root'; readonly prefix: string | undefined; readonly localName: string; readonly namespace: string | undefined }
  /** A document type declaration: it may declare entities (XXE, "billion laughs"), so it is refused unread. */
  | { readonly kind: 'doctype' }
  | { readonly kind: 'not-xml'; readonly found: string };

const NAME = /^[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?/;

/**
 * Walks the prolog of an XML text (byte order mark, XML declaration, comments, processing
 * instructions, white space) to its first markup that is not one of them: a DOCTYPE, or the root
 * element's start tag, whose name and namespace declaration it reads. A DOCTYPE can stand nowhere
 * else in a well-formed document, so finding none here means the text declares no entity at all;
 * the parser then never sees one. A regular expression over the whole text could not say that: a
 * comment or CDATA section may mention "<!DOCTYPE" harmlessly.
 */
export function scanXmlProlog(text: string): XmlProlog {
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (;;) {
    while (at < text.length && /\s/.test(text[at]!)) at += 1;
    if (text.startsWith('<?', at)) {
      const end = text.indexOf('?>', at + 2);
      if (end === -1) return notXml(text, at);
      at = end + 2;
    } else if (text.startsWith('<!--', at)) {
      const end = text.indexOf('-->', at + 4);
      if (end === -1) return notXml(text, at);
      at = end + 3;
    } else break;
  }
  if (text.startsWith('<!DOCTYPE', at) || text.startsWith('<!ENTITY', at)) return { kind: 'doctype' };
  if (text[at] !== '<') return notXml(text, at);
  const name = NAME.exec(text.slice(at + 1, at + 1 + 512))?.[0];
  if (name === undefined) return notXml(text, at);
  const [prefix, localName] = name.includes(':') ? name.split(':') as [string, string] : [undefined, name];
  const tagEnd = startTagEnd(text, at + 1 + name.length);
  const attributes = text.slice(at + 1 + name.length, tagEnd === -1 ? undefined : tagEnd);
  const declaration = new RegExp(`\\sxmlns${prefix !== undefined ? `:${prefix}` : ''}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attributes);
  return { kind: 'root', prefix, localName, namespace: declaration === null ? undefined : (declaration[1] ?? declaration[2]) };
}

/** The index of the '>' closing a start tag, skipping quoted attribute values; -1 when it has none. */
function startTagEnd(text: string, from: number): number {
  let quote: string | undefined;
  for (let i = from; i < text.length; i += 1) {
    const c = text[i]!;
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return i;
  }
  return -1;
}

/** The first few characters where markup was expected, printable, for the error message. */
function notXml(text: string, at: number): XmlProlog {
  const found = text.slice(at, at + 40).replace(/[^\x20-\x7e]/g, '?');
  return { kind: 'not-xml', found: found.length === 0 ? 'nothing (the text ends in its prolog)' : `"${found}"` };
}
