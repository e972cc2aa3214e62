import type { Readable, Writable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { CliIo } from './cli-io.ts';
import { describeFailure } from './describe-failure.ts';
import { readApiUrl } from './read-api-url.ts';

/** As `invoice send`: a PDF takes a few seconds at most; a server that has not answered by then will not. */
const CALL_TIMEOUT_MS = 120_000;

/**
 * `invoice mcp` (docs/mcp.md): an MCP server on standard input and output for desktop agents,
 * which forwards tools/list and tools/call to the service's POST /mcp with INVOICE_API_KEY as a
 * Bearer key, so its tools, their schemas and their answers are exactly the service's; nothing is
 * computed here. The service is reached once before serving, so a wrong address or key fails at
 * start with a message on standard error rather than at the agent's first call. Standard output
 * carries MCP messages only. Runs until standard input ends.
 * Exit status: 0 standard input ended, 1 the service could not be reached or refused the key, 2 bad usage.
 */
export async function runMcpBridge(io: CliIo & { readonly stdin: Readable }, version: string): Promise<number> {
  const api = readApiUrl(io.env, 'mcp');
  const key = io.env.INVOICE_API_KEY;
  if (!api.ok || key === undefined || key === '') {
    io.stderr.write(`${api.ok ? 'INVOICE_API_KEY is not set: set it to an API key of your account (docs/accounts.md); the MCP endpoint takes no anonymous caller' : api.message}\n`);
    return 2;
  }
  const remote = new Client({ name: 'invoice-cli', version });
  try {
    await remote.connect(new StreamableHTTPClientTransport(api.url, { requestInit: { headers: { authorization: `Bearer ${key}` }, redirect: 'error' } }), { timeout: CALL_TIMEOUT_MS });
  } catch (error) {
    io.stderr.write(`invoice mcp: cannot connect to ${api.url.href}: ${connectFailure(error)}\n`);
    return 1;
  }
  const served = remote.getServerVersion();
  const server = new Server(
    { name: served?.name ?? 'invoice-service', version: served?.version ?? version },
    { capabilities: { tools: {} }, ...(remote.getInstructions() === undefined ? {} : { instructions: remote.getInstructions() }) },
  );
  server.setRequestHandler(ListToolsRequestSchema, async (request) => remote.listTools(request.params, { timeout: CALL_TIMEOUT_MS }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    try {
      return await remote.callTool(request.params, undefined, { timeout: CALL_TIMEOUT_MS }) as CallToolResult;
    } catch (error) {
      // The service's own protocol errors (an unknown tool) pass on as they came.
      if (error instanceof McpError) throw error;
      const message = `The service at ${api.url.origin} did not answer the call: ${connectFailure(error)}`;
      return { isError: true, content: [{ type: 'text', text: `service_unreachable: ${message}` }], structuredContent: { error: { code: 'service_unreachable', message } } };
    }
  });
  const ended = new Promise<void>((resolve) => {
    io.stdin.once('end', resolve);
    io.stdin.once('close', resolve);
  });
  await server.connect(new StdioServerTransport(io.stdin, io.stdout as Writable));
  await ended;
  await server.close();
  await remote.close();
  return 0;
}

/** Why the service did not answer: the HTTP status and the API's error body, or the network's reason (fetch hides it in cause). */
function connectFailure(error: unknown): string {
  if (error instanceof StreamableHTTPError && error.code !== undefined && error.code > 0) return `HTTP ${error.code}: ${error.message}`;
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? `${describeFailure(error)} (${cause.message})` : describeFailure(error);
}
