import { randomBytes } from 'node:crypto';

/** D19: `inv_` + 40 base62 characters, about 238 bits of randomness. */
export const API_KEY_PATTERN = /^inv_[0-9A-Za-z]{40}$/;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_CHARS = 40;
/**
 * Bytes at or above 248 (= 4 × 62) are thrown away: taking byte % 62 of all 256 values would make
 * the first 8 symbols appear 5/4 as often as the rest. About 3 % of bytes are discarded.
 */
const REJECT_FROM = 256 - (256 % ALPHABET.length);

/** A new API key; callers store hashSecret(key) for lookup and encryptSecret(key) for display. */
export function generateApiKey(): string {
  let key = 'inv_';
  let remaining = KEY_CHARS;
  while (remaining > 0) {
    // Enough for one pass almost always; the loop only repeats after unusually many rejections.
    for (const byte of randomBytes(remaining + 8)) {
      if (byte >= REJECT_FROM) continue;
      key += ALPHABET[byte % ALPHABET.length];
      remaining -= 1;
      if (remaining === 0) break;
    }
  }
  return key;
}
