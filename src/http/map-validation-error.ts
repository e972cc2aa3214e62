import { AppError } from '../errors/app-error.ts';
import type { ErrorCode } from '../errors/error-codes.ts';

/** The part of an Ajv error this mapper reads. */
export interface SchemaIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
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
  return `${typeof value} ${String(value)}`;
}

const TYPE_WORDS: Readonly<Record<string, string>> = {
  number: 'a number', integer: 'a whole number', string: 'a string', boolean: 'true or false',
  object: 'a JSON object', array: 'a JSON array',
};

/**
 * Turns the first schema failure into an AppError whose message names the field path and the fix
 * (D16). `body` is the (normalised) request body, used to quote what was received.
 */
export function mapValidationError(issue: SchemaIssue, body: unknown, where = 'body'): AppError {
  const fieldPath = toFieldPath(issue.instancePath);
  const subject = fieldPath === '' ? `The request ${where}` : fieldPath;
  const received = valueAt(body, issue.instancePath);
  const p = issue.params;
  const last = fieldPath.split('.').pop() ?? '';

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
    case 'pattern':
      return new AppError('validation_error', `${subject} ${PATTERN_HINTS[last] ?? `must match ${String(p.pattern)}`}.`);
    case 'additionalProperties': {
      const extra = String(p.additionalProperty);
      const full = fieldPath === '' ? extra : `${fieldPath}.${extra}`;
      return new AppError('validation_error', `${full} is not a field of this request: remove it (check its spelling against /docs).`);
    }
    case 'uniqueItems':
      return new AppError('validation_error', `${subject} lists the same value twice (elements ${String(Math.min(Number(p.i), Number(p.j)))} and ${String(Math.max(Number(p.i), Number(p.j)))}): send each value once.`);
    default:
      return new AppError('validation_error', `${subject} ${issue.message ?? 'is invalid'}.`);
  }
}
