import { AppError } from '../errors/app-error.ts';

/** D16's internal_error for an MCP request: no internals, only the request id to quote (its X-Request-Id). */
export function internalError(requestId: string): AppError {
  return new AppError('internal_error', `An internal error occurred. It has been logged; quote request id ${requestId} when reporting it.`);
}
