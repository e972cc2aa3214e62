import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import Type from 'typebox';
import { DOCUMENT_KINDS, OUTPUTS } from '../../domain/documents/document-kinds.ts';
import { StringEnum } from '../../lib/string-enum.ts';
import type { GenerationOutcome } from '../../use-cases/invoices/generate-invoice-document.ts';
import type { GenerationDeps } from '../../use-cases/invoices/generation-deps.ts';
import { invoiceTool } from '../invoice-tool.ts';
import type { McpCall, McpTool } from '../mcp-tool.ts';
import { runMcpGeneration } from '../run-mcp-generation.ts';
import { IdempotencyKeySchema } from './idempotency-key-schema.ts';

/** The outputs that answer a file; json is compute_invoice's. */
const DOCUMENT_OUTPUTS = OUTPUTS.filter((output) => DOCUMENT_KINDS.some((k) => k.output === output && 'file' in k));

/** The invoice's document outcome. */
type DocumentOutcome = Extract<GenerationOutcome, { kind: 'document' }>;

/**
 * generate_invoice: POST /api/generate-invoice with a document output, metered and numbered as
 * over HTTP. The answer is the hosted link (D24) as text and a resource_link; for UBL and CII the
 * XML too, embedded as a resource. A PDF without a hosted link (hosted_link false, or left out
 * because the month's PDFs are used up, D42) is embedded as a base64 blob instead, so the caller
 * always has the document.
 */
export function generateInvoiceTool(deps: GenerationDeps): McpTool {
  return invoiceTool({
    name: 'generate_invoice',
    title: 'Generate an invoice document (PDF, UBL, CII, hybrid PDF)',
    description: 'Generates the invoice as a document: output pdf (default), ubl or cii; pdf with profile factur-x or xrechnung is a hybrid e-invoice (PDF/A-3b with the CII inside). Answers the 7-day hosted link and, for ubl and cii, the XML as an embedded resource; a PDF without a hosted link is embedded (base64). E-invoice outputs are checked against their profile first: use check_einvoice_readiness to see every problem without generating. Numbered and metered like POST /api/generate-invoice (1 document; a PDF or hosted link also 1 PDF). Arguments: the generate-invoice request body, camelCase accepted.',
    argumentsDescription: 'The body of POST /api/generate-invoice with a document output, plus an optional idempotency_key.',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    extras: Type.Object({
      output: Type.Optional(StringEnum(DOCUMENT_OUTPUTS, {
        default: 'pdf',
        description: 'pdf (default; with profile factur-x or xrechnung a hybrid PDF/A-3b carrying the CII), ubl (UBL 2.1) or cii (UN/CEFACT CII D16B). For JSON totals use compute_invoice.',
      })),
      idempotency_key: Type.Optional(IdempotencyKeySchema),
    }),
    act: (body, extras, call) => runMcpGeneration(deps, call, { ...body, output: extras.output ?? 'pdf' }, extras.idempotency_key, (outcome) => {
      if (outcome.kind !== 'document') throw new TypeError('a document output answered JSON');
      return documentResult(outcome, call);
    }),
  });
}

function documentResult(outcome: DocumentOutcome, call: McpCall): CallToolResult {
  const { document, file, hostedUrl, warnings } = outcome;
  const bytes = typeof document === 'string' ? Buffer.from(document, 'utf8') : Buffer.from(document.buffer, document.byteOffset, document.byteLength);
  const isXml = file.mediaType.startsWith('application/xml');
  const mimeType = isXml ? 'application/xml' : file.mediaType;
  // The document's own address for this answer; the hosted link, when there is one, is the lasting one.
  const uri = `invoice://requests/${call.requestId}/${file.fileName}`;
  const lines = [`Generated ${file.fileName} (${mimeType}, ${bytes.byteLength} bytes).`];
  const content: CallToolResult['content'] = [];
  if (hostedUrl !== undefined) {
    lines.push(`Hosted link, valid 7 days: ${hostedUrl}`);
    content.push({ type: 'resource_link', uri: hostedUrl, name: file.fileName, mimeType: 'application/pdf', description: 'The invoice as a PDF at its signed hosted link (7 days); with format=json added to its query, the invoice as JSON.' });
  }
  if (isXml) {
    lines.push(`The XML is embedded as ${uri}.`);
    content.push({ type: 'resource', resource: { uri, mimeType, text: bytes.toString('utf8') } });
  } else if (hostedUrl === undefined) {
    lines.push(`No hosted link${warnings.length > 0 ? ' (see the warnings)' : ' (features.hosted_link is false)'}: the PDF is embedded as ${uri}, base64.`);
    content.push({ type: 'resource', resource: { uri, mimeType, blob: bytes.toString('base64') } });
  }
  for (const warning of warnings) lines.push(`Warning ${warning.code}: ${warning.message}`);
  return {
    content: [{ type: 'text', text: lines.join('\n') }, ...content],
    structuredContent: {
      file_name: file.fileName,
      media_type: mimeType,
      bytes: bytes.byteLength,
      hosted_url: hostedUrl ?? null,
      warnings: warnings.map((warning) => ({ code: warning.code, message: warning.message })),
    },
  };
}
