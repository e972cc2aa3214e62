import type { FastifyError } from 'fastify';
import { AppError, isAppError } from '../errors/app-error.ts';
import { mapValidationError, pickSchemaIssue, type SchemaIssue } from '../requests/map-validation-error.ts';

const MB = 1024 * 1024;

/** What a 413 advises on a route that names nothing better: the account and webhook routes take no images. */
const DEFAULT_TOO_LARGE_ADVICE = 'Send only the fields this endpoint documents (see /docs).';

/** Fastify's maxParamLength in app.ts: the longest path parameter the router reads. */
export const MAX_PATH_SEGMENT_CHARS = 200;

/**
 * The one translation from anything thrown during a request to an AppError (D16). Fastify's own
 * client errors get our codes and a message with the fix; anything unknown becomes internal_error
 * with a message that reveals nothing, and `expected` false so the caller logs it in full.
 */
export function toAppError(
  error: unknown,
  request: { body?: unknown; query?: unknown; bodyLimit?: number; schema?: Readonly<Record<string, unknown>>; bodyTooLargeAdvice?: string },
): { appError: AppError; expected: boolean; /** A framework client error's own status, kept where no code of ours fits. */ status?: number } {
  const body = request.body;
  if (isAppError(error)) return { appError: error, expected: true };
  const fe = error as Partial<FastifyError> & { validation?: SchemaIssue[]; validationContext?: string };

  if (Array.isArray(fe.validation) && fe.validation.length > 0) {
    const where = fe.validationContext === 'querystring' ? 'query string' : fe.validationContext ?? 'body';
    const received = where === 'body' ? body : where === 'query string' ? request.query : undefined;
    const schema = request.schema?.[fe.validationContext ?? 'body'];
    return { appError: mapValidationError(pickSchemaIssue(fe.validation), received, where, schema), expected: true };
  }

  switch (fe.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        appError: new AppError('payload_too_large', `The request body is too large: the limit here is ${formatLimit(request.bodyLimit)}. ${request.bodyTooLargeAdvice ?? DEFAULT_TOO_LARGE_ADVICE}`),
        expected: true,
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { appError: new AppError('invalid_json', 'The request body must be JSON: send it with Content-Type: application/json.'), expected: true };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { appError: new AppError('invalid_json', 'The request body is empty: send a JSON object with Content-Type: application/json.'), expected: true };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { appError: new AppError('invalid_json', 'The request body does not match its Content-Length header: send the complete body.'), expected: true };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { appError: new AppError('invalid_json', 'The request body is not valid JSON. Check quotes, commas and brackets.'), expected: true };
    // The router's own refusals (Fastify's frameworkErrors): its default bodies echo the path,
    // which may hold a link signature; these say what is wrong without repeating it.
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return {
        appError: new AppError('uri_too_long', `A segment of the URL path is longer than ${MAX_PATH_SEGMENT_CHARS} characters; no id of this service is that long. Check the URL (see /docs for the endpoints).`),
        expected: true,
      };
    case 'FST_ERR_BAD_URL':
      return { appError: new AppError('bad_request', 'The URL path is not well-formed: a % must start an escape such as %20. Check the URL.'), expected: true };
    default:
      break;
  }

  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (status === 413) return { appError: new AppError('payload_too_large', 'The request body is too large.'), expected: true };
  if (status === 415) return { appError: new AppError('invalid_json', 'The request body must be JSON: send it with Content-Type: application/json.'), expected: true };
  if (status >= 400 && status < 500) {
    // A client error from Fastify or a plugin that has no code of its own here: keep the status,
    // give a generic but true message.
    // The framework's own status is kept: this translation is part of the HTTP error map.
    return { appError: new AppError('validation_error', 'The request could not be read: check the URL, headers and body.'), expected: true, status };
  }
  return {
    appError: new AppError('internal_error', 'An internal error occurred. It has been logged; quote the X-Request-Id header when reporting it.'),
    expected: false,
  };
}

/** Below 1 MB in KB, or the account routes' 16 KB limit would read "0 MB". */
function formatLimit(bytes: number | undefined): string {
  if (bytes === undefined) return 'the configured size';
  return bytes < MB ? `${Math.round(bytes / 1024)} KB` : `${Math.round((bytes / MB) * 10) / 10} MB`;
}
