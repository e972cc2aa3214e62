import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';

/**
 * Seals a secret that must be shown again (D19: the API key on /api/auth/me) with AES-256-GCM
 * under the server key, as `v1.<iv>.<tag>.<ciphertext>` in base64url. `associatedData` (e.g. the
 * account id) is authenticated but not stored, so a sealed value copied into another row does
 * not open there. The IV is 12 random bytes per call; with random IVs one key should seal fewer
 * than 2^32 values (NIST SP 800-38D §8.3), far beyond this service's key rotations.
 */
export function encryptSecret(plain: string, key: Buffer, associatedData: string): string {
  checkKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/**
 * Opens a value from encryptSecret. Throws one generic Error for every failure (malformed text,
 * wrong key, wrong associated data, any changed bit) so the message cannot tell them apart.
 */
export function decryptSecret(sealed: string, key: Buffer, associatedData: string): string {
  checkKey(key);
  try {
    const parts = typeof sealed === 'string' ? sealed.split('.') : [];
    const [version, ivText = '', tagText = '', ciphertextText = ''] = parts;
    if (parts.length !== 4 || version !== VERSION) throw new Error('malformed');
    const iv = decodeCanonical(ivText);
    const tag = decodeCanonical(tagText);
    const ciphertext = decodeCanonical(ciphertextText);
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new Error('malformed');
    // authTagLength pins the tag at 16 bytes; otherwise GCM would accept a truncated tag.
    const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('decryptSecret: cannot decrypt the value (wrong key or associated data, or altered)');
  }
}

function checkKey(key: Buffer): void {
  if (!Buffer.isBuffer(key) || key.length !== KEY_BYTES) {
    throw new Error(`encryption key must be a Buffer of exactly ${KEY_BYTES} bytes (AES-256)`);
  }
}

/** Base64url that re-encodes to itself; another spelling of the same bytes counts as tampering. */
function decodeCanonical(text: string): Buffer {
  const bytes = Buffer.from(text, 'base64url');
  if (bytes.toString('base64url') !== text) throw new Error('malformed');
  return bytes;
}
