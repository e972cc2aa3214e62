import { AppError } from '../errors/app-error.ts';
import type { ErrorCode } from '../errors/error-codes.ts';
import { DECIMAL_TEXT_PATTERN } from '../domain/invoice/invoice-request-schema.ts';

/** The part of an Ajv error this mapper reads. */
export interface SchemaIssue {
  keyword: string;
  instancePath: string;
  /** Where in the schema the failed keyword is (`#/properties/items/items/properties/unit_price/type`). */
  schemaPath?: string;
  params: Record<string, unknown>;
  message?: string;
  /** Set when a key of an object failed its `propertyNames` schema (a metadata key too long). */
  propertyName?: string;
}

/** A JSON Schema node as this mapper reads it: bounds and the description of a field. */
interface FieldSchema {
  readonly maximum?: number;
  readonly minimum?: number;
  readonly description?: string;
}

/** Enumerations whose failure has a code of its own in the spec's list (D16). */
const ENUM_CODES: Readonly<Record<string, ErrorCode>> = {
  'invoice.currency': 'invalid_currency',
  'invoice.language': 'invalid_language',
  template: 'invalid_template',
  output: 'invalid_output',
  'payment.qr.type': 'invalid_qr_type',
};

/** What a failed pattern means, by the last segment of the field path. */
const PATTERN_HINTS: Readonly<Record<string, string>> = {
  accent_color: 'must be a colour written #RRGGBB, for example #1A73E8',
  logo: 'must be an https:// URL or a data:image/png;base64, or data:image/jpeg;base64, URI',
  signature: 'must be an https:// URL or a data:image/png;base64, or data:image/jpeg;base64, URI',
  email: 'must be an e-mail address such as billing@example.com',
  number: 'must not contain control characters',
  country: 'must be an ISO 3166-1 alpha-2 country code: two capital letters such as DE, FR or US',
};

/** `/items/2/unit_price` → `items[2].unit_price`. */
export function toFieldPath(instancePath: string): string {
  let out = '';
  for (const raw of instancePath.split('/').slice(1)) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(segment) ? `[${segment}]` : out === '' ? segment : `.${segment}`;
  }
  return out;
}

function valueAt(root: unknown, instancePath: string): unknown {
  let node = root;
  for (const raw of instancePath.split('/').slice(1)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'number') return `the number ${String(value)}`;
  return String(value);
}

/**
 * The schema node of the failed field: the issue's schemaPath without its keyword, resolved in the
 * route's schema. Undefined when either is unknown; messages then do without its bounds.
 */
