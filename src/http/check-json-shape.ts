import { AppError } from '../errors/app-error.ts';

/**
 * Most objects and arrays one invoice body may hold. An invoice needs ~1,300 at most (100 lines
 * of 10 tax components); the rest is room for unknown fields.
 */
export const MAX_INVOICE_JSON_CONTAINERS = 20_000;

/**
 * Refuses JSON text with more objects and arrays than `maxContainers` before JSON.parse runs:
 * 8 MB of brackets takes JSON.parse 1.3 s and 240 MB of heap here (measured), which a few
 * concurrent requests would turn into a stall. Below the limit any shape is cheap, however deep
 * (JSON.parse and every walk over the body are iterative).
 *
 * The common case costs two indexOf sweeps that stop at the limit. Only a body with more
 * brackets than that (brackets inside strings included) gets the exact count, which skips strings.
 */
export function checkJsonShape(raw: string, maxContainers: number): void {
  if (countUpTo(raw, '{', maxContainers) + countUpTo(raw, '[', maxContainers) <= maxContainers) return;
  if (countContainers(raw) > maxContainers) {
    throw new AppError(
      'validation_error',
      `The request body holds more than ${maxContainers} JSON objects and arrays; an invoice needs far fewer. Remove unknown or repeated fields.`,
    );
  }
}

function countUpTo(text: string, char: string, cap: number): number {
  let count = 0;
  for (let at = text.indexOf(char); at !== -1 && count <= cap; at = text.indexOf(char, at + 1)) count += 1;
  return count;
}

/** Objects and arrays outside string literals. */
function countContainers(text: string): number {
  let containers = 0;
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
    }
  }
  return containers;
}
