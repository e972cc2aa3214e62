import { normalizeInvoiceRequest } from './normalize-invoice-request.ts';
import type { RequestFields } from './invoice-request-fields.ts';
import { InvoiceRequestSchema, type InvoiceRequest } from '../domain/invoice/invoice-request-schema.ts';
import { checkValueShape } from './check-value-shape.ts';
import { invoiceRequestValidator as check } from './invoice-request-validator.ts';
import { jsonShapeLimits } from './json-shape-limits.ts';
import { mapValidationError, pickSchemaIssue } from './map-validation-error.ts';

/** What POST /api/generate-invoice's body may hold (register-json-parser.ts sizes it from the same schema). */
const ONE_INVOICE_SHAPE = jsonShapeLimits(InvoiceRequestSchema);

/**
 * One invoice of a batch, MCP tool arguments or a CLI file, read like the body of POST
 * /api/generate-invoice: after a shape check that holds it to what one invoice's body may hold
 * (check-value-shape.ts), the request reader (aliases folded, text trimmed, unknown fields refused;
 * normalize-invoice-request.ts), then the InvoiceRequest schema. Throws the validation AppError
 * naming the field inside the item; `where` names the item in messages about the item as a whole.
 * With an MCP tool's `fields`, the tool's own fields are returned beside the request's, unchecked:
 * the tool checks them against its own schema.
 */
export function validateInvoiceRequest(raw: unknown, where: string, fields?: RequestFields): InvoiceRequest {
  checkValueShape(raw, ONE_INVOICE_SHAPE, where);
  const body = normalizeInvoiceRequest(raw, fields);
  const request = fields === undefined || fields.own.length === 0 ? body : withoutFields(body, fields.own);
  if (!check(request)) throw mapValidationError(pickSchemaIssue(check.errors!), request, where, InvoiceRequestSchema);
  return body as InvoiceRequest;
}

/** The body without an entry's own top-level fields, which the request schema does not have. */
function withoutFields(body: unknown, names: readonly string[]): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const request: Record<string, unknown> = { ...body };
  for (const name of names) delete request[name];
  return request;
}
