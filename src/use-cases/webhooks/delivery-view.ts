import type { PostOutcome } from '../../outbound/post-webhook.ts';
import type { LoggedDelivery, LoggedDeliveryState } from '../../storage/repositories/webhook-log-repository.ts';
import type { WebhookAttemptsTable } from '../../storage/tables.ts';

/** One attempt as the delivery log shows it; times in Unix seconds like the rest of the API. */
export interface AttemptView {
  attempted_at: number;
  /** HTTP status, 0 when there was no HTTP answer. */
  status: number;
  duration_ms: number;
  /** Why there was no HTTP answer; null when there was one. */
  failure: AttemptFailure | null;
  /** The first 1 KB of the receiver's answer as text; null when it had no body. */
  response_body: string | null;
}

export type AttemptFailure = NonNullable<PostOutcome['failure']>;

/** A delivery as the log shows it. */
export interface DeliveryView {
  id: string;
  event_id: string;
  event_type: string;
  status: LoggedDeliveryState;
  created_at: number;
  attempt_count: number;
  attempts: AttemptView[];
  /** When the next attempt is due; null once delivered, failed or cancelled. */
  next_attempt_at: number | null;
  finished_at: number | null;
  redelivery_of: string | null;
}

const seconds = (ms: number | null): number | null => (ms === null ? null : Math.floor(ms / 1000));

export function deliveryView(row: LoggedDelivery, attempts: readonly WebhookAttemptsTable[]): DeliveryView {
  return {
    id: row.id,
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.state,
    created_at: Math.floor(row.created_at / 1000),
    attempt_count: row.attempts,
    attempts: attempts.map((attempt) => ({
      attempted_at: Math.floor(attempt.attempted_at / 1000),
      status: attempt.status,
      duration_ms: attempt.duration_ms,
      // Written from PostOutcome.failure only (attemptRecord).
      failure: attempt.failure as AttemptFailure | null,
      response_body: attempt.response_excerpt,
    })),
    next_attempt_at: seconds(row.next_attempt_at),
    finished_at: seconds(row.finished_at),
    redelivery_of: row.redelivery_of,
  };
}
