import type { Throttle, ThrottleRule } from '../../domain/limits/throttle.ts';
import { AppError } from '../../errors/app-error.ts';

/**
 * What one webhook may be sent on its owner's demand, beyond its events: each test event and
 * redelivery is a request this service makes to a URL the caller chose.
 */
export const WEBHOOK_ACTION_RULES = {
  test: { limit: 10, windowS: 60 },
  redeliver: { limit: 60, windowS: 60 },
} as const satisfies Record<string, ThrottleRule>;

/** Counts one action on the webhook and refuses with 429 rate_limit_exceeded past its rule. */
export async function throttleWebhookAction(throttle: Throttle, action: keyof typeof WEBHOOK_ACTION_RULES, webhookId: string, nowMs: number): Promise<void> {
  const rule = WEBHOOK_ACTION_RULES[action];
  const result = await throttle.hit(`webhook-${action}:${webhookId}`, rule, nowMs);
  if (!result.allowed) {
    const what = action === 'test' ? 'test events' : 'redeliveries';
    throw new AppError('rate_limit_exceeded', `Too many ${what} for this webhook: at most ${rule.limit} a minute; try again in ${result.retryAfterS} seconds.`, { retryAfterS: result.retryAfterS });
  }
}
