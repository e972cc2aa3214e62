import type { InvoiceRequest } from '../../clients/typescript/src/index.ts';
import { validInvoice } from '../helpers/build-test-app.ts';

/**
 * The HTTP tests' valid invoice, typed for the client. The cast is the test helper's plain object
 * meeting the generated type (the type-level program in clients/typescript/type-tests has none);
 * `output` left out, so the client's JSON overload applies.
 */
export function clientInvoice(): Omit<InvoiceRequest, 'output'> {
  return validInvoice() as InvoiceRequest;
}

/** JSON without a hosted link: no PDF rendered behind it, so a test stays fast. */
export function jsonWithoutLink(): Omit<InvoiceRequest, 'output'> {
  return { ...clientInvoice(), features: { hosted_link: false } };
}
