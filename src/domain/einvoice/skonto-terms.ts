import { normalizeSpace } from './normalize-space.ts';

/**
 * XRechnung's cash discount lines in the payment terms (BT-20), `#SKONTO#TAGE=14#PROZENT=2.00#`
 * with an optional `#BASISBETRAG=…#`: BR-DE-18, and DE-R-018 in Peppol between German parties.
 * The two rule sets write the pattern differently: XRechnung anchors it at the start of the line,
 * Peppol does not.
 */
const SKONTO_LINE: Readonly<Record<'BR-DE-18' | 'DE-R-018', RegExp>> = {
  'BR-DE-18': /^#(SKONTO)#TAGE=([0-9]+#PROZENT=[0-9]+\.[0-9]{2})(#BASISBETRAG=-?[0-9]+\.[0-9]{2})?#$/,
  'DE-R-018': /#(SKONTO)#TAGE=([0-9]+#PROZENT=[0-9]+\.[0-9]{2})(#BASISBETRAG=-?[0-9]+\.[0-9]{2})?#$/,
};
/** XPath's '#.+#' (its '.' is anything but CR and LF), every match: where the last one ends. */
const HASHED = /#[^\r\n]+#/g;

const linesOf = (terms: string) => terms.split(/\r?\n/);
const opensWithHash = (line: string) => normalizeSpace(line).startsWith('#');

/** The text after the rules' last '#…#' on one line: what must start with a line break. */
function tailOf(terms: string): string {
  let end = -1;
  for (const match of terms.matchAll(HASHED)) end = match.index + match[0].length;
  return end < 0 ? terms : terms.slice(end);
}

/**
 * The payment terms in the form the rules read Skonto lines in: each one ends with a line break,
 * added when the last line is one and has none. Trimming the request takes a final line break
 * away, so the docs' own example, `#SKONTO#TAGE=14#PROZENT=2.00#`, would fail without this. Terms
 * with no line opening with '#' are returned as they are.
 */
export function withSkontoLineBreaks(terms: string): string {
  if (!linesOf(terms).some(opensWithHash)) return terms;
  return /^[ \t\r]*$/.test(tailOf(terms)) ? `${terms}\n` : terms;
}

/**
 * Whether the terms, as written, meet the rule: every line opening with '#' is a Skonto line, and
 * a line break follows the last '#…#' (so no other text with two '#' may follow the Skonto lines).
 */
export function meetsSkontoRule(terms: string, rule: keyof typeof SKONTO_LINE): boolean {
  const hashed = linesOf(terms).filter(opensWithHash);
  if (hashed.length === 0) return true;
  return hashed.every((line) => SKONTO_LINE[rule].test(normalizeSpace(line))) && /^[ \t\n\r]*\n/.test(tailOf(terms));
}
