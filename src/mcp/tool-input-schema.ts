import type { Tool } from '@modelcontextprotocol/sdk/types.js';

/**
 * A TypeBox object schema as the plain JSON Schema a tool listing carries: TypeBox keeps its own
 * markers under symbol keys, which JSON leaves out, so the listing is exactly the schema the
 * validator and the OpenAPI document use.
 */
export function toolInputSchema(schema: object): Tool['inputSchema'] {
  const plain = JSON.parse(JSON.stringify(schema)) as Tool['inputSchema'];
  if (plain.type !== 'object') throw new TypeError('A tool\'s arguments are an object: give it an object schema.');
  return plain;
}
