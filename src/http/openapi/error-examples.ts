import type { ErrorCode } from '../../errors/error-codes.ts';

/**
 * One plausible message per code, for the OpenAPI document's examples only. Typed over the one
 * list of codes (error-codes.ts), so a new code does not compile until it has an example here.
 * The real messages are written where each error is raised and name the actual field or limit.
 */
export const ERROR_EXAMPLES = {
  validation_error: 'items[0].quantity must be a number (got a string): send 12, not "12".',
  invalid_currency: 'invoice.currency must be one of USD, EUR, GBP, JPY, CAD, AUD, CHF, CNY, INR, AED, SAR, SGD, NZD, KRW, BRL, MXN, ZAR, SEK, NOK, DKK, RUB (got "EURO").',
  invalid_language: 'invoice.language must be one of en, nl, de, fr, es, pt, ar, ja, ru, it, hi (got "german").',
  invalid_template: 'template must be one of classic, modern, bold, minimal, navy (got "fancy").',
  invalid_output: 'output must be one of json, pdf, ubl, cii (got "docx").',
  invalid_profile: 'profile factur-x has no ubl form: use output cii or pdf, or profile en16931.',
  e_invoice_incomplete: 'The xrechnung e-invoice cannot be made: one thing is missing or inconsistent. to.electronic_address (BT-49): XRechnung needs the buyer\'s electronic address.',
  invalid_qr_type: 'payment.qr.type must be one of upi, pix, sepa, promptpay, url, text (got "bitcoin").',
  invalid_json: 'The request body is not valid JSON. Check quotes, commas and brackets.',
  invalid_document: 'The XML declares a DOCTYPE, which an e-invoice never needs and which could declare entities: send the document without it.',
  bad_request: 'The request is not well-formed HTTP/1.1. Check the request line, the headers and the body framing (Content-Length or chunked).',
  request_timeout: 'The request arrived too slowly: its headers must arrive within 15 s and the whole request within 60 s. Send it again in one go.',
  uri_too_long: 'A segment of the URL path is longer than 200 characters; no id of this service is that long. Check the URL (see /docs for the endpoints).',
  headers_too_large: 'The request headers are larger than 16 KB. Send fewer or smaller headers (cookies, long tokens).',
  calculation_error: 'The grand total would exceed 10,000,000,000,000: lower the quantities or prices.',
  invalid_api_key: 'The API key is unknown, revoked or malformed: send Authorization: Bearer inv_… with the key from /api/auth/me, or generate a new one.',
  invalid_credentials: 'The e-mail address or the password is wrong.',
  auth_required: 'output "pdf" needs an API key or a signed-in session: send Authorization: Bearer <API key>. Anonymous callers get JSON totals only.',
  unverified_account: 'Confirm your e-mail address first: follow the link we sent, or ask for a new one with POST /api/auth/resend-verification.',
  forbidden: 'This request was authenticated by a session cookie and must come from https://invoices.example.com (Origin header); use an API key from other origins or from servers.',
  monthly_limit_reached: 'This month\'s 100 documents are used. The quota starts again at 2026-12-01T00:00:00Z; to continue now, upgrade at https://invoices.example.com/pricing.',
  not_found: 'No webhook wh_4f8Kq2LmN0pR7sT9vX1yZb belongs to this account.',
  method_not_allowed: 'PATCH is not allowed on /api/webhooks/{id}; allowed: GET, DELETE.',
  webhook_inactive: 'Webhook wh_4f8Kq2LmN0pR7sT9vX1yZb is inactive after 10 events in a row failed every attempt: enable it with POST /api/webhooks/wh_4f8Kq2LmN0pR7sT9vX1yZb/enable, then redeliver.',
  idempotency_key_conflict: 'A request with this Idempotency-Key is still being processed: retry after it has finished.',
  payload_too_large: 'The request body is too large: the limit here is 8 MB. Send smaller images (logo and signature: at most 2.5 MB each), or give them as https URLs.',
  rate_limit_exceeded: 'Too many requests from this address this hour: 20 allowed; the window ends at 2026-11-27T11:00:00Z.',
  rate_limit_hourly: 'The hourly limit of 40 requests is reached; the window ends at 2026-11-27T11:00:00Z.',
  rate_limit_weekly: 'The weekly limit of 400 requests is reached; the window ends at 2026-11-30T00:00:00Z.',
  pdf_error: 'The PDF could not be made. It has been logged; quote the X-Request-Id header when reporting it.',
  ubl_error: 'The UBL document could not be made. It has been logged; quote the X-Request-Id header when reporting it.',
  cii_error: 'The CII document could not be made. It has been logged; quote the X-Request-Id header when reporting it.',
  check_error: 'The document could not be checked. Retry; if it fails again, report the request id.',
  internal_error: 'An internal error occurred. It has been logged; quote the X-Request-Id header when reporting it.',
  not_provisioned: 'The sqlite storage is not reachable; the service cannot take requests until it is.',
} as const satisfies Record<ErrorCode, string>;
