import { randomBytes } from 'node:crypto';

/**
 * 32 random bytes (256 bits) as 43 base64url characters: session ids and verification and reset
 * tokens (D17, D18). Callers store only hashSecret(token). Plain randomBytes rather than the
 * request-id pool in src/lib: tokens are made at login and sign-up, too rarely for a pool to pay.
 */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}
