/**
 * XML 1.0 cannot carry most control characters, U+FFFE, U+FFFF or a lone surrogate, all of which
 * a JSON string can hold (and the builder refuses). Control characters and the two non-characters
 * are dropped (they print as nothing anyway); a lone surrogate becomes U+FFFD, as any UTF-8
 * encoder does (docs/ubl.md). Escaping (&, <, >, quotes) is the XML builder's.
 */
const NOT_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as XML 1.0 can carry it (see above); the same for UBL and CII. */
export function xmlText(value: string): string {
  return value.replace(NOT_XML_CHARS, '').replace(LONE_SURROGATES, '\uFFFD');
}

/**
 * True when a value is written as something a reader sees; false when it is absent, empty, white
 * space only, or only characters XML cannot carry. A value without text is left out (an optional
 * term) or is a bug (a required one): Peppol and XRechnung refuse an empty element
 * (PEPPOL-EN16931-R008), EN 16931 a blank name (BR-06, BR-07, BR-25).
 */
export function hasText(value: string | undefined): value is string {
  return value !== undefined && xmlText(value).trim() !== '';
}
