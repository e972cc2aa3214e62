import { Ajv } from 'ajv';
import ajvFormats from 'ajv-formats';
import type { Static, TSchema } from 'typebox';
import { mapValidationError, pickSchemaIssue } from '../requests/map-validation-error.ts';
import { AJV_FORMATS_OPTIONS, AJV_OPTIONS } from '../schemas/ajv-options.ts';

// The routes' options (strict types, no defaults, nothing removed), so a tool's arguments are
// judged as the same fields in an HTTP body are, and refused with the same messages (D16).
const ajv = new Ajv({ ...AJV_OPTIONS });
ajvFormats.default(ajv, AJV_FORMATS_OPTIONS);

/**
 * A check of tool arguments against a TypeBox schema: the value, typed, or the validation AppError
 * naming the field (`url must not be empty.`), worded by the HTTP API's own mapper.
 */
export function toolInputValidator<S extends TSchema>(schema: S): (args: unknown) => Static<S> {
  const check = ajv.compile(schema);
  return (args) => {
    if (!check(args)) throw mapValidationError(pickSchemaIssue(check.errors!), args, 'arguments', schema);
    return args as Static<S>;
  };
}
