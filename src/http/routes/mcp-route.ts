import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { isAppError } from '../../errors/app-error.ts';
import { statusOf } from '../../errors/error-codes.ts';
import type { McpTool } from '../../mcp/mcp-tool.ts';
import { mcpToolSet } from '../../mcp/mcp-tool-set.ts';
import { serveMcpRequest } from '../../mcp/serve-mcp-request.ts';
import type { AccountCaller } from '../../use-cases/caller.ts';
import { INVOICE_BODY_LIMIT_BYTES } from '../../requests/body-limits.ts';
import { jsonShapeLimits } from '../../requests/json-shape-limits.ts';
import { requireApiKey } from '../require-api-key.ts';
import type { CallerResolverDeps } from '../resolve-caller.ts';

export interface McpRouteDeps {
  readonly callers: CallerResolverDeps;
  readonly clock: () => number;
  readonly tools: readonly McpTool[];
  /** The service's version, in the initialize answer. */
  readonly version: string;
}

/**
 * The JSON shape limits of a POST /mcp body: a JSON-RPC request whose arguments are the
 * largest any tool takes (a generate-invoice body), sized from the tools' own schemas.
 */
function mcpJsonShape(tools: readonly McpTool[]) {
  return jsonShapeLimits(Type.Object({
    jsonrpc: Type.String(),
    id: Type.Union([Type.String(), Type.Number()]),
    method: Type.String(),
    params: Type.Object({
      name: Type.String(),
      arguments: Type.Union(tools.map((tool) => Type.Unsafe(tool.inputSchema))),
      _meta: Type.Object({ progressToken: Type.String() }),
    }),
  }));
}

/**
 * POST /mcp: the MCP endpoint (docs/mcp.md). Not REST, so not in the OpenAPI
 * document. The API key is checked in onRequest, before the body is even read, so an
 * unauthenticated caller costs no parse and never reaches the SDK: 401 in D16's shape with
 * WWW-Authenticate: Bearer. GET and DELETE, which a stateless server does not serve, answer 405
 * with Allow: POST (register-error-handling.ts). Once authenticated the reply is handed to the
 * SDK's transport, which writes it.
 */
export function mcpRoute(deps: McpRouteDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    const callers = new WeakMap<FastifyRequest, AccountCaller>();
    const info = { name: 'invoice-service', version: deps.version };
    const toolSet = mcpToolSet(deps.tools);

    app.post('/mcp', {
      bodyLimit: INVOICE_BODY_LIMIT_BYTES,
      config: { jsonShape: mcpJsonShape(deps.tools), bodyTooLargeAdvice: 'Send smaller images (logo and signature: at most 2.5 MB each), or give them as https URLs.' },
      schema: { hide: true },
      onRequest: async (request, reply) => {
        try {
          callers.set(request, await requireApiKey(request, deps.callers, deps.clock(), 'POST /mcp'));
        } catch (error) {
          if (isAppError(error) && statusOf(error.code, error.variant) === 401) reply.header('www-authenticate', 'Bearer');
          throw error;
        }
      },
    }, async (request, reply) => {
      const call = { caller: callers.get(request)!, requestId: request.id, nowMs: deps.clock(), startedAt: performance.now(), log: request.log };
      // A hijacked reply skips onSend: the headers set so far (X-Request-Id) are copied to it, and
      // a request handed over once shutdown began says Connection: close, as create-http-app.ts's
      // hook does for the others. One that shutdown overtakes while its tool runs does not.
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
      if (!app.server.listening) reply.raw.setHeader('connection', 'close');
      reply.hijack();
      await serveMcpRequest(toolSet, info, call, request.raw, reply.raw, request.body);
    });
  };
}
