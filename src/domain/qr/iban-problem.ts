/** ISO 13616: country code, 2 check digits, then a national part; the shortest (Norway) has 15 characters, the longest 34. */
const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

/**
 * What is wrong with an IBAN (written in capitals without spaces), or undefined when it is
 * well formed and its ISO 7064 mod-97 check digits hold. The per-country length is not checked:
 * the checksum already catches a dropped or doubled character in all but about 1 in 97 cases, and
 * a length table would need upkeep as countries join. Returns words without a field path so that
 * both the payload check and the SEPA builder can name their own field.
 */
export function ibanProblem(iban: string): string | undefined {
  if (!IBAN_SHAPE.test(iban)) {
    return 'must be an IBAN: 2 letters, 2 check digits and 11 to 30 letters or digits, in capitals without spaces';
  }
  if (ibanRemainder(iban) !== 1) {
    return 'fails the IBAN checksum (mod 97); check it for a typing error';
  }
  return undefined;
}

/** The IBAN with its first 4 characters moved to the end, letters as 10–35, modulo 97, read digit by digit. */
function ibanRemainder(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (let k = 0; k < rearranged.length; k += 1) {
    const code = rearranged.charCodeAt(k);
    remainder = code <= 57 // '0'-'9'
      ? (remainder * 10 + (code - 48)) % 97
      : (remainder * 100 + (code - 55)) % 97; // 'A' (65) is 10
  }
  return remainder;
}
