import type { ErrorCode } from './error-codes.ts';

/**
 * An expected failure with a code from the one list and a message that is safe to show the
 * caller and tells them the fix. The HTTP status comes from the code (error-codes.ts), so the
 * domain never speaks HTTP. Some codes need a different status than their default (D16: the same
 * auth_required is 401 on key-only routes and 403 for an anonymous PDF), hence statusOverride.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: Readonly<Record<string, unknown>> | undefined;
  readonly statusOverride: number | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: Record<string, unknown>; status?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = options.details;
    this.statusOverride = options.status;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
