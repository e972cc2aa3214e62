import Type from 'typebox';
import { ERROR_CODES } from '../errors/error-codes.ts';
import { StringEnum } from '../lib/string-enum.ts';

/** The error object; some codes add fields, declared here so clients can type them. */
export const ErrorObjectSchema = Type.Object(
  {
    code: StringEnum(ERROR_CODES),
    message: Type.String({ description: 'What was wrong and how to fix it, naming the field path.' }),
    upgrade_url: Type.Optional(Type.String({ description: '402 monthly_limit_reached only: where to change plan.' })),
    reset_at: Type.Optional(Type.Integer({ description: '402 monthly_limit_reached only: Unix second at which the month\'s quota resets.' })),
    problems: Type.Optional(Type.Array(
      Type.Object({
        field: Type.String({ description: 'The request field to send or correct, e.g. to.electronic_address.' }),
        term: Type.String({ description: 'The EN 16931 business term or rule it stands for, e.g. BT-49.' }),
        message: Type.String(),
      }),
      { description: '400 e_invoice_incomplete only: every missing or inconsistent item for the profile asked for.' },
    )),
    unknown_fields: Type.Optional(Type.Array(
      Type.Object({
        field: Type.String({ description: 'The path of a key the request does not have, e.g. invoice.curency.' }),
        did_you_mean: Type.Optional(Type.String({ description: 'The field it most likely means, when one is close, e.g. invoice.currency.' })),
      }),
      { description: '400 validation_error for fields that are not in the request: each of them (the first 50; the message counts the rest).' },
    )),
  },
  { additionalProperties: true },
);

/** D16: every error answers this shape. */
export const ErrorResponseSchema = Type.Object(
  {
    success: Type.Literal(false),
    error: ErrorObjectSchema,
  },
  { description: 'An error.' },
);
