import type { JsonShapeLimits } from './check-json-shape.ts';

/** Objects and arrays, and object members, in one JSON value. */
export interface JsonShape {
  readonly containers: number;
  readonly members: number;
}

const NOTHING: JsonShape = { containers: 0, members: 0 };
const UNBOUNDED: JsonShape = { containers: Infinity, members: Infinity };

/**
 * Room for what a valid body may hold beyond its documented fields, as a multiple of them: each
 * field may come a second time, under its other spelling (D13: camelCase and snake_case, flat and
 * nested metadata; the canonical one wins and the other is not read). An invoice's unknown fields
 * are refused once parsed (D46), but they are counted here, before parsing, like any key.
 */
const ROOM_FACTOR = 2;
/** A few objects and keys on every route, also on one that documents no body. */
const ROOM_FLOOR = 64;

/**
 * The most objects and arrays, and object members, a body valid against `schema` holds when every
 * documented field is present and every array is at its maxItems (100 lines, 10 tax components,
 * 50 invoices …): the largest legal body, counted from the schema so the figures follow it when a
 * maximum changes. Infinity when the schema does not bound it (an array without maxItems holding
 * objects, a value of any type), so a route cannot take such a schema without naming its limits.
 */
export function largestJsonShape(schema: unknown): JsonShape {
  if (typeof schema !== 'object' || schema === null) return NOTHING;
  const node = schema as {
    type?: string | string[];
    properties?: Record<string, unknown>;
    items?: unknown;
    maxItems?: number;
    anyOf?: unknown[];
    oneOf?: unknown[];
    enum?: unknown[];
    const?: unknown;
    additionalProperties?: unknown;
    maxProperties?: number;
  };
  const branches = node.anyOf ?? node.oneOf;
  if (branches !== undefined) {
    const shapes = branches.map(largestJsonShape);
    return { containers: Math.max(...shapes.map((s) => s.containers)), members: Math.max(...shapes.map((s) => s.members)) };
  }
  const types = node.type === undefined ? [] : [node.type].flat();
  if (types.includes('object') || node.properties !== undefined) {
    let containers = 1;
    let members = 0;
    for (const property of Object.values(node.properties ?? {})) {
      const inner = largestJsonShape(property);
      containers += inner.containers;
      members += 1 + inner.members;
    }
    // A map of the caller's own keys (metadata): at most maxProperties values of its value schema.
    if (typeof node.additionalProperties === 'object' && node.additionalProperties !== null && node.maxProperties !== undefined) {
      const inner = largestJsonShape(node.additionalProperties);
      containers += node.maxProperties * inner.containers;
      members += node.maxProperties * (1 + inner.members);
    }
    return { containers, members };
  }
  if (types.includes('array')) {
    const item = largestJsonShape(node.items);
    if (item.containers === 0) return { containers: 1, members: 0 };
    const count = node.maxItems ?? Infinity;
    return { containers: 1 + count * item.containers, members: count * item.members };
  }
  if (types.length === 0 && node.enum === undefined && node.const === undefined) {
    return UNBOUNDED;
  }
  return NOTHING;
}

/**
 * A route's JSON shape limits (checkJsonShape), sized from its largest legal body: ROOM_FACTOR
 * times the documented shape, plus ROOM_FLOOR. Per route, because one limit for every route
 * (20,000 objects and arrays) refused a legal batch of 50 invoices of 100 lines with two tax
 * components each. The limits bound JSON.parse's work below what the byte limit alone allows
 * (docs/hostile-input.md).
 */
export function jsonShapeLimits(schema: unknown): JsonShapeLimits {
  const largest = largestJsonShape(schema);
  if (!Number.isFinite(largest.containers)) {
    throw new TypeError('This body schema does not bound how many objects and arrays a body holds (an array without maxItems, or a value of any type): give the route config.jsonShape.');
  }
  return Object.freeze({
    maxContainers: ROOM_FACTOR * largest.containers + ROOM_FLOOR,
    maxMembers: ROOM_FACTOR * largest.members + ROOM_FLOOR,
  });
}
