import type { FastifyReply } from 'fastify';
import type { ThrottleHit } from '../domain/limits/hit-throttles.ts';
import type { Throttle } from '../domain/limits/throttle.ts';
import { AppError } from '../errors/app-error.ts';

/**
 * Refuses with 429 rate_limit_exceeded and Retry-After when the counter has had its share
 * already, without counting this request (Throttle.peek): for counters that count only failures,
 * which the caller hits itself once the request has failed. The check and the later hit are not
 * one step, so requests in flight together may each fail once past the limit; the next is refused.
 */
export async function refuseThrottled(throttle: Throttle, reply: FastifyReply, hit: ThrottleHit, nowMs: number, what: string): Promise<void> {
  const result = await throttle.peek(hit.key, hit.rule, nowMs);
  if (!result.allowed) {
    reply.header('retry-after', String(result.retryAfterS));
    throw new AppError('rate_limit_exceeded', `Too many ${what}; try again in ${result.retryAfterS} seconds.`);
  }
}
