import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import Type, { type Static, type TObject } from 'typebox';
import { invoiceRequestFields } from '../requests/invoice-request-fields.ts';
import { InvoiceRequestSchema, type InvoiceRequest } from '../domain/invoice/invoice-request-schema.ts';
import { validateInvoiceRequest } from '../requests/validate-invoice-request.ts';
import type { McpCall, McpTool } from './mcp-tool.ts';
import { toolInputSchema } from './tool-input-schema.ts';
import { toolInputValidator } from './tool-input-validator.ts';

/** A tool whose arguments are a generate-invoice body with some fields of its own. */
export interface InvoiceToolSpec<E extends TObject> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /** What the arguments' schema says they are. */
  readonly argumentsDescription: string;
  readonly annotations: McpTool['annotations'];
  /** The tool's own fields: they replace the request's fields of the same name (output, profile) or add to them. */
  readonly extras: E;
  /** Request fields the tool does not take (compute_invoice's output). */
  readonly omit?: readonly (keyof typeof InvoiceRequestSchema.properties)[];
  readonly act: (body: InvoiceRequest, extras: Static<E>, call: McpCall) => Promise<CallToolResult>;
}

/**
 * An invoice tool: its argument schema is InvoiceRequestSchema's, with the tool's own fields, and
 * its arguments are read as POST /api/generate-invoice reads its body: the request reader (aliases
 * folded, text trimmed, unknown fields refused, the tool's own fields known and left as sent),
 * then the InvoiceRequest schema, whose first failure names the field with the API's message
 * (`items[0].quantity must be …`); then the tool's fields, checked on the folded arguments (so
 * idempotencyKey is read as idempotency_key). Fields that are not the request's (idempotency_key)
 * are left out of the request the use-case sees.
 */
export function invoiceTool<E extends TObject>(spec: InvoiceToolSpec<E>): McpTool {
  const omitted = new Set<string>(spec.omit ?? []);
  const fields = Object.fromEntries(Object.entries(InvoiceRequestSchema.properties).filter(([name]) => !omitted.has(name)));
  const readExtras = toolInputValidator(spec.extras);
  const argumentFields = invoiceRequestFields({ add: Object.keys(spec.extras.properties), omit: spec.omit });
  const toolOnly = argumentFields.own;
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    inputSchema: toolInputSchema(Type.Object({ ...fields, ...spec.extras.properties }, { additionalProperties: false, description: spec.argumentsDescription })),
    annotations: spec.annotations,
    async run(args, call) {
      const folded = validateInvoiceRequest(args, 'arguments', argumentFields);
      const extras = readExtras(folded);
      const body: Record<string, unknown> = { ...folded };
      for (const name of toolOnly) delete body[name];
      return spec.act(body as InvoiceRequest, extras, call);
    },
  };
}
