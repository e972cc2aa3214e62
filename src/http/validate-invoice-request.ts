import { Ajv } from 'ajv';
import ajvFormats from 'ajv-formats';
import { normalizeInvoiceRequest } from '../domain/invoice/normalize-invoice-request.ts';
import { AJV_FORMATS_OPTIONS, AJV_OPTIONS } from '../schemas/ajv-options.ts';
import { InvoiceRequestSchema, type InvoiceRequest } from '../domain/invoice/invoice-request-schema.ts';
import { checkValueShape } from './check-value-shape.ts';
import { jsonShapeLimits } from './json-shape-limits.ts';
import { mapValidationError, pickSchemaIssue } from './map-validation-error.ts';

// The same options as the route validator in app.ts, so an invoice is judged alike alone and in a
// batch: strict types, no defaults filled in, nothing removed, the date's form only.
const ajv = new Ajv({ ...AJV_OPTIONS });
ajvFormats.default(ajv, AJV_FORMATS_OPTIONS);
const check = ajv.compile(InvoiceRequestSchema);

/** What POST /api/generate-invoice's body may hold (register-json-parser.ts sizes it from the same schema). */
const ONE_INVOICE_SHAPE = jsonShapeLimits(InvoiceRequestSchema);

/**
 * One invoice of a batch, read like the body of POST /api/generate-invoice: aliases folded (D13),
 * then the InvoiceRequest schema, after a shape check that holds it to what one invoice's body may
 * hold (check-value-shape.ts). Throws the validation AppError naming the field inside the item;
 * `where` names the item in messages about the item as a whole.
 */
export function validateInvoiceRequest(raw: unknown, where: string): InvoiceRequest {
  checkValueShape(raw, ONE_INVOICE_SHAPE, where);
  const body = normalizeInvoiceRequest(raw);
  if (!check(body)) throw mapValidationError(pickSchemaIssue(check.errors!), body, where, InvoiceRequestSchema);
  return body as InvoiceRequest;
}