function fieldSchemaOf(root: unknown, schemaPath: string | undefined): FieldSchema | undefined {
  if (root === undefined || schemaPath === undefined || !schemaPath.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of schemaPath.split('/').slice(1, -1)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return typeof node === 'object' && node !== null ? node as FieldSchema : undefined;
}

/**
 * JSON numbers past ±1.8e308 (`1e400`, a 400-digit integer) parse to ±Infinity, which the
 * validator refuses as "not a number"; the caller sent a number, only too large.
 */
function nonFiniteMessage(subject: string, value: number, field: FieldSchema | undefined): string {
  if (value > 0) {
    return `${subject} is too large to be read as a number: send a finite number${field?.maximum === undefined ? '' : ` up to ${field.maximum}`}.`;
  }
  return `${subject} is too large a negative number to be read: send a finite number${field?.minimum === undefined ? '' : ` of at least ${field.minimum}`}.`;
}

const TYPE_WORDS: Readonly<Record<string, string>> = {
  number: 'a number', integer: 'a whole number', string: 'a string', boolean: 'true or false',
  object: 'a JSON object', array: 'a JSON array',
};

/**
 * The failure to report among the validator's list. It is the first, except inside a union (a
 * field that may be a string or an object): the validator then lists each alternative's
 * failure before its own `anyOf`, and the one to report is the failure of the alternative whose
 * type the caller sent (a misspelt key of an address object, not "must be a string"). When the
 * value has none of the alternatives' types, the `anyOf` itself is reported, naming them.
 */
export function pickSchemaIssue(issues: readonly SchemaIssue[]): SchemaIssue {
  const first = issues[0]!;
  const union = issues.find((issue) => issue.keyword === 'anyOf');
  if (union === undefined || union.schemaPath === undefined) return first;
  const branchPrefix = `${union.schemaPath}/`;
  const chosen = issues.find((issue) => issue !== union && issue.schemaPath?.startsWith(branchPrefix) === true
    && !(issue.keyword === 'type' && issue.instancePath === union.instancePath));
  if (chosen !== undefined) return chosen;
  if (first.schemaPath?.startsWith(branchPrefix) !== true) return first;
  // Every alternative failed on the type: the union, with the types its alternatives wanted (read
  // from their own failures, so no schema is needed to word it, in the browser too).
  const types = issues.filter((issue) => issue.keyword === 'type' && issue.schemaPath?.startsWith(branchPrefix) === true).map((issue) => String(issue.params.type));
  return { ...union, params: { ...union.params, types } };
}

/**
 * Turns the first schema failure into an AppError whose message names the field path and the fix.
 * `body` is the (normalised) request body, used to quote what was received.
 */
export function mapValidationError(issue: SchemaIssue, body: unknown, where = 'body', schema?: unknown): AppError {
  const fieldPath = toFieldPath(issue.instancePath);
  const subject = fieldPath === '' ? `The request ${where}` : fieldPath;
  const received = valueAt(body, issue.instancePath);
  const p = issue.params;
  const last = fieldPath.split('.').pop() ?? '';
  if (issue.propertyName !== undefined) return keyError(subject, issue);
  if (received === '') {
    const blank = blankError(subject, fieldPath, issue);
    if (blank !== undefined) return blank;
  }

  switch (issue.keyword) {
    case 'required': {
      const missing = String(p.missingProperty);
      const full = fieldPath === '' ? missing : `${fieldPath}.${missing}`;
      return new AppError('validation_error', `${full} is required: add it to the request ${where}.`);
    }
    case 'type': {
      if (fieldPath === '' && where === 'body' && (received === undefined || received === null)) {
        return new AppError('invalid_json', 'The request body is missing: send a JSON object with Content-Type: application/json.');
      }
      if (typeof received === 'number' && !Number.isFinite(received)) {
        return new AppError('validation_error', nonFiniteMessage(subject, received, fieldSchemaOf(schema, issue.schemaPath)));
      }
      const wanted = String(p.type).split(',').map((t) => TYPE_WORDS[t] ?? t).join(' or ');
      return new AppError('validation_error', `${subject} must be ${wanted}, not ${describe(received)}.`);
    }
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]).map(String);
      const code = ENUM_CODES[fieldPath] ?? 'validation_error';
      return new AppError(code, `${subject} ${describe(received)} is not supported: use one of ${allowed.join(', ')}.`);
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const relation = { minimum: 'at least', maximum: 'at most', exclusiveMinimum: 'greater than', exclusiveMaximum: 'less than' }[issue.keyword];
      return new AppError('validation_error', `${subject} must be ${relation} ${String(p.limit)}; got ${String(received)}.`);
    }
    case 'minLength':
      return new AppError('validation_error', p.limit === 1
        ? `${subject} must not be empty.`
        : `${subject} must have at least ${String(p.limit)} characters.`);
    case 'maxLength':
      return new AppError('validation_error', `${subject} is too long: at most ${String(p.limit)} characters are allowed.`);
    case 'minItems':
      return new AppError('validation_error', `${subject} must contain at least ${String(p.limit)} element${p.limit === 1 ? '' : 's'}.`);
    case 'maxItems':
      return new AppError('validation_error', `${subject} has too many elements: at most ${String(p.limit)} are allowed.`);
    case 'format':
      return new AppError('validation_error', p.format === 'date'
        ? `${subject} must be a real calendar date written YYYY-MM-DD, for example 2026-03-31; got ${describe(received)}.`
        : `${subject} must be a valid ${String(p.format)}.`);
    case 'pattern': {
      if (p.pattern === DECIMAL_TEXT_PATTERN) return new AppError('validation_error', `${subject} must be a number (or the same number as a decimal string, such as "12.5"), not ${describe(received)}.`);
      // Never the regular expression itself: it tells most callers nothing. A field
      // without a hint of its own is explained by its schema description.
      const hint = PATTERN_HINTS[last];
      if (hint !== undefined) return new AppError('validation_error', `${subject} ${hint}; got ${describe(received)}.`);
      const description = fieldSchemaOf(schema, issue.schemaPath)?.description;
      return new AppError('validation_error', description === undefined
        ? `${subject} is not in the expected form; see /docs for this field.`
        : `${subject} is not in the expected form (${description.replace(/\.$/, '')}); got ${describe(received)}.`);
    }
    case 'additionalProperties': {
      const extra = String(p.additionalProperty);
      // The key is quoted after the object's path: it may be anything the caller typed.
      return new AppError('validation_error', `${subject} has a key ${quoteKey(extra)} that is not one of its fields: remove it (check the field names against /docs).`);
    }
    case 'maxProperties':
      return new AppError('validation_error', `${subject} has too many keys: at most ${String(p.limit)} are allowed.`);
    case 'uniqueItems':
      return new AppError('validation_error', `${subject} lists the same value twice (elements ${String(Math.min(Number(p.i), Number(p.j)))} and ${String(Math.max(Number(p.i), Number(p.j)))}): send each value once.`);
    case 'anyOf': {
      const types = Array.isArray(p.types) ? (p.types as string[]) : [];
      // D38: the request's only number-or-string fields are numbers that may come as decimal strings.
      if (types.join() === 'number,string') {
        if (typeof received === 'number' && !Number.isFinite(received)) {
          const alternatives = (fieldSchemaOf(schema, `${issue.schemaPath ?? ''}/0/x`) as FieldSchema | undefined);
          return new AppError('validation_error', nonFiniteMessage(subject, received, alternatives));
        }
        return new AppError('validation_error', `${subject} must be a number (or the same number as a decimal string, such as "12.5"), not ${describe(received)}.`);
      }
      return new AppError('validation_error', types.length === 0
        ? `${subject} is not valid here: check it against the documentation at /docs.`
        : `${subject} must be ${types.map((t) => TYPE_WORDS[t] ?? t).join(' or ')}, not ${describe(received)}.`);
    }
    case 'const':
      return new AppError('validation_error', `${subject} must be ${JSON.stringify(p.allowedValue)}, not ${describe(received)}.`);
    case 'multipleOf':
      return new AppError('validation_error', `${subject} must be a multiple of ${String(p.multipleOf)}; got ${String(received)}.`);
    default:
      // Ajv's own wording ("must match a schema in anyOf", "must NOT have …") is jargon; the field
      // and the way to the documentation are what the caller can act on.
      return new AppError('validation_error', `${subject} is not valid here: check it against the documentation at /docs.`);
  }
}

