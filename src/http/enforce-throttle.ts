import type { FastifyReply } from 'fastify';
import { hitThrottles, type ThrottleHit } from '../domain/limits/hit-throttles.ts';
import type { Throttle } from '../domain/limits/throttle.ts';
import { AppError } from '../errors/app-error.ts';

/**
 * Counts the request in its throttles and, once one has had its share, refuses it with 429
 * rate_limit_exceeded and Retry-After. `what` names what was counted: "Too many attempts".
 */
export async function enforceThrottle(throttle: Throttle, reply: FastifyReply, hits: readonly ThrottleHit[], nowMs: number, what: string): Promise<void> {
  const result = await hitThrottles(throttle, hits, nowMs);
  if (!result.allowed) {
    reply.header('retry-after', String(result.retryAfterS));
    throw new AppError('rate_limit_exceeded', `Too many ${what}; try again in ${result.retryAfterS} seconds.`);
  }
}
