import { createHash } from 'node:crypto';

/** Text to hash as it is, or a JSON value still to write. */
type Step = string | { readonly value: unknown };

/**
 * SHA-256 of the operation and the request's meaning, to tell a repeat (replayed) from a
 * different request under the same key (422, D23). The body is taken after alias folding (D13)
 * and written with sorted keys, so a client that sends the same invoice with its keys in another
 * order, or in camelCase, is repeating itself; any changed value is a different request.
 *
 * The walk keeps its own stack instead of recursing: the body is fingerprinted before it is
 * validated, so it may nest as deep as the route's JSON shape limit lets through (248,868 levels
 * in a batch), which would overflow the call stack and turn a valid request into a 500.
 */
export function fingerprintRequest(operation: string, body: unknown): string {
  const hash = createHash('sha256');
  hash.update(operation);
  hash.update('\n');
  const steps: Step[] = [{ value: body }];
  while (steps.length > 0) {
    const step = steps.pop()!;
    if (typeof step === 'string') {
      hash.update(step);
      continue;
    }
    const value = step.value;
    if (Array.isArray(value)) {
      hash.update('[');
      steps.push(']');
      // Pushed last to first, so they are written first to last.
      for (let index = value.length - 1; index >= 0; index--) {
        if (!(index in value)) continue;
        steps.push({ value: value[index] });
        if (index > 0) steps.push(',');
      }
    } else if (value !== null && typeof value === 'object') {
      hash.update('{');
      steps.push('}');
      // A property holding undefined is no property, as in JSON.
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record).filter((key) => record[key] !== undefined).sort();
      for (let index = keys.length - 1; index >= 0; index--) {
        const key = keys[index]!;
        steps.push({ value: record[key] });
        steps.push(`${JSON.stringify(key)}:`);
        if (index > 0) steps.push(',');
      }
    } else {
      // undefined inside an array is written as JSON writes it: null.
      hash.update(JSON.stringify(value) ?? 'null');
    }
  }
  return hash.digest('hex');
}
