import type { EInvoiceProblem } from './einvoice-problem.ts';

/** GS1 check digit: weights 3 and 1 from the right, the last digit makes the sum a multiple of 10. */
function validGln(value: string): boolean {
  if (!/^[0-9]+$/.test(value)) return false;
  let sum = 0;
  for (let i = value.length - 2, weight = 3; i >= 0; i -= 1, weight = 4 - weight) sum += Number(value[i]) * weight;
  return (10 - (sum % 10)) % 10 === Number(value.at(-1));
}

/** Weights 3, 2, 7, 6, 5, 4, 3, 2 and a check digit making the sum ≡ 0 (mod 11). */
function validNorwegianOrgNumber(value: string): boolean {
  if (!/^[0-9]{9}$/.test(value)) return false;
  const weights = [3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(value[i]), 0);
  const check = 11 - (sum % 11);
  return (check === 11 ? 0 : check) === Number(value[8]);
}

/** Danish CVR: 8 digits, weights 2, 7, 6, 5, 4, 3, 2, 1, sum ≡ 0 (mod 11). */
function validDanishCvr(value: string): boolean {
  if (!/^[0-9]{8}$/.test(value)) return false;
  const weights = [2, 7, 6, 5, 4, 3, 2, 1];
  return weights.reduce((acc, w, i) => acc + w * Number(value[i]), 0) % 11 === 0;
}

/** Belgian enterprise number: 10 digits, the last two are 97 − (the first eight mod 97). */
function validBelgianEnterpriseNumber(value: string): boolean {
  if (!/^[0-9]{10}$/.test(value)) return false;
  return 97 - (Number(value.slice(0, 8)) % 97) === Number(value.slice(8));
}

/** Swedish organisation number: 10 digits, Luhn. */
function validSwedishOrgNumber(value: string): boolean {
  if (!/^[0-9]{10}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i += 1) {
    let digit = Number(value[i]) * (i % 2 === 0 ? 2 : 1);
    if (digit > 9) digit -= 9;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Australian Business Number: 11 digits, first minus 1, weights 10, 1, 3 … 19, sum ≡ 0 (mod 89). */
function validAbn(value: string): boolean {
  if (!/^[0-9]{11}$/.test(value)) return false;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const digits = [...value].map(Number);
  digits[0]! -= 1;
  return digits.reduce((acc, d, i) => acc + d * weights[i]!, 0) % 89 === 0;
}

/**
 * Peppol's PEPPOL-COMMON-R040 … R050: identifiers in these ISO 6523 / EAS schemes must have the
 * scheme's own form and check digits, wherever they appear (endpoint, party or legal id).
 */
const FORMATS: Readonly<Record<string, { readonly rule: string; readonly valid: (v: string) => boolean; readonly what: string }>> = {
  '0088': { rule: 'PEPPOL-COMMON-R040', valid: validGln, what: 'a GLN (digits with a valid GS1 check digit)' },
  '0192': { rule: 'PEPPOL-COMMON-R041', valid: validNorwegianOrgNumber, what: 'a Norwegian organisation number (9 digits, mod 11)' },
  '0184': { rule: 'PEPPOL-COMMON-R042', valid: validDanishCvr, what: 'a Danish CVR number (8 digits, mod 11)' },
  '0208': { rule: 'PEPPOL-COMMON-R043', valid: validBelgianEnterpriseNumber, what: 'a Belgian enterprise number (10 digits, mod 97)' },
  '0007': { rule: 'PEPPOL-COMMON-R049', valid: validSwedishOrgNumber, what: 'a Swedish organisation number (10 digits, Luhn)' },
  '0151': { rule: 'PEPPOL-COMMON-R050', valid: validAbn, what: 'an Australian Business Number (11 digits, mod 89)' },
};

/** A problem when `value` in `scheme` lacks its scheme's form, else undefined. */
export function identifierFormatProblem(scheme: string | undefined, value: string, field: string, term: string): EInvoiceProblem | undefined {
  const format = scheme === undefined ? undefined : FORMATS[scheme];
  if (format === undefined || format.valid(value.trim())) return undefined;
  return { field, term, message: `${field} "${value}" is not ${format.what}, as scheme ${scheme} requires (${format.rule})` };
}

export { validNorwegianOrgNumber };
