import type { Throttle } from '../../domain/limits/throttle.ts';
import type { WebhookDeps } from './webhook-deps.ts';

/** What the owner's operations on a webhook (test, redeliver, rotate, enable) need beyond registration. */
export interface WebhookOperationDeps extends WebhookDeps {
  /** Bounds test events and redeliveries per webhook. */
  readonly throttle: Throttle;
  /** Tells this instance's delivery worker that a delivery is due now. */
  readonly wake: () => void;
  /** A test event's attempt deadline: a delivery's (10 s). */
  readonly testTimeoutMs: number;
}
