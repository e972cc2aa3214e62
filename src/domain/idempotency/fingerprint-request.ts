import { createHash } from 'node:crypto';

/**
 * SHA-256 of the operation and the request's meaning, to tell a repeat (replayed) from a
 * different request under the same key (422, D23). The body is taken after alias folding (D13)
 * and written with sorted keys, so a client that sends the same invoice with its keys in another
 * order, or in camelCase, is repeating itself; any changed value is a different request.
 */
export function fingerprintRequest(operation: string, body: unknown): string {
  const hash = createHash('sha256');
  hash.update(operation);
  hash.update('\n');
  writeCanonical(hash, body);
  return hash.digest('hex');
}

function writeCanonical(hash: ReturnType<typeof createHash>, value: unknown): void {
  if (Array.isArray(value)) {
    hash.update('[');
    value.forEach((item, index) => {
      if (index > 0) hash.update(',');
      writeCanonical(hash, item);
    });
    hash.update(']');
  } else if (value !== null && typeof value === 'object') {
    hash.update('{');
    // A property holding undefined is no property, as in JSON.
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).filter((key) => record[key] !== undefined).sort();
    keys.forEach((key, index) => {
      if (index > 0) hash.update(',');
      hash.update(JSON.stringify(key));
      hash.update(':');
      writeCanonical(hash, record[key]);
    });
    hash.update('}');
  } else {
    // undefined inside an array is written as JSON writes it: null.
    hash.update(JSON.stringify(value) ?? 'null');
  }
}
