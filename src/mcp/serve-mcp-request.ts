import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpServer, type McpServerInfo } from './create-mcp-server.ts';
import { internalError } from './internal-error.ts';
import type { McpCall } from './mcp-tool.ts';
import type { McpToolSet } from './mcp-tool-set.ts';

/**
 * Answers one POST /mcp with a server and a transport of its own, both closed when the response
 * is: stateless Streamable HTTP (no session id) with plain JSON answers rather than an SSE stream,
 * since every tool answers once, so a load balancer may send each request to any instance.
 * `body` is the JSON the HTTP layer already parsed within its limits. The reply is the SDK's to
 * write, so nothing is left for the HTTP error handler: should the SDK itself fail, the failure
 * is logged and answered here (D16's internal_error, without internals), or the connection
 * closed when an answer had begun, so the client never waits for an answer that will not come.
 */
export async function serveMcpRequest(tools: McpToolSet, info: McpServerInfo, call: McpCall, req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
  if (Array.isArray(body) && body.length === 0) {
    // JSON-RPC 2.0 calls an empty batch an invalid request; the SDK would answer it 202 as if it
    // held only notifications, and the client would wait for answers that never come.
    res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({
      jsonrpc: '2.0',
      error: { code: -32600, message: 'Invalid Request: an empty batch holds no message; send a JSON-RPC request object' },
      id: null,
    }));
    return;
  }
  const server = createMcpServer(tools, info, call);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  try {
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  } catch (error) {
    call.log.error({ err: error }, 'mcp transport failed');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const { code, message } = internalError(call.requestId);
    res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ success: false, error: { code, message } }));
  }
}
