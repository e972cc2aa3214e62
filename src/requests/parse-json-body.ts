import { AppError } from '../errors/app-error.ts';
import { checkJsonShape, type JsonShapeLimits } from './check-json-shape.ts';
import { findForbiddenKey } from './find-forbidden-key.ts';

/**
 * The only body parser: JSON, with failures named for the caller. Every other content type is
 * refused by Fastify before this runs and answered as invalid_json (D16: also for non-JSON bodies).
 * `limits` are the route's own, sized from its largest legal body (register-json-parser.ts).
 */
export function parseJsonBody(raw: string, limits: JsonShapeLimits): unknown {
  if (raw.trim() === '') {
    throw new AppError('invalid_json', 'The request body is empty: send a JSON object with Content-Type: application/json.');
  }
  checkJsonShape(raw, limits);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    const detail = error instanceof SyntaxError ? `: ${error.message.slice(0, 200)}` : '';
    throw new AppError('invalid_json', `The request body is not valid JSON${detail}. Check quotes, commas and brackets.`);
  }
  const forbidden = findForbiddenKey(raw, parsed);
  if (forbidden !== undefined) {
    throw new AppError('validation_error', `${forbidden} is not allowed: remove the key (__proto__, constructor and prototype are refused anywhere in the body).`);
  }
  return parsed;
}
