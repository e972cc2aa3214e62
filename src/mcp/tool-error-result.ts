import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isAppError, type AppError } from '../errors/app-error.ts';
import { internalError } from './internal-error.ts';
import type { McpCall } from './mcp-tool.ts';

/**
 * A failure as an MCP tool error (docs/mcp.md): the API's code and message as text
 * (`validation_error: items[0].quantity must be …`), and as structured content the D16 error
 * object, its details (e_invoice_incomplete's problems, D39; a 402's upgrade_url and reset_at)
 * included, with retry_after_s when a counter said when to try again (Retry-After over HTTP).
 * Anything that is not an AppError is logged in full and answered as internal_error without
 * internals, as the HTTP error handler does.
 */
export function toolErrorResult(error: unknown, call: Pick<McpCall, 'log' | 'requestId'>, retryAfterS?: number): CallToolResult {
  let known: AppError;
  if (isAppError(error)) known = error;
  else {
    call.log.error({ err: error }, 'mcp tool failed');
    known = internalError(call.requestId);
  }
  // Read without naming the field, so this holds whether or not AppError carries one (a use-case's own counter).
  const retryAfter = retryAfterS ?? (known as { readonly retryAfterS?: number }).retryAfterS;
  return {
    isError: true,
    content: [{ type: 'text', text: `${known.code}: ${known.message}` }],
    structuredContent: {
      error: { code: known.code, message: known.message, ...known.details, ...(retryAfter === undefined ? {} : { retry_after_s: retryAfter }) },
    },
  };
}
