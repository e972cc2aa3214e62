import Type, { type Static } from 'typebox';
import { InvoiceSchema } from '../domain/invoice/invoice-schema.ts';

/**
 * GET /api/i/{id}?format=json: the generation's JSON shape. Opening a link is neither counted nor
 * metered, so meta carries no windows or quota, only this request's id and time.
 */
export const HostedInvoiceResponseSchema = Type.Object(
  {
    success: Type.Literal(true),
    invoice: InvoiceSchema,
    meta: Type.Object({
      request_id: Type.String(),
      processing_ms: Type.Integer(),
    }),
    anonymous: Type.Literal(false, { description: 'Always false: hosted links belong to accounts.' }),
  },
  { description: 'The invoice the link was made for, exactly as its generation answered it.' },
);

export type HostedInvoiceResponse = Static<typeof HostedInvoiceResponseSchema>;
