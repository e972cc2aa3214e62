import Type from 'typebox';
import { buildMeta } from '../../schemas/build-meta.ts';
import { StringEnum } from '../../lib/string-enum.ts';
import type { GenerationDeps } from '../../use-cases/invoices/generation-deps.ts';
import { invoiceTool } from '../invoice-tool.ts';
import type { McpTool } from '../mcp-tool.ts';
import { runMcpGeneration } from '../run-mcp-generation.ts';
import { IdempotencyKeySchema } from './idempotency-key-schema.ts';

/**
 * compute_invoice: POST /api/generate-invoice with output "json" (D1–D12), numbered, metered
 * (0.1 document, or 1 document and 1 PDF with the hosted link that is on by default, D42) and
 * announced (D28) as over HTTP. The answer's invoice and meta are the structured content.
 */
export function computeInvoiceTool(deps: GenerationDeps): McpTool {
  return invoiceTool({
    name: 'compute_invoice',
    title: 'Compute an invoice (JSON totals)',
    description: 'Computes an invoice exactly (line amounts, discounts, taxes, rounding, balance) and answers it as JSON with meta (request id, windows, the month\'s usage). The invoice is numbered and counted like POST /api/generate-invoice with output "json": 0.1 document, or 1 document and 1 PDF when it gets a hosted link (features.hosted_link, on by default). Arguments: the generate-invoice request body (from, to, items, …), camelCase accepted.',
    argumentsDescription: 'The body of POST /api/generate-invoice (output json), plus an optional idempotency_key.',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    omit: ['output'],
    // output may be named, as json only: the other outputs are generate_invoice's.
    extras: Type.Object({
      output: Type.Optional(StringEnum(['json'], { description: 'Always json here: use generate_invoice for pdf, ubl or cii.' })),
      idempotency_key: Type.Optional(IdempotencyKeySchema),
    }),
    act: (body, extras, call) => runMcpGeneration(deps, call, { ...body, output: 'json' }, extras.idempotency_key, (outcome) => {
      if (outcome.kind !== 'invoice') throw new TypeError('output json answered a document');
      const answer = { invoice: outcome.invoice, meta: buildMeta(outcome.requestId, performance.now() - call.startedAt, outcome.admission, outcome.monthly, outcome.warnings) };
      return { content: [{ type: 'text', text: JSON.stringify(answer, null, 2) }], structuredContent: answer };
    }),
  });
}
