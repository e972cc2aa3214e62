import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { DeliveryLog } from '../use-cases/invoices/deliver-document.ts';
import type { AccountCaller } from '../use-cases/caller.ts';

/** One tools/call as the endpoint received it: whose it is, and what it is measured by. */
export interface McpCall {
  /** The API key's account: every tool acts on it alone. */
  readonly caller: AccountCaller;
  /** The HTTP request's id (X-Request-Id): a generation's meta.request_id. */
  readonly requestId: string;
  /** Unix ms the request is served at: one reading for its windows, dates and links (D20). */
  readonly nowMs: number;
  /** performance.now() when it arrived, for meta.processing_ms. */
  readonly startedAt: number;
  readonly log: DeliveryLog;
}

/**
 * One MCP tool: its listing (name, description, JSON schema of its arguments) and what it does.
 * `run` may throw an AppError; the server turns it into a tool error (tool-error-result.ts).
 */
export interface McpTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: Tool['inputSchema'];
  readonly annotations?: Tool['annotations'];
  run(args: unknown, call: McpCall): Promise<CallToolResult>;
}
