import Type, { type Static } from 'typebox';
import { ErrorObjectSchema } from './error-response.ts';
import { InvoiceSchema } from '../domain/invoice/invoice-schema.ts';
import { WarningSchema } from './meta.ts';

export const BatchItemResultSchema = Type.Object({
  index: Type.Integer({ description: 'Position of the invoice in the request, from 0.' }),
  success: Type.Boolean(),
  invoice: Type.Optional(InvoiceSchema),
  error: Type.Optional(ErrorObjectSchema),
  warnings: Type.Optional(Type.Array(WarningSchema, { description: 'On success, when there is something to say: hosted_link_omitted when the item\'s default hosted link did not fit the month; not_en16931 when the item asks for output "ubl" without a profile and lacks what EN 16931 needs (its UBL would claim no EN 16931 conformance).' })),
}, { description: 'invoice (with hosted_url when features.hosted_link is on) on success, error on failure.' });

export const BatchResponseSchema = Type.Object(
  {
    success: Type.Literal(true),
    count: Type.Integer({ description: 'Number of results: one per invoice sent.' }),
    results: Type.Array(BatchItemResultSchema),
    meta: Type.Object({
      requested: Type.Integer({ description: 'Invoices sent.' }),
      generated: Type.Integer({ description: 'Invoices generated, metered and (with a hosted link) rendered.' }),
      rate_limited: Type.Boolean({ description: 'True when a burst window or the monthly quota ran out part-way; the items it stopped fail with its code.' }),
    }),
  },
  { description: 'One result per invoice, in the order sent; a bad invoice fails alone.' },
);

export type BatchResponse = Static<typeof BatchResponseSchema>;
