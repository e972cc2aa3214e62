import { Ajv } from 'ajv';
import ajvFormats from 'ajv-formats';
import { InvoiceRequestSchema } from '../domain/invoice/invoice-request-schema.ts';
import { AJV_FORMATS_OPTIONS, AJV_OPTIONS } from '../schemas/ajv-options.ts';
import { addLengthKeywords } from './add-length-keywords.ts';
import { compileInParts } from './compile-in-parts.ts';
import type { SchemaNode } from './derive-field-rules.ts';
import { invoiceRequestFields } from './invoice-request-fields.ts';
import { withoutReadFieldChecks } from './without-read-field-checks.ts';

// inlineRefs off: the parts below stay functions of their own (compile-in-parts.ts says why).
const ajv = new Ajv({ ...AJV_OPTIONS, inlineRefs: false });
ajvFormats.default(ajv, AJV_FORMATS_OPTIONS);
addLengthKeywords(ajv);

/**
 * The InvoiceRequest schema's validator, one for every entry: POST /api/generate-invoice's body,
 * batch items, MCP tool arguments and CLI files (validate-invoice-request.ts). Every entry runs
 * the request reader first, which refuses unknown fields, so the schema's own refusal of them is
 * left out where the reader reads the same fields (without-read-field-checks.ts): the validator
 * is for a request the reader has read. The parties, a line item, the invoice metadata, the payment
 * and the delivery address are compiled apart.
 */
const READ_SCHEMA = withoutReadFieldChecks(InvoiceRequestSchema as unknown as SchemaNode, invoiceRequestFields().top);

export const invoiceRequestValidator = compileInParts(ajv, READ_SCHEMA, [
  ['from'], ['to'], ['items', '*'], ['invoice'], ['payment'], ['ship_to'],
]);

/** Another part of a request that takes an InvoiceRequest (the route's headers), with the same options. */
export function compileRequestPartValidator(schema: object): (data: unknown) => boolean {
  return ajv.compile(schema);
}
