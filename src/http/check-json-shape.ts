import { AppError } from '../errors/app-error.ts';

export interface JsonShapeLimits {
  /** Most objects and arrays in one body. */
  readonly maxContainers: number;
  /** Most object members (key: value pairs) in one body. */
  readonly maxMembers: number;
}

/**
 * One invoice needs ~1,300 objects and arrays and ~2,000 members at most (100 lines of 10 tax
 * components); the rest is room for unknown fields.
 */
export const INVOICE_JSON_LIMITS: JsonShapeLimits = Object.freeze({ maxContainers: 20_000, maxMembers: 50_000 });

/**
 * Refuses JSON text that would be expensive to parse, before JSON.parse runs. Measured here:
 * 8 MB of nested brackets takes JSON.parse 1.3 s and 240 MB of heap; an object of 500,000 keys
 * 310 ms. A few concurrent requests like that would stall the service. Below these limits any
 * shape is cheap, however deep: JSON.parse and every walk over the body are iterative.
 *
 * The common case costs three indexOf sweeps that stop at the limits. Only a body with more
 * brackets or colons than that (inside strings included) gets the exact count, which skips strings.
 */
export function checkJsonShape(raw: string, limits: JsonShapeLimits): void {
  const bracketsWithin = countUpTo(raw, '{', limits.maxContainers) + countUpTo(raw, '[', limits.maxContainers) <= limits.maxContainers;
  if (bracketsWithin && countUpTo(raw, ':', limits.maxMembers) <= limits.maxMembers) return;

  const { containers, members } = countOutsideStrings(raw);
  if (containers > limits.maxContainers) {
    throw new AppError('validation_error', `The request body holds more than ${limits.maxContainers} JSON objects and arrays; an invoice needs far fewer. Remove unknown or repeated fields.`);
  }
  if (members > limits.maxMembers) {
    throw new AppError('validation_error', `The request body holds more than ${limits.maxMembers} object keys; an invoice needs far fewer. Remove unknown fields.`);
  }
}

function countUpTo(text: string, char: string, cap: number): number {
  let count = 0;
  for (let at = text.indexOf(char); at !== -1 && count <= cap; at = text.indexOf(char, at + 1)) count += 1;
  return count;
}

/** Objects and arrays, and object members (their colons), outside string literals. */
function countOutsideStrings(text: string): { containers: number; members: number } {
  let containers = 0;
  let members = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i += 1; // a backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) {
      inString = true;
    } else if (c === 123 || c === 91) {
      containers += 1;
    } else if (c === 58) {
      members += 1;
    }
  }
  return { containers, members };
}
