import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashing with scrypt (D17). The stored string describes itself:
 *
 *   scrypt$N=32768,r=8,p=1$<salt base64url>$<key base64url>
 *
 * so the cost can be raised later: old hashes still verify with the parameters they were made
 * with, and needsRehash() tells login to store a fresh hash once the password is known.
 *
 * Cost: one hash (or verify) at N=32768, r=8, p=1 takes about 120 ms (median of 7, 115–141 ms)
 * and 32 MiB on this 2-core machine, measured on Node 24.21 (N=16384 took ~52 ms, N=65536
 * ~243 ms). scrypt runs on libuv's thread pool (4 threads by default), so it does not block the
 * event loop, but a burst of logins queues there: rate limiting has to bound that, not this file.
 *
 * The password is NFKC-normalised before hashing (NIST SP 800-63B §5.1.1.2), so the same
 * password typed on systems that compose accents differently (macOS sends NFD) still matches.
 * Changing that rule later would break every stored hash, so it is fixed here, on both sides.
 */

type ScryptParams = { readonly N: number; readonly r: number; readonly p: number };

const CURRENT: ScryptParams = { N: 32768, r: 8, p: 1 };
const SALT_BYTES = 16;
const KEY_BYTES = 64;
/**
 * The most memory a stored string may ask for (128·N·r bytes). A row edited to N=2^30 would
 * otherwise make each verify try to allocate 1 TiB; 256 MiB leaves room to raise N eightfold.
 */
const MAX_SCRYPT_MEMORY_BYTES = 256 * 1024 * 1024;

const STORED_PATTERN = /^scrypt\$N=(\d{1,10}),r=(\d{1,3}),p=(\d{1,3})\$([A-Za-z0-9_-]{1,200})\$([A-Za-z0-9_-]{1,200})$/;

/**
 * A hash of a random password nobody knows, made once with the current parameters. Login
 * verifies against it when the address is unknown, so that answer takes as long as a wrong
 * password (the response time must not reveal which addresses have accounts). A test
 * checks it still uses the current parameters; regenerate it when they are raised.
 */
export const DUMMY_PASSWORD_HASH =
  'scrypt$N=32768,r=8,p=1$35GJglPSv5vW4K40WXAf4w$N7rgxHZ5I1W9QlRT-uhxh2qpQuQHtDSQcU5a3ydYVO_6sUerOcc2j5j_q_IrHiEZfwZZlzMzATszUjL4xRMKgQ';

/** Hashes a password with a fresh 16-byte salt and the current parameters. */
export async function hashPassword(password: string): Promise<string> {
  if (typeof password !== 'string') throw new TypeError('hashPassword: password must be a string');
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveKey(password, salt, KEY_BYTES, CURRENT);
  return format(CURRENT, salt, key);
}

/**
 * True when `password` matches `stored`. Never throws: a malformed or unsupported stored string
 * is simply false. A malformed string answers faster than a real verify; that reveals only that
 * the row is corrupt, which an attacker cannot choose.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  try {
    const parsed = parseStored(stored);
    if (parsed === undefined || typeof password !== 'string') return false;
    const key = await deriveKey(password, parsed.salt, parsed.key.length, parsed.params);
    return timingSafeEqual(key, parsed.key);
  } catch {
    return false;
  }
}

/**
 * True when `stored` was made with weaker parameters (or a shorter salt or key) than a fresh
 * hash would use, or cannot be read at all; login then stores hashPassword(password) anew.
 */
export function needsRehash(stored: string): boolean {
  const parsed = parseStored(stored);
  if (parsed === undefined) return true;
  const { params, salt, key } = parsed;
  return (
    params.N < CURRENT.N ||
    params.r < CURRENT.r ||
    params.p < CURRENT.p ||
    salt.length < SALT_BYTES ||
    key.length < KEY_BYTES
  );
}

function format(params: ScryptParams, salt: Buffer, key: Buffer): string {
  return `scrypt$N=${params.N},r=${params.r},p=${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

function parseStored(
  stored: unknown,
): { params: ScryptParams; salt: Buffer; key: Buffer } | undefined {
  if (typeof stored !== 'string') return undefined;
  const match = STORED_PATTERN.exec(stored);
  if (match === null) return undefined;
  const [, nText = '', rText = '', pText = '', saltText = '', keyText = ''] = match;
  const params = { N: Number(nText), r: Number(rText), p: Number(pText) };
  if (!isPowerOfTwo(params.N) || params.N < 2) return undefined;
  if (params.r < 1 || params.r > 32 || params.p < 1 || params.p > 16) return undefined;
  if (128 * params.N * params.r > MAX_SCRYPT_MEMORY_BYTES) return undefined;
  const salt = decodeCanonical(saltText);
  const key = decodeCanonical(keyText);
  // 8 bytes of salt and 16 of key are floors against nonsense, not recommendations.
  if (salt === undefined || key === undefined || salt.length < 8 || key.length < 16) return undefined;
  return { params, salt, key };
}

/** Base64url that re-encodes to itself, so two spellings of one value (stray bits) are refused. */
function decodeCanonical(text: string): Buffer | undefined {
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : undefined;
}

function isPowerOfTwo(n: number): boolean {
  return Number.isSafeInteger(n) && n > 0 && Number.isInteger(Math.log2(n));
}

function deriveKey(password: string, salt: Buffer, keyBytes: number, params: ScryptParams): Promise<Buffer> {
  const { N, r, p } = params;
  // OpenSSL needs 128·N·r bytes plus a little; twice that keeps maxmem from ever being the limit.
  const maxmem = 128 * N * r * 2;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyBytes, { N, r, p, maxmem }, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}
