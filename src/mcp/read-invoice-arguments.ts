import type { InvoiceRequest } from '../domain/invoice/invoice-request-schema.ts';
import { validateInvoiceRequest } from '../http/validate-invoice-request.ts';

/** The fields an invoice tool takes besides the InvoiceRequest's own (generate_invoice's idempotency_key). */
const TOOL_ONLY_FIELDS = ['idempotency_key'] as const;

/**
 * An invoice tool's arguments read as POST /api/generate-invoice reads its body: aliases folded
 * (D13), then the InvoiceRequest schema, whose first failure names the field with the API's
 * message (`items[0].quantity must be at least 0; got -1.`). Then the tool's own fields, checked by
 * `readExtras` on the folded arguments (so idempotencyKey is read as idempotency_key) and left
 * out of the request the generation sees.
 */
export function readInvoiceArguments<E>(args: unknown, readExtras: (folded: unknown) => E): { readonly body: InvoiceRequest; readonly extras: E } {
  const folded = validateInvoiceRequest(args, 'arguments');
  const extras = readExtras(folded);
  const body = { ...folded } as Record<string, unknown>;
  for (const field of TOOL_ONLY_FIELDS) delete body[field];
  return { body: body as InvoiceRequest, extras };
}
