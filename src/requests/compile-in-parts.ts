import type { Ajv, ErrorObject } from 'ajv';

/** Where a part stands: property names from the root, `*` for each element of an array. */
export type PartPath = readonly string[];

/** A validator with Ajv's contract: true or false, and on false the failures in `errors`. */
export interface PartsValidator {
  (data: unknown): boolean;
  errors: ErrorObject[] | null;
}

/** The part of a JSON Schema node that locating a part reads. */
interface SchemaNode {
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly items?: SchemaNode;
}

/** A part's place: its path and the schema path of the node it replaced. */
interface Place {
  readonly at: PartPath;
  readonly schemaPath: string;
}

/**
 * Compiles `schema` with `ajv` as one function per part at `parts` and one for the rest, with the
 * outcome and the failures (order, instance paths, schema paths, params, messages) of
 * `ajv.compile(schema)`. `ajv` must be created with `inlineRefs: false`, or Ajv joins the parts
 * into one function again.
 *
 * Why: V8 optimises a function fully (TurboFan) only while its bytecode is under 60 KB. Compiled
 * whole, the InvoiceRequest validator is 96 KB: it runs in the lower tiers for good, where every
 * property read is a call, and validating the 10-line benchmark invoice took ~25,000 instructions
 * more than in parts of at most 37 KB each.
 *
 * How: each part's schema moves to `$defs` and is referenced where it stood (the same schema object
 * at several places, such as the two parties, is compiled once). Ajv words the failures found
 * inside a referenced schema from that schema's own root (`#/properties/quantity/type`), so such a
 * failure gets the schema path of the place the part stands at as a prefix
 * (`#/properties/items/items/properties/quantity/type`, as the whole schema names it); the place is
 * the one whose path the failure's instance path runs through. Parts stand under properties and
 * array items only, never inside another part or an `anyOf`, so that place is never in doubt.
 */
export function compileInParts(ajv: Ajv, schema: object, parts: readonly PartPath[]): PartsValidator {
  const { root, places } = separateParts(schema as SchemaNode, parts);
  const validate = ajv.compile(root);
  const check = ((data: unknown): boolean => {
    if (validate(data)) {
      check.errors = null;
      return true;
    }
    check.errors = validate.errors!.map((error) => {
      const place = placeOf(error.instancePath, places);
      return place === undefined ? error : { ...error, schemaPath: `${place.schemaPath}${error.schemaPath.slice(1)}` };
    });
    return false;
  }) as PartsValidator;
  check.errors = null;
  return check;
}

/** A copy of `schema` whose parts are references to `$defs`; the schema itself is not changed. */
function separateParts(schema: SchemaNode, parts: readonly PartPath[]): { root: object; places: Place[] } {
  if ('$defs' in schema) throw new TypeError('compileInParts: the schema has $defs of its own');
  const root: { properties?: Record<string, SchemaNode>; items?: SchemaNode } = { ...schema };
  const defs: Record<string, SchemaNode> = {};
  const names = new Map<SchemaNode, string>();
  const places: Place[] = [];
  for (const at of parts) {
    if (places.some((place) => startsWith(place.at, at) || startsWith(at, place.at))) {
      throw new TypeError(`compileInParts: the part ${at.join('.')} overlaps another`);
    }
    let parent = root;
    let schemaPath = '#';
    at.forEach((segment, k) => {
      const node = segment === '*' ? parent.items : parent.properties?.[segment];
      if (node === undefined) throw new TypeError(`compileInParts: the schema has no ${at.slice(0, k + 1).join('.')}`);
      schemaPath += segment === '*' ? '/items' : `/properties/${segment}`;
      let replacement: { properties?: Record<string, SchemaNode>; items?: SchemaNode };
      if (k === at.length - 1) {
        let name = names.get(node);
        if (name === undefined) {
          name = `part${names.size}`;
          names.set(node, name);
          defs[name] = node;
        }
        replacement = { $ref: `#/$defs/${name}` } as SchemaNode;
      } else {
        replacement = { ...node };
      }
      if (segment === '*') parent.items = replacement;
      else parent.properties = { ...parent.properties, [segment]: replacement };
      parent = replacement;
    });
    places.push({ at, schemaPath });
  }
  return { root: { ...root, $defs: defs }, places };
}

function startsWith(path: PartPath, prefix: PartPath): boolean {
  return prefix.length <= path.length && prefix.every((segment, k) => segment === path[k]);
}

/** The place whose part checked the value at `instancePath` (`/items/3/quantity`), if any. */
function placeOf(instancePath: string, places: readonly Place[]): Place | undefined {
  const segments = instancePath.split('/');
  for (const place of places) {
    const { at } = place;
    if (segments.length <= at.length) continue;
    let k = 0;
    while (k < at.length && (at[k] === '*' ? /^(0|[1-9][0-9]*)$/.test(segments[k + 1]!) : at[k] === segments[k + 1])) k += 1;
    if (k === at.length) return place;
  }
  return undefined;
}
