import type { ErrorCode } from './operation-types.ts';

/**
 * An answer of the service that was not a success: its status, the body's `error.code` and
 * `error.message` (safe to show to an end user, docs/errors.md), the request id to quote when
 * reporting it, and Retry-After in seconds when the service said when to come back.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode;
  /** X-Request-Id of the answer (every answer of the service carries one). */
  readonly requestId: string | undefined;
  /** Seconds to wait before trying again (429, 503), from Retry-After. */
  readonly retryAfter: number | undefined;
  /**
   * The other fields of the body's `error`: `problems` of e_invoice_incomplete, `upgrade_url` and
   * `reset_at` of monthly_limit_reached, and whatever a later version adds.
   */
  readonly details: Readonly<Record<string, unknown>>;
  /** How many requests were sent before this answer was given up on (1 when not retried). */
  readonly attempts: number;

  constructor(init: { status: number; code: ErrorCode; message: string; requestId?: string | undefined; retryAfter?: number | undefined; details?: Record<string, unknown>; attempts?: number }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.retryAfter = init.retryAfter;
    this.details = init.details ?? {};
    this.attempts = init.attempts ?? 1;
  }

  /** EN 16931 problems of an e_invoice_incomplete answer: `{field, term, message}` each. */
  get problems(): readonly { field: string; term?: string; message: string }[] | undefined {
    return Array.isArray(this.details['problems']) ? this.details['problems'] as { field: string; term?: string; message: string }[] : undefined;
  }

  /** Where to upgrade, on monthly_limit_reached (402). */
  get upgradeUrl(): string | undefined {
    return typeof this.details['upgrade_url'] === 'string' ? this.details['upgrade_url'] : undefined;
  }
}

/**
 * Retry-After as seconds: the service sends whole seconds; an HTTP date (RFC 9110 allows it, a
 * proxy may send one) is turned into seconds from now. Anything else is ignored.
 */
export function parseRetryAfter(value: string | null, nowMs = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  // Only a date with a month name: Date.parse would take "-1" for a year.
  const dateMs = /[A-Za-z]{3}/.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(dateMs) ? undefined : Math.max(0, Math.ceil((dateMs - nowMs) / 1000));
}

/**
 * The ApiError for a failed answer. A body that is not the service's error shape (a proxy's HTML
 * page, say) still gives an ApiError, with code 'unexpected_response' and the status in the message.
 */
export async function apiErrorFrom(response: Response, attempts: number): Promise<ApiError> {
  const text = await response.text();
  let error: Record<string, unknown> | undefined;
  try {
    const body = JSON.parse(text) as { error?: unknown };
    if (typeof body.error === 'object' && body.error !== null) error = body.error as Record<string, unknown>;
  } catch {
    // Not JSON: handled below like any other foreign body.
  }
  const { code, message, ...details } = error ?? {};
  const ownShape = typeof code === 'string' && typeof message === 'string';
  return new ApiError({
    status: response.status,
    code: ownShape ? code : 'unexpected_response',
    message: ownShape ? message : `HTTP ${response.status} without the service's error body.`,
    requestId: response.headers.get('x-request-id') ?? (typeof details['request_id'] === 'string' ? details['request_id'] : undefined),
    retryAfter: parseRetryAfter(response.headers.get('retry-after')),
    details: ownShape ? details : {},
    attempts,
  });
}
