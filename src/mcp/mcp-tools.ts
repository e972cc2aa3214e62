import type { Throttle } from '../domain/limits/throttle.ts';
import type { GenerationDeps } from '../use-cases/invoices/generation-deps.ts';
import type { InspectionDeps } from '../use-cases/inspect/inspect-invoice.ts';
import type { AccountWebhooks } from '../use-cases/webhooks/account-webhooks.ts';
import type { McpTool } from './mcp-tool.ts';
import { checkEInvoiceReadinessTool } from './tools/check-einvoice-readiness-tool.ts';
import { computeInvoiceTool } from './tools/compute-invoice-tool.ts';
import { generateInvoiceTool } from './tools/generate-invoice-tool.ts';
import { inspectEInvoiceTool } from './tools/inspect-einvoice-tool.ts';
import { webhookTools } from './tools/webhook-tools.ts';

/** What the tools use: the same use-case parts as the HTTP routes. */
export interface McpToolDeps {
  readonly generation: GenerationDeps;
  readonly inspection: InspectionDeps;
  readonly webhooks: AccountWebhooks;
  /** Bounds the readiness checks, which no generation window counts. */
  readonly throttle: Throttle;
}

/** Every tool of the MCP endpoint, in the order tools/list shows them (docs/mcp.md). Built once at start-up. */
export function mcpTools(deps: McpToolDeps): readonly McpTool[] {
  return Object.freeze([
    computeInvoiceTool(deps.generation),
    generateInvoiceTool(deps.generation),
    checkEInvoiceReadinessTool(deps.throttle),
    inspectEInvoiceTool(deps.inspection),
    ...webhookTools(deps.webhooks),
  ]);
}
