/**
 * A copy of a schema whose `default`s are stated in the descriptions instead, for the OpenAPI
 * document only. The defaults are the domain's (D14; the validator does not apply them,
 * ajv-options.ts), so in the schema they are only an annotation; but openapi-typescript types a
 * property with a `default` as always present unless it sits directly under a requestBody, so a
 * client built from the named InvoiceRequest would have to send every defaulted field.
 */
export function defaultsIntoDescriptions(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(defaultsIntoDescriptions);
  if (schema === null || typeof schema !== 'object') return schema;
  const { default: fallback, ...rest } = schema as Record<string, unknown>;
  const copy = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, key === 'examples' || key === 'example' ? value : defaultsIntoDescriptions(value)]));
  if (fallback === undefined) return copy;
  const said = typeof copy.description === 'string' ? `${copy.description} ` : '';
  return { ...copy, description: `${said}Default: ${JSON.stringify(fallback)}.` };
}
