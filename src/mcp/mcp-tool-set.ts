import type { McpTool } from './mcp-tool.ts';

/** The tools as a server answers for them: found by name, and listed as tools/list shows them. */
export interface McpToolSet {
  readonly byName: ReadonlyMap<string, McpTool>;
  readonly listing: readonly Pick<McpTool, 'name' | 'title' | 'description' | 'inputSchema' | 'annotations'>[];
}

/** Built once at start-up: every stateless request's server shares it rather than rebuilding it. */
export function mcpToolSet(tools: readonly McpTool[]): McpToolSet {
  return Object.freeze({
    byName: new Map(tools.map((tool) => [tool.name, tool])),
    listing: Object.freeze(tools.map(({ name, title, description, inputSchema, annotations }) => ({ name, title, description, inputSchema, ...(annotations === undefined ? {} : { annotations }) }))),
  });
}
