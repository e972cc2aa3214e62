import { xmlText } from './xml-text.ts';

/**
 * A value as the official rules read it with XPath's normalize-space(): the text as written
 * (xmlText), with runs of XML white space (space, tab, CR, LF, and only those) made one space and
 * none at either end. Checks that must be exactly as strict as an official rule read values so.
 */
export function normalizeSpace(value: string): string {
  return xmlText(value).replace(/[ \t\r\n]+/g, ' ').replace(/^ | $/g, '');
}
