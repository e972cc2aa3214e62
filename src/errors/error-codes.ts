/**
 * The one list of error codes and the one map from code to HTTP status (D16).
 * Codes beyond the spec's list are marked; docs/errors.md lists them all.
 */
export const ERROR_STATUS = {
  validation_error: 400,
  invalid_currency: 400,
  invalid_language: 400,
  invalid_template: 400,
  invalid_output: 400,
  invalid_profile: 400, // an output/profile pairing that does not exist
  e_invoice_incomplete: 400, // a profile's data missing or contradictory; error.problems lists each
  invalid_qr_type: 400,
  invalid_json: 400,
  invalid_document: 400, // beyond the spec (D51): a body to inspect that is no e-invoice, or one refused unread (a DOCTYPE, too deep, too costly)
  bad_request: 400, // beyond the spec: bytes Node's HTTP parser refuses (not HTTP/1.1)
  request_timeout: 408, // beyond the spec: headers or body too slow (slow loris)
  uri_too_long: 414, // beyond the spec: a path segment over 200 characters (no id of ours is that long)
  headers_too_large: 431, // beyond the spec: request headers over 16 KB
  calculation_error: 422,
  invalid_api_key: 401,
  invalid_credentials: 401, // beyond the spec (D16 names it): a failed login
  auth_required: 401,
  unverified_account: 403,
  forbidden: 403, // beyond the spec: e.g. a cross-origin cookie request (CSRF)
  monthly_limit_reached: 402,
  not_found: 404,
  method_not_allowed: 405,
  idempotency_key_conflict: 409,
  webhook_inactive: 409, // beyond the spec: redelivering to a webhook deactivated after failures; enable it first
  payload_too_large: 413,
  rate_limit_exceeded: 429,
  rate_limit_hourly: 429,
  rate_limit_weekly: 429,
  pdf_error: 500,
  ubl_error: 500,
  cii_error: 500, // beyond D16's list: the CII twin of ubl_error
  check_error: 500, // beyond the spec: the official checks could not be run on a received document
  internal_error: 500, // beyond the spec: anything unexpected, with no internals in the message
  not_provisioned: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Every code, for what lists them without choosing a status (the error schema's enum). */
export const ERROR_CODES = Object.freeze(Object.keys(ERROR_STATUS) as ErrorCode[]);

/**
 * The few codes whose status depends on the case: the same code keeps its name for the caller, and
 * this map, not the code that raises it, says which status that case answers.
 */
export const ERROR_VARIANT_STATUS = {
  auth_required: { anonymous_generation: 403 }, // an anonymous caller asked for more than JSON totals (spec Authentication rule 2)
  idempotency_key_conflict: { different_request: 422 }, // the key was used for another body
  pdf_error: { renderer_busy: 503 }, // the PDF workers' queue is full: retry later
  check_error: { checker_busy: 503 }, // the rule-check workers' queue is full: retry later
} as const satisfies Partial<Record<ErrorCode, Record<string, number>>>;

type VariantMap = typeof ERROR_VARIANT_STATUS;
/** A case of `Code` with a status of its own, or never for a code that has none. */
export type ErrorVariant<Code extends ErrorCode = ErrorCode> = Code extends keyof VariantMap ? keyof VariantMap[Code] & string : never;

/** The one map from an error to its HTTP status: the code's, or its variant's where it has one. */
export function statusOf(code: ErrorCode, variant?: string): number {
  if (variant !== undefined) {
    const variants = (ERROR_VARIANT_STATUS as Partial<Record<ErrorCode, Readonly<Record<string, number>>>>)[code];
    const status = variants?.[variant];
    if (status !== undefined) return status;
  }
  return ERROR_STATUS[code];
}
