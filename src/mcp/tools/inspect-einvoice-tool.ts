import Type from 'typebox';
import { AppError } from '../../errors/app-error.ts';
import { inspectInvoice, type InspectionDeps } from '../../use-cases/inspect/inspect-invoice.ts';
import type { McpTool } from '../mcp-tool.ts';
import { toolInputSchema } from '../tool-input-schema.ts';
import { toolInputValidator } from '../tool-input-validator.ts';

/** An MCP message is at most 8 MB (the endpoint's body limit): a document of about 6 MB as base64. */
const MAX_BASE64_CHARS = 8 * 1024 * 1024;

const InspectArgumentsSchema = Type.Object({
  document_base64: Type.String({ minLength: 1, maxLength: MAX_BASE64_CHARS, description: 'The received e-invoice\'s bytes in base64: UBL 2.1 or CII D16B XML, or a hybrid PDF (told by its first bytes, %PDF-); at most about 6 MB of document.' }),
}, { additionalProperties: false });

/**
 * inspect_einvoice: POST /api/inspect-invoice as a tool (D51), through the same use-case: the
 * verdict of the official rules, the document as a generate_invoice request, what it cannot carry,
 * its totals recomputed. Metered as one document and counted in the windows, as over HTTP.
 */
export function inspectEInvoiceTool(deps: InspectionDeps): McpTool {
  const read = toolInputValidator(InspectArgumentsSchema);
  return {
    name: 'inspect_einvoice',
    title: 'Check and read a received e-invoice',
    description: 'Checks a received e-invoice (UBL, CII, or a Factur-X / ZUGFeRD / XRechnung PDF) with the official schema and rules (EN 16931, and Peppol BIS 3 or XRechnung 3 when it claims them) and reads it: document (syntax, type, profile), verdict (valid, and each problem with rule, severity, business term, location, message), invoice (the document as a generate_invoice request), not_carried (what the request cannot hold) and totals (the document\'s BT-106…BT-115 beside the service\'s recomputation). A document that breaks the rules is an answer, not an error; one that is not an e-invoice is a tool error naming what was found. Metered as one document.',
    inputSchema: toolInputSchema(InspectArgumentsSchema),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async run(args, call) {
      const { document_base64: base64 } = read(args);
      if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(base64)) {
        throw new AppError('validation_error', 'document_base64 is not base64: send the document\'s bytes encoded with the standard base64 alphabet.');
      }
      const bytes = Buffer.from(base64, 'base64');
      const received = bytes.subarray(0, 5).toString('latin1') === '%PDF-'
        ? { container: 'pdf' as const, pdf: bytes }
        : { container: 'xml' as const, xml: bytes.toString('utf8') };
      const { inspection } = await inspectInvoice(deps, { received, caller: call.caller, nowMs: call.nowMs, onWindows: () => {} });
      const fatal = inspection.verdict.problems.filter((p) => p.severity === 'fatal');
      const head = `${inspection.document.syntax.toUpperCase()} ${inspection.document.type}, profile ${inspection.document.profile ?? 'unknown'}: ${inspection.verdict.valid ? 'valid' : `INVALID (${fatal.length} fatal)`}; totals ${inspection.totals === null ? 'not recomputed' : inspection.totals.agree ? 'agree' : 'differ'}.`;
      const lines = inspection.verdict.problems.map((p) => `- ${p.severity} ${p.rule}${p.term === null ? '' : ` (${p.term})`}: ${p.message}`);
      return {
        content: [{ type: 'text', text: [head, ...lines, JSON.stringify(inspection, null, 2)].join('\n') }],
        structuredContent: { ...inspection } as unknown as Record<string, unknown>,
      };
    },
  };
}
