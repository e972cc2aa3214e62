import { isAppError } from '../errors/app-error.ts';

/**
 * One failure as the command prints it: an API error with its code first, as the API answers it
 * (D16), anything else by its message.
 */
export function describeFailure(error: unknown): string {
  if (isAppError(error)) return `${error.code}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
