import { AppError } from '../errors/app-error.ts';
import type { JsonShapeLimits } from './check-json-shape.ts';

/**
 * Refuses a parsed value that holds more objects and arrays, or more object members, than limits
 * allow: the route-level check (checkJsonShape) for a part of a body. A batch's limits are sized
 * for 50 invoices, so one item could hold the shape of all 50, nested 200,000 deep in an unknown
 * field, and the recursive JSON.stringify of its snapshot overflowed the stack: a 500 that failed
 * its write group's neighbours too (found by test/hostile/fuzz-requests.test.ts). Each item may be
 * what one invoice of POST /api/generate-invoice may be. Iterative, so any depth is safe to walk,
 * and it stops at the first limit passed.
 */
export function checkValueShape(value: unknown, limits: JsonShapeLimits, where: string): void {
  let containers = 0;
  let members = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (next === null || typeof next !== 'object') continue;
    containers += 1;
    if (Array.isArray(next)) {
      for (const element of next) pending.push(element);
    } else {
      const entries = Object.values(next);
      members += entries.length;
      for (const element of entries) pending.push(element);
    }
    if (containers > limits.maxContainers) {
      throw new AppError('validation_error', `${where} holds more than ${limits.maxContainers} JSON objects and arrays, the most one invoice may hold (as for POST /api/generate-invoice, docs/hostile-input.md). Remove unknown or repeated fields.`);
    }
    if (members > limits.maxMembers) {
      throw new AppError('validation_error', `${where} holds more than ${limits.maxMembers} object keys, the most one invoice may hold (as for POST /api/generate-invoice, docs/hostile-input.md). Remove unknown or repeated fields.`);
    }
  }
}
