import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { McpCall } from './mcp-tool.ts';
import type { McpToolSet } from './mcp-tool-set.ts';
import { toolErrorResult } from './tool-error-result.ts';

/** What the server says it is in its initialize answer. */
export interface McpServerInfo {
  readonly name: string;
  readonly version: string;
}

/**
 * The SDK's validator of elicitation schemas, which this server never sends. Left to the SDK,
 * every Server builds its own Ajv (with its formats and meta-schemas), which was the largest
 * single cost of a stateless tool call (docs/performance.md, MCP); one is shared instead.
 */
const SHARED_SCHEMA_VALIDATOR = new AjvJsonSchemaValidator();

/**
 * An MCP server for one HTTP request, bound to its caller: built per request, which is cheap (the
 * tools, their schemas and their listing are built once, mcp-tool-set.ts), so no state outlives
 * the request and any instance can answer the next one (stateless Streamable HTTP, docs/mcp.md).
 * The low-level Server is used, not McpServer, because the argument schemas are JSON Schema from
 * TypeBox, not zod.
 */
export function createMcpServer({ byName, listing }: McpToolSet, info: McpServerInfo, call: McpCall): Server {
  const server = new Server(
    { name: info.name, version: info.version },
    {
      capabilities: { tools: {} },
      jsonSchemaValidator: SHARED_SCHEMA_VALIDATOR,
      instructions: 'Invoice generation with exact totals (JSON), PDF, UBL, CII and hybrid PDF, e-invoice pre-flight and webhooks, for the API key\'s account. Limits and metering are those of the HTTP API (docs/limits.md).',
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [...listing] }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name);
    // As the SDK's McpServer answers an unknown tool: a protocol error, not a tool error.
    if (tool === undefined) throw new McpError(ErrorCode.InvalidParams, `Tool ${request.params.name.slice(0, 100)} not found: tools/list names them.`);
    try {
      return await tool.run(request.params.arguments ?? {}, call);
    } catch (error) {
      return toolErrorResult(error, call);
    }
  });
  return server;
}
