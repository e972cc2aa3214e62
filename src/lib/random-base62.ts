import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/**
 * Bytes at or above 248 (= 4 × 62) are thrown away: taking byte % 62 of all 256 values would make
 * the first 8 symbols appear 5/4 as often as the rest. About 3 % of bytes are discarded.
 */
const REJECT_FROM = 256 - (256 % ALPHABET.length);

/** `length` uniformly random base62 characters (log2(62) ≈ 5.95 bits each): API keys, link ids. */
export function randomBase62(length: number): string {
  let out = '';
  let remaining = length;
  while (remaining > 0) {
    // Enough for one pass almost always; the loop only repeats after unusually many rejections.
    for (const byte of randomBytes(remaining + 8)) {
      if (byte >= REJECT_FROM) continue;
      out += ALPHABET[byte % ALPHABET.length];
      remaining -= 1;
      if (remaining === 0) break;
    }
  }
  return out;
}
