import Type, { type TUnsafe } from 'typebox';

/**
 * A closed list of strings as plain JSON Schema `{type: "string", enum: [...]}`: the validator
 * reports the allowed values in one error (which the error mapper quotes to the caller) and the
 * OpenAPI document shows a readable enum rather than an anyOf of constants.
 */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: { description?: string; default?: T[number]; examples?: T[number][] } = {},
): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}
