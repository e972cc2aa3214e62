import { Ajv } from 'ajv';
import ajvFormats from 'ajv-formats';
import { normalizeInvoiceRequest } from '../domain/invoice/normalize-invoice-request.ts';
import { InvoiceRequestSchema, type InvoiceRequest } from '../schemas/invoice-request.ts';
import { mapValidationError } from './map-validation-error.ts';

// The same options as the route validator in app.ts, so an invoice is judged alike alone and in a
// batch: strict types, no defaults filled in, nothing removed, the date's form only.
const ajv = new Ajv({ coerceTypes: false, useDefaults: false, removeAdditional: false, allErrors: false });
ajvFormats.default(ajv, { mode: 'fast', formats: ['date'] });
const check = ajv.compile(InvoiceRequestSchema);

/**
 * One invoice of a batch, read like the body of POST /api/generate-invoice: aliases folded (D13),
 * then the InvoiceRequest schema. Throws the validation AppError naming the field inside the item;
 * `where` names the item in messages about the item as a whole.
 */
export function validateInvoiceRequest(raw: unknown, where: string): InvoiceRequest {
  const body = normalizeInvoiceRequest(raw);
  if (!check(body)) throw mapValidationError(check.errors![0]!, body, where);
  return body as InvoiceRequest;
}
