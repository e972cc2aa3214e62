import type { RuleProblem } from './einvoice-problem.ts';
import { normalizeSpace } from './normalize-space.ts';
import { xmlText } from './xml-text.ts';

// Each check is the official rule's test, transcribed (Peppol BIS 3.0.19, peppol-ubl.xsl): no
// stricter, no looser. Most read the value through normalize-space(); PEPPOL-COMMON-R042 reads it
// as it stands, spaces included.

/** u:gln: digits, weights 3 and 1 from the right before the check digit, which makes the sum a multiple of 10. */
function validGln(value: string): boolean {
  if (!/^[0-9]+$/.test(value)) return false;
  let sum = 0;
  for (let i = value.length - 2, weight = 3; i >= 0; i -= 1, weight = 4 - weight) sum += Number(value[i]) * weight;
  return (10 - (sum % 10)) % 10 === Number(value.at(-1));
}

/**
 * u:mod11 on 9 digits (the Norwegian organisation number, PEPPOL-COMMON-R041 and NO-R-001):
 * weights 3, 2, 7, 6, 5, 4, 3, 2, and the number itself above zero.
 */
export function validNorwegianOrgNumber(value: string): boolean {
  if (!/^[0-9]{9}$/.test(value) || Number(value) === 0) return false;
  const weights = [3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(value[i]), 0);
  return (11 - (sum % 11)) % 11 === Number(value[8]);
}

/** PEPPOL-COMMON-R042: exactly 8 digits, or DK and 8 digits; no check digit, no white space. */
function validDanishCvr(value: string): boolean {
  return /^(DK)?[0-9]{8}$/.test(value);
}

/** u:mod97-0208: 10 digits, the last two are 97 − (the first eight mod 97). */
function validBelgianEnterpriseNumber(value: string): boolean {
  if (!/^[0-9]{10}$/.test(value)) return false;
  return 97 - (Number(value.slice(0, 8)) % 97) === Number(value.slice(8));
}

/** u:checkSEOrgnr on 10 characters: digits, Luhn (PEPPOL-COMMON-R049, SE-R-013). */
export function validSwedishOrgNumber(value: string): boolean {
  if (!/^[0-9]{10}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i += 1) {
    let digit = Number(value[i]) * (i % 2 === 0 ? 2 : 1);
    if (digit > 9) digit -= 9;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** u:abn: 11 digits, the first less 1, weights 10, 1, 3 … 19, sum ≡ 0 (mod 89). */
function validAbn(value: string): boolean {
  if (!/^[0-9]{11}$/.test(value)) return false;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const digits = [...value].map(Number);
  digits[0]! -= 1;
  return digits.reduce((acc, d, i) => acc + d * weights[i]!, 0) % 89 === 0;
}

interface Format {
  readonly rule: string;
  readonly valid: (value: string) => boolean;
  /** How the rule reads the value: normalize-space() or the text as it stands. */
  readonly read: (value: string) => string;
  readonly what: string;
}

/**
 * Peppol's PEPPOL-COMMON-R040 … R050 (the fatal ones): an identifier in one of these schemes must
 * have the scheme's form, wherever it stands (electronic address, party identifier, legal
 * registration). The others (R044 … R047, Italian codes) are warnings.
 */
const FORMATS: Readonly<Record<string, Format>> = {
  '0088': { rule: 'PEPPOL-COMMON-R040', valid: validGln, read: normalizeSpace, what: 'a GLN (digits ending in a valid GS1 check digit)' },
  '0192': { rule: 'PEPPOL-COMMON-R041', valid: validNorwegianOrgNumber, read: normalizeSpace, what: 'a Norwegian organisation number (9 digits, mod 11)' },
  '0184': { rule: 'PEPPOL-COMMON-R042', valid: validDanishCvr, read: xmlText, what: 'a Danish CVR number (8 digits, or DK and 8 digits, without spaces)' },
  '0208': { rule: 'PEPPOL-COMMON-R043', valid: validBelgianEnterpriseNumber, read: normalizeSpace, what: 'a Belgian enterprise number (10 digits, mod 97)' },
  '0007': { rule: 'PEPPOL-COMMON-R049', valid: validSwedishOrgNumber, read: normalizeSpace, what: 'a Swedish organisation number (10 digits, Luhn)' },
  '0151': { rule: 'PEPPOL-COMMON-R050', valid: validAbn, read: normalizeSpace, what: 'an Australian Business Number (11 digits, mod 89)' },
};

/** A problem when `value` in `scheme` lacks its scheme's form, else undefined. */
export function identifierFormatProblem(scheme: string | undefined, value: string, field: string, term: string): RuleProblem | undefined {
  const format = scheme === undefined ? undefined : FORMATS[scheme];
  if (format === undefined || format.valid(format.read(value))) return undefined;
  return { field, term, rule: format.rule, message: `${field} "${value}" is not ${format.what}, as scheme ${scheme} requires` };
}
