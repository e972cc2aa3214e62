/** D17: 8 to 128 characters. */
export const MIN_PASSWORD_CHARS = 8;
export const MAX_PASSWORD_CHARS = 128;

/**
 * What is wrong with a proposed password, as a message naming the field and the fix, or
 * undefined when it is acceptable. Characters are Unicode code points, so an emoji or a CJK
 * extension character counts once, as the user sees it, not as two UTF-16 units.
 *
 * Beyond the length rule, text with an unpaired surrogate (possible through a JSON "\ud800" escape) is
 * refused: scrypt hashes UTF-8, where every unpaired surrogate becomes U+FFFD, so different
 * passwords would silently hash alike. No composition or character-class rules (NIST SP 800-63B).
 */
export function passwordProblem(password: unknown): string | undefined {
  if (typeof password !== 'string') {
    return `password must be a string of ${MIN_PASSWORD_CHARS} to ${MAX_PASSWORD_CHARS} characters.`;
  }
  const chars = countCodePoints(password);
  if (chars < MIN_PASSWORD_CHARS) {
    return `password is too short: use at least ${MIN_PASSWORD_CHARS} characters.`;
  }
  if (chars > MAX_PASSWORD_CHARS) {
    return `password is too long: use at most ${MAX_PASSWORD_CHARS} characters.`;
  }
  if (!password.isWellFormed()) {
    return 'password contains an invalid character (an unpaired UTF-16 surrogate): send it as valid Unicode text.';
  }
  return undefined;
}

/** Counts code points, stopping early: a code point is one or two UTF-16 units, so a string longer than 2 × the maximum is over the limit without looking. */
function countCodePoints(text: string): number {
  if (text.length > 2 * MAX_PASSWORD_CHARS) return MAX_PASSWORD_CHARS + 1;
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}
