/** The JSON text of each named schema, to find its copies inside another schema. */
export type ComponentIndex = ReadonlyMap<string, string>;

/** Indexes named schemas by their JSON text; the first name wins for two identical shapes. */
export function indexComponents(components: Readonly<Record<string, object>>): ComponentIndex {
  const index = new Map<string, string>();
  for (const [name, schema] of Object.entries(components)) {
    const key = JSON.stringify(schema);
    if (!index.has(key)) index.set(key, name);
  }
  return index;
}

/**
 * A copy of `schema` in which every subschema equal to a named one is a `$ref` to it, for the
 * OpenAPI document only: validation and serialisation keep the TypeBox schemas as they are, so
 * the messages naming fields and the web app's generated validator (D44) do not change. Equality
 * is by JSON text, not identity, because TypeBox's Optional makes a new object with the same
 * keys. `self` is the component being written, which must not refer to itself.
 */
export function referenceComponents(schema: unknown, index: ComponentIndex, self?: string): unknown {
  return walk(schema, index, self, true);
}

function walk(node: unknown, index: ComponentIndex, self: string | undefined, root: boolean): unknown {
  if (Array.isArray(node)) return node.map((item) => walk(item, index, self, false));
  if (node === null || typeof node !== 'object') return node;
  if (!root) {
    const name = index.get(JSON.stringify(node));
    if (name !== undefined && name !== self) return { $ref: `#/components/schemas/${name}` };
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value, index, self, false)]));
}
