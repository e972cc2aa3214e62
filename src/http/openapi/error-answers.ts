import { statusOf, type ErrorCode } from '../../errors/error-codes.ts';
import { ErrorResponseSchema } from '../../schemas/error-response.ts';
import { REQUEST_ID_HEADER } from './documented-headers.ts';
import { ERROR_EXAMPLES } from './error-examples.ts';

/** A code an operation can answer, with the case when its status depends on it. */
export type ErrorCase = ErrorCode | readonly [ErrorCode, string];

/** What any request can meet before its route runs (client-error-reply.ts), or after it fails unexpectedly. */
export const ANY_REQUEST: readonly ErrorCase[] = ['bad_request', 'request_timeout', 'headers_too_large', 'internal_error'];

/** What reading a JSON body can refuse (register-json-parser.ts, map-validation-error.ts). */
export const JSON_BODY: readonly ErrorCase[] = ['invalid_json', 'validation_error', 'payload_too_large'];

/** A path with an id: the router refuses an id longer than any of ours (to-app-error.ts). */
export const PATH_ID: readonly ErrorCase[] = ['uri_too_long'];

const STATUS_HEADERS: Readonly<Record<number, Record<string, object>>> = {
  429: { 'retry-after': { type: 'integer', description: 'Seconds until the window that refused the request ends.' } },
};

/**
 * The OpenAPI responses for the errors an operation can answer, one entry per status (no 4XX
 * ranges: generators turn those into types that do not compile), each with the Error schema, the
 * codes it stands for and one example per code. Built from the one list of codes and statuses, so
 * the document cannot name a status the error map does not give.
 */
export function errorAnswers(cases: readonly ErrorCase[], headers: Readonly<Record<string, object>> = {}): Record<string, object> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const c of cases) {
    const [code, variant] = typeof c === 'string' ? [c, undefined] : c;
    const status = statusOf(code, variant);
    const codes = byStatus.get(status) ?? [];
    if (!codes.includes(code)) codes.push(code);
    byStatus.set(status, codes);
  }
  return Object.fromEntries([...byStatus].sort(([a], [b]) => a - b).map(([status, codes]) => [String(status), {
    description: `Error: ${codes.join(', ')}.`,
    headers: {
      'x-request-id': REQUEST_ID_HEADER,
      ...headers,
      ...STATUS_HEADERS[status],
    },
    content: {
      'application/json': {
        schema: ErrorResponseSchema,
        examples: Object.fromEntries(codes.map((code) => [code, { summary: code, value: { success: false, error: { code, message: ERROR_EXAMPLES[code] } } }])),
      },
    },
  }]));
}
