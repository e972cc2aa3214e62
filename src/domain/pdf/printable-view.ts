import type { InvoiceView } from './invoice-view.ts';

/**
 * What Typst prints without a glyph: the line breaks and the controls it takes as white space or
 * skips (tab, LF, VT, FF, CR, NUL, DEL, NEL, U+2028, U+2029; measured with Typst 0.14.2 in PDF/A
 * mode) and the default-ignorables (ZWJ, bidi isolates, variation selectors). Other controls
 * (SOH, ESC, the C1 range) need a glyph there and have none.
 */
const NEEDS_NO_GLYPH = /[\t\n\v\f\r\0\x7f\x85\u2028\u2029\p{Default_Ignorable_Code_Point}]/u;
const SPACE = /\p{Zs}/u;
/** The other controls: a font's cmap may map them (Noto Sans maps U+0001), but Typst will not show them in PDF/A. */
const CONTROL = /\p{Cc}/u;

/** Which characters the PDF's fonts can print. */
export interface FontCoverage {
  has(codePoint: number): boolean;
  /**
   * Matches a whole string of characters the fonts surely print (the Latin letters most invoices
   * are written in, say): such a string is left as it is without looking at each character.
   */
  readonly common: RegExp;
}

/** U+FFFD, printed where the fonts have no glyph. */
export const REPLACEMENT = '\ufffd';

/** The text, or the same string when nothing in it needs replacing (the common case: no copy). */
function printable(text: string, fonts: FontCoverage): string {
  if (fonts.common.test(text)) return text;
  let out: string | undefined;
  let index = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const keep = code > 0x9f ? fonts.has(code) || NEEDS_NO_GLYPH.test(char) : NEEDS_NO_GLYPH.test(char) || (fonts.has(code) && !CONTROL.test(char));
    if (!keep) {
      out ??= text.slice(0, index);
      out += SPACE.test(char) ? ' ' : REPLACEMENT;
    } else if (out !== undefined) out += char;
    index += char.length;
  }
  return out ?? text;
}

/** The value with its strings made printable; the same object where nothing changed. */
function mapStrings(value: unknown, fonts: FontCoverage): unknown {
  if (typeof value === 'string') return printable(value, fonts);
  if (Array.isArray(value)) {
    const items = value.map((item) => mapStrings(item, fonts));
    return items.every((item, i) => item === value[i]) ? value : items;
  }
  if (value !== null && typeof value === 'object') {
    let changed = false;
    const entries = Object.entries(value).map(([key, item]) => {
      const mapped = mapStrings(item, fonts);
      changed ||= mapped !== item;
      return [key, mapped] as const;
    });
    return changed ? Object.fromEntries(entries) : value;
  }
  return value;
}

/**
 * The view with every character the fonts cannot print replaced: a space of another width by a
 * space, anything else (an emoji, a musical symbol, a private-use character) by U+FFFD "�". A
 * plain PDF shows such a character as Typst's empty box (the font's .notdef glyph); PDF/A forbids
 * that glyph (ISO 19005-3, 6.2.11.8) and Typst refuses to write it, so a hybrid invoice with an
 * emoji in an item was a 500 pdf_error. Only the printed copy changes: the embedded CII, which is
 * the e-invoice, keeps the text as sent. Pure; `fonts` says which code points the fonts have.
 */
export function printableView(view: InvoiceView, fonts: FontCoverage): InvoiceView {
  return mapStrings(view, fonts) as InvoiceView;
}
