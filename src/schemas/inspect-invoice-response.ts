import Type, { type Static } from 'typebox';
import { InvoiceRequestSchema } from '../domain/invoice/invoice-request-schema.ts';
import { StringEnum } from '../lib/string-enum.ts';

const nullableString = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

const TotalsSchema = (description: string, nullable: boolean) => Type.Object(
  Object.fromEntries(['line_extension', 'allowance_total', 'charge_total', 'tax_exclusive', 'tax_total', 'tax_inclusive', 'prepaid', 'rounding', 'payable']
    .map((name) => [name, nullable ? Type.Union([Type.String(), Type.Null()]) : Type.String()])),
  { description },
);

export const InspectInvoiceResponseSchema = Type.Object(
  {
    success: Type.Literal(true),
    document: Type.Object({
      syntax: StringEnum(['ubl', 'cii'] as const),
      type: StringEnum(['invoice', 'credit_note'] as const),
      container: StringEnum(['xml', 'pdf'] as const),
      attachment: nullableString('The attachment\'s file name inside a PDF; null for XML sent as such.'),
      customization_id: nullableString('BT-24 as the document writes it.'),
      profile: Type.Union([StringEnum(['en16931', 'peppol', 'xrechnung', 'factur-x'] as const), Type.Null()], { description: 'The profile BT-24 claims; null for one the service does not know (its document is checked against EN 16931).' }),
    }, { description: 'What the document is, told by its root element and specification identifier.' }),
    verdict: Type.Object({
      valid: Type.Boolean({ description: 'No fatal problem: the document passes every check run.' }),
      checks: Type.Array(StringEnum(['schema', 'en16931', 'peppol', 'xrechnung'] as const), { description: 'The checks run: the syntax\'s schema, the EN 16931 rules, and those of the CIUS the document claims.' }),
      problems: Type.Array(Type.Object({
        rule: Type.String({ description: 'The rule id (BR-CO-16, PEPPOL-EN16931-R001, BR-DE-15), or "schema".' }),
        severity: StringEnum(['fatal', 'warning'] as const),
        term: nullableString('The business term or group the rule names first (BT-115, BG-23).'),
        location: Type.String({ description: 'XPath of the element concerned, or the line of a schema violation.' }),
        message: Type.String(),
        check: StringEnum(['schema', 'en16931', 'peppol', 'xrechnung'] as const),
      })),
    }, { description: 'The official schema and rule sets\' findings, in the versions the service\'s own documents are checked with.' }),
    invoice: Type.Union([
      InvoiceRequestSchema,
      // A document can hold a value this API refuses (a currency it does not support, a text over
      // its length): the request is still given, with that value as written, and not_carried says
      // why its totals are null.
      Type.Object({}, { additionalProperties: true, description: 'The same request holding a value this API refuses, kept as written; not_carried names it and totals is null.' }),
      Type.Null(),
    ], { description: 'The document as a request of this API: POST it to /api/generate-invoice (with output and profile) to regenerate, re-profile or render it. Null where the document could not be read at all.' }),
    not_carried: Type.Array(Type.Object({
      term: nullableString('The business term, where known.'),
      path: Type.String({ description: 'Where it stood in the document, or the request field that could not hold it.' }),
      value: Type.String(),
    }), { description: 'Everything the document says that the request cannot hold, with its value: nothing is dropped in silence.' }),
    totals: Type.Union([Type.Object({
      document: TotalsSchema('BT-106 … BT-115 as the document states them; null where it states none.', true),
      computed: TotalsSchema('The service\'s own computation from the document\'s lines, allowances and charges.', false),
      agree: Type.Boolean(),
      differences: Type.Array(Type.Object({ term: Type.String(), name: Type.String(), document: nullableString('As stated.'), computed: Type.String() })),
    }), Type.Null()], { description: 'The document\'s totals beside the recomputation; null when the request could not be computed (not_carried says why).' }),
  },
  { description: 'A received e-invoice, checked and read.' },
);

export type InspectInvoiceResponse = Static<typeof InspectInvoiceResponseSchema>;
