import { randomBase62 } from '../../lib/random-base62.ts';

/** D19: `inv_` + 40 base62 characters, about 238 bits of randomness. */
export const API_KEY_PATTERN = /^inv_[0-9A-Za-z]{40}$/;

/** A new API key; callers store hashSecret(key) for lookup and encryptSecret(key) for display. */
export function generateApiKey(): string {
  return `inv_${randomBase62(40)}`;
}
