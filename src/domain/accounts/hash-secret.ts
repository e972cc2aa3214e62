import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * SHA-256 of a secret, as 64 lowercase hex characters: the database stores and indexes this for
 * API keys, session ids and e-mail tokens (D18, D19), so a leaked table holds nothing usable. A
 * fast, unsalted hash is enough because these secrets are 190+ random bits, not passwords; it
 * also makes lookup by equality possible, which a salted hash would not.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/**
 * Compares two secrets in time that depends only on their length, never on where they first
 * differ. Different lengths answer false at once: every secret here has a fixed, public length,
 * so the length reveals nothing.
 */
export function secretsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  if (left.length !== right.length) return false;
  return timingSafeEqual(left, right);
}
