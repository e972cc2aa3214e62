import type { Language } from '../invoice/catalog.ts';
import { isRightToLeft } from '../wording/labels.ts';

const RTL_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
/** A run of Latin letters and digits without spaces: "2006/112/EC", "132(1)(i)", "VATEX-EU-D". */
const LTR_TOKEN = /[\p{Script=Latin}\p{Nd}](?:[\p{Script=Latin}\p{Nd}/().\-]*[\p{Script=Latin}\p{Nd})])?/gu;
const LRI = '\u2066';
const PDI = '\u2069';

/**
 * Text for an Arabic page that keeps its left-to-right parts in their order: a value with no
 * right-to-left letter is isolated whole (U+2066 … U+2069), so "+49 30 7654321" after the Arabic
 * label "الهاتف:" does not print as "+49 7654321 30"; in Arabic text, each Latin token is isolated,
 * so "2006/112/EC" does not print as "EC/2006/112". The template isolates whole lines without
 * right-to-left letters itself; this is for a value joined to an Arabic label, where the line as a
 * whole has them. Tokens are cut at spaces, so a spaced Latin run inside Arabic text (a phone number
 * in an Arabic sentence) is still reordered; the values that are such runs are isolated whole.
 * The marks print nothing; other languages get the text unchanged.
 */
export function isolateLeftToRight(text: string, language: Language): string {
  if (!isRightToLeft(language)) return text;
  if (!RTL_LETTER.test(text)) return `${LRI}${text}${PDI}`;
  return text.replace(LTR_TOKEN, (token) => `${LRI}${token}${PDI}`);
}
