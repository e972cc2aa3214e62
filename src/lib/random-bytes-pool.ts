import { randomFillSync } from 'node:crypto';

const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafe(POOL_BYTES);
let offset = POOL_BYTES;

/**
 * Cryptographically random bytes taken from a pool refilled 4 KB at a time. A separate
 * randomBytes() call per request id cost ~4 % of a request's CPU under load; the bytes are the
 * same CSPRNG output. Returns a copy, so callers may keep it.
 */
export function takeRandomBytes(count: number): Buffer {
  if (count > POOL_BYTES) throw new RangeError(`takeRandomBytes: at most ${POOL_BYTES} bytes at a time`);
  if (offset + count > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const out = Buffer.from(pool.subarray(offset, offset + count));
  // Wipe what was handed out so no byte is ever given twice.
  pool.fill(0, offset, offset + count);
  offset += count;
  return out;
}
