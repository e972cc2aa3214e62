import type { ObjectRule, SchemaNode, ValueRule } from './derive-field-rules.ts';

/**
 * A copy of `schema` without `additionalProperties: false` on the objects whose every key the
 * request reader has already checked (`rule`, derived from the same schema): the reader refuses an
 * unknown key there before the schema runs (D46), so the schema's check of the same keys could
 * never fail, and it was a loop with a property lookup per key of every object of every request.
 * An object the reader reads with another set of fields, or does not read, keeps its check.
 */
export function withoutReadFieldChecks(schema: SchemaNode, rule: ObjectRule): SchemaNode {
  return withoutChecks(schema, { object: rule }, new Map());
}

/** `copies` keeps a schema used in several places (the parties) one object, as compileInParts needs to compile it once. */
function withoutChecks(schema: SchemaNode, rule: ValueRule | undefined, copies: Map<SchemaNode, SchemaNode>): SchemaNode {
  if (rule === undefined) return schema;
  let copy = copies.get(schema);
  if (copy === undefined) {
    copy = copyWithoutChecks(schema, rule, copies);
    copies.set(schema, copy);
  }
  return copy;
}

function copyWithoutChecks(schema: SchemaNode, rule: ValueRule, copies: Map<SchemaNode, SchemaNode>): SchemaNode {
  if (schema.anyOf !== undefined) return { ...schema, anyOf: schema.anyOf.map((branch) => withoutChecks(branch, rule, copies)) };
  if (schema.type === 'array' && schema.items !== undefined) return { ...schema, items: withoutChecks(schema.items, rule.array, copies) };
  if (schema.type !== 'object' || schema.properties === undefined || rule.object === undefined) return schema;
  const fields = rule.object.fields;
  const names = Object.keys(schema.properties);
  if (names.length !== fields.size || !names.every((name) => fields.has(name))) return schema;
  const properties: Record<string, SchemaNode> = {};
  for (const name of names) properties[name] = withoutChecks(schema.properties[name]!, fields.get(name)!.value, copies);
  const { additionalProperties, ...rest } = schema as SchemaNode & { additionalProperties?: unknown };
  return additionalProperties === false ? { ...rest, properties } : { ...schema, properties };
}