/** A key the caller typed, quoted and cut: it may be anything. */
function quoteKey(key: string): string {
  return JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key);
}

/** A key of an object that failed its `propertyNames` bounds (the metadata's keys). */
function keyError(subject: string, issue: SchemaIssue): AppError {
  const key = issue.propertyName!;
  const limit = String(issue.params.limit);
  if (issue.keyword === 'minLength') return new AppError('validation_error', `${subject} has an empty key: each key needs at least ${limit} character${limit === '1' ? '' : 's'}.`);
  if (issue.keyword === 'maxLength') return new AppError('validation_error', `${subject} has a key ${quoteKey(key)} of ${key.length} characters: each key has at most ${limit}.`);
  return new AppError('validation_error', `${subject} has a key ${quoteKey(key)} that is not allowed: check the keys against /docs.`);
}

const BLANK = 'must not be empty or only white space';

/**
 * An empty string where a value is needed. The request reader (normalize-invoice-request.ts) trims
 * every text and removes an optional one left empty, so what reaches the schema empty is a
 * required text, a code or a number written as text: the message says so, and what to send,
 * instead of the keyword's own wording ("must have at least 1 character", "is not supported").
 */
function blankError(subject: string, fieldPath: string, issue: SchemaIssue): AppError | undefined {
  switch (issue.keyword) {
    case 'minLength':
      return new AppError('validation_error', `${subject} ${BLANK}: send its text.`);
    case 'enum': {
      const allowed = (issue.params.allowedValues as unknown[]).map(String);
      return new AppError(ENUM_CODES[fieldPath] ?? 'validation_error', `${subject} ${BLANK}: use one of ${allowed.join(', ')}, or leave the field out for its default where it has one.`);
    }
    case 'pattern':
      if (issue.params.pattern === DECIMAL_TEXT_PATTERN) {
        return new AppError('validation_error', `${subject} ${BLANK}: send a number (or the same number as a decimal string, such as "12.5"), or leave the field out where it is optional.`);
      }
      return new AppError('validation_error', `${subject} ${BLANK}: send a value in the form /docs describes for this field.`);
    case 'format':
      return new AppError('validation_error', issue.params.format === 'date'
        ? `${subject} ${BLANK}: send a date written YYYY-MM-DD, or leave the field out where it is optional.`
        : `${subject} ${BLANK}: send a valid ${String(issue.params.format)}.`);
    default:
      return undefined;
  }
}
