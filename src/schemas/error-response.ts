import Type from 'typebox';
import { ERROR_STATUS } from '../errors/error-codes.ts';
import { StringEnum } from './string-enum.ts';

const CODES = Object.keys(ERROR_STATUS) as (keyof typeof ERROR_STATUS)[];

/** D16: every error answers this shape; some codes add fields (e.g. upgrade_url on 402). */
export const ErrorResponseSchema = Type.Object(
  {
    success: Type.Literal(false),
    error: Type.Object(
      {
        code: StringEnum(CODES),
        message: Type.String({ description: 'What was wrong and how to fix it, naming the field path.' }),
      },
      { additionalProperties: true },
    ),
  },
  { description: 'An error.' },
);
