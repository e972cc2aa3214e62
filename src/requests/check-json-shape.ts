import { AppError } from '../errors/app-error.ts';

export interface JsonShapeLimits {
  /** Most objects and arrays in one body. */
  readonly maxContainers: number;
  /** Most object members (key: value pairs) in one body. */
  readonly maxMembers: number;
}

/**
 * Most members in any one object, on every route: one object of many keys is the shape JSON.parse
 * handles most slowly, and 20,000 keys take about 4 ms. No valid object has more than a few dozen.
 */
export const MAX_OBJECT_MEMBERS = 20_000;

/**
 * Refuses JSON text that would be expensive to parse, before JSON.parse runs. Measured on Node 24:
 * 8 MB of nested brackets takes JSON.parse 1.3 s and 240 MB of heap; one object of 289,000 keys
 * 142 ms and of 500,000 keys 400 ms, while the largest legal batch (50 invoices × 100 lines × 10
 * tax components, 2.3 MB) takes 20 ms. The limits are per route, sized from its largest legal body
 * (json-shape-limits.ts). Below them any shape is cheap, however deep: JSON.parse and
 * every walk over the body are iterative.
 *
 * The common case costs three indexOf sweeps that stop at the limits. Only a body with more
 * brackets or colons than that (inside strings included) gets the exact count, which skips strings
 * and stops at the first limit passed.
 */
export function checkJsonShape(raw: string, limits: JsonShapeLimits): void {
  // A body with no more colons than this cannot hold too many members, nor an object too wide.
  const quickMembers = Math.min(limits.maxMembers, MAX_OBJECT_MEMBERS);
  // Every container and member counted is a character of the text, so a body no longer than the
  // smallest limit passes without a sweep: an invoice route's limits are in the thousands, and
  // most invoices are shorter.
  if (raw.length <= Math.min(limits.maxContainers, quickMembers)) return;
  const bracketsWithin = countUpTo(raw, '{', limits.maxContainers) + countUpTo(raw, '[', limits.maxContainers) <= limits.maxContainers;
  if (bracketsWithin && countUpTo(raw, ':', quickMembers) <= quickMembers) return;

  const over = firstLimitPassed(raw, limits);
  if (over === 'containers') {
    throw new AppError('validation_error', `The request body holds more than ${limits.maxContainers} JSON objects and arrays, the most this endpoint takes (sized from its largest valid body, docs/hostile-input.md). Remove unknown or repeated fields.`);
  }
  if (over === 'members') {
    throw new AppError('validation_error', `The request body holds more than ${limits.maxMembers} object keys, the most this endpoint takes (sized from its largest valid body, docs/hostile-input.md). Remove unknown or repeated fields.`);
  }
  if (over === 'object-members') {
    throw new AppError('validation_error', `The request body holds an object with more than ${MAX_OBJECT_MEMBERS} keys, the most any object may have (docs/hostile-input.md). Remove unknown or repeated fields.`);
  }
}

function countUpTo(text: string, char: string, cap: number): number {
  let count = 0;
  for (let at = text.indexOf(char); at !== -1 && count <= cap; at = text.indexOf(char, at + 1)) count += 1;
  return count;
}

/**
 * Counts objects and arrays, object members (their colons) and members per object, outside string
 * literals, until one passes its limit. A string is skipped with indexOf to its closing quote, so a
 * long one (a base64 image) costs a sweep, not a loop per character.
 */
function firstLimitPassed(text: string, limits: JsonShapeLimits): 'containers' | 'members' | 'object-members' | undefined {
  let containers = 0;
  let members = 0;
  // Per open container: its member count, or -1 for an array.
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      i = closingQuote(text, i);
    } else if (c === 123 || c === 91) {
      if (++containers > limits.maxContainers) return 'containers';
      open.push(c === 123 ? 0 : -1);
    } else if (c === 125 || c === 93) {
      open.pop();
    } else if (c === 58) {
      if (++members > limits.maxMembers) return 'members';
      const top = open.length - 1;
      if (top >= 0 && open[top]! >= 0 && ++open[top]! > MAX_OBJECT_MEMBERS) return 'object-members';
    }
  }
  return undefined;
}

/** The index of the quote that closes the string opened at `start` (the end of the text if none). */
function closingQuote(text: string, start: number): number {
  for (let at = text.indexOf('"', start + 1); at !== -1; at = text.indexOf('"', at + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === 92) backslashes += 1;
    if (backslashes % 2 === 0) return at;
  }
  return text.length;
}
