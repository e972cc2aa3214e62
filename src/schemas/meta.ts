import Type, { type Static } from 'typebox';
import { WARNING_CODES } from '../domain/limits/hosted-link-omitted.ts';
import { StringEnum } from '../lib/string-enum.ts';

/** integer or null: null means unlimited. A type array keeps the serializer on its fast path. */
const limitValue = (description: string) => Type.Unsafe<number | null>({ type: ['integer', 'null'], description });

export const WindowUsageSchema = Type.Object({
  limit: limitValue('Requests allowed in the window; null when unlimited.'),
  used: Type.Integer({ description: 'Requests counted in the window so far.' }),
  reset_at: Type.Integer({ description: 'Unix second at which the window ends.' }),
});

export const MonthlyUsageSchema = Type.Object(
  {
    documents_used: Type.Number({ description: 'Documents this month, one decimal (a JSON response is 0.1).' }),
    documents_limit: limitValue('Monthly document quota; null when unlimited.'),
    pdfs_used: Type.Integer(),
    pdfs_limit: limitValue('Monthly PDF cap; null when none.'),
    reset_at: Type.Integer({ description: 'Unix second at which the month ends.' }),
  },
  { description: 'Authenticated callers only.' },
);

/** Something the caller should know about an answer that succeeded (D42). */
export const WarningSchema = Type.Object({
  code: StringEnum(WARNING_CODES, { description: 'hosted_link_omitted: the hosted link, on by default, was left out because the month could not take its cost (a hosted link is metered as a PDF); the invoice has no hosted_url and no QR of the link. not_en16931: output "ubl" without a profile, and the request lacks what EN 16931 needs (typically the countries): the UBL 2.1 document carries no EN 16931 CustomizationID, and the message lists what is missing; send profile "en16931" to be refused instead.' }),
  message: Type.String({ description: 'What happened and how to change it; safe to show.' }),
});

export const MetaSchema = Type.Object({
  request_id: Type.String(),
  processing_ms: Type.Integer(),
  credits_remaining: Type.Object({
    hourly: limitValue('Requests left this hour; null when unlimited.'),
    weekly: limitValue('Requests left this ISO week; null when unlimited.'),
  }),
  rate_limits: Type.Object({
    hourly: WindowUsageSchema,
    weekly: WindowUsageSchema,
    monthly_equivalent: limitValue('Weekly limit × 52 / 12, rounded down.'),
  }),
  monthly: Type.Optional(MonthlyUsageSchema),
  warnings: Type.Optional(Type.Array(WarningSchema, { description: 'Present only when there is something to say; see WarningSchema.' })),
});

export type Meta = Static<typeof MetaSchema>;
