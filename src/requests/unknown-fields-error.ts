import { AppError } from '../errors/app-error.ts';

/** One key the request schema does not have, as `error.unknown_fields` lists it. */
export interface UnknownField {
  /** Its path: the canonical names of the objects it is in, and the key as it was sent. */
  readonly field: string;
  /** The path as sent, when it differs (a camelCase parent, a flat metadata field); for the message only. */
  readonly sent?: string;
  /** The known field it most likely means (suggest-field-name.ts). */
  readonly did_you_mean?: string;
}

/**
 * The refusal of a request with unknown fields: every one named in the message, each with its
 * suggestion, and listed in `error.unknown_fields` as `{field, did_you_mean?}`. `more` counts the
 * unknown keys past the listed ones (a request of thousands of junk keys gets a bounded answer).
 */
export function unknownFieldsError(found: readonly UnknownField[], more: number): AppError {
  const sentences = found.map(({ field, sent, did_you_mean }) => {
    const name = sent === undefined ? field : `${field} (sent as ${sent})`;
    return did_you_mean === undefined ? `${name} is not a field.` : `${name} is not a field; did you mean ${did_you_mean}?`;
  });
  if (more > 0) sentences.push(`And ${more} more unknown field${more === 1 ? '' : 's'}.`);
  const fix = found.length === 1 && more === 0
    ? 'Correct or remove it; every field is described at /docs.'
    : 'Correct or remove them; every field is described at /docs.';
  return new AppError('validation_error', `${sentences.join(' ')} ${fix}`, {
    details: { unknown_fields: found.map(({ field, did_you_mean }) => (did_you_mean === undefined ? { field } : { field, did_you_mean })) },
  });
}
