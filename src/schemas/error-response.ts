import Type from 'typebox';
import { ERROR_CODES } from '../errors/error-codes.ts';
import { StringEnum } from '../lib/string-enum.ts';

/** D16: the error object; some codes add fields (e.g. upgrade_url on 402). */
export const ErrorObjectSchema = Type.Object(
  {
    code: StringEnum(ERROR_CODES),
    message: Type.String({ description: 'What was wrong and how to fix it, naming the field path.' }),
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
