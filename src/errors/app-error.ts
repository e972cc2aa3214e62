import type { ErrorCode, ErrorVariant } from './error-codes.ts';

/**
 * An expected failure with a code from the one list and a message that is safe to show the caller
 * and tells them the fix. The HTTP status comes from the code (error-codes.ts), so neither the
 * domain nor a use-case speaks HTTP. A code whose status depends on the case (the same
 * auth_required is 401 on key-only routes and 403 for an anonymous PDF) names the case as a
 * variant, and ERROR_VARIANT_STATUS beside the codes maps it.
 */
export class AppError<Code extends ErrorCode = ErrorCode> extends Error {
  readonly code: Code;
  readonly details: Readonly<Record<string, unknown>> | undefined;
  readonly variant: ErrorVariant<Code> | undefined;
  /**
   * Whole seconds after which the same request may succeed, for a refusal by a counter that a
   * use-case consulted itself (the throttle on webhook test sends); the HTTP layer sends it as
   * Retry-After, an MCP tool error in its structured content.
   */
  readonly retryAfterS: number | undefined;

  constructor(
    code: Code,
    message: string,
    options: { details?: Record<string, unknown>; variant?: ErrorVariant<Code>; retryAfterS?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = options.details;
    this.variant = options.variant;
    this.retryAfterS = options.retryAfterS;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
