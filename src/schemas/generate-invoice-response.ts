import Type, { type Static } from 'typebox';
import { InvoiceSchema } from '../domain/invoice/invoice-schema.ts';
import { MetaSchema } from './meta.ts';

export const GenerateInvoiceResponseSchema = Type.Object(
  {
    success: Type.Literal(true),
    invoice: InvoiceSchema,
    meta: MetaSchema,
    anonymous: Type.Boolean({ description: 'True when the call carried no API key or session.' }),
  },
  { description: 'The computed invoice (output json).' },
);

export type GenerateInvoiceResponse = Static<typeof GenerateInvoiceResponseSchema>;
