/**
 * D28: after a failed attempt the next one comes about 1 min, 5 min, 30 min, 2 h, 6 h and 12 h
 * later, each counted from the attempt before; an event that fails all 7 attempts (about 20 h 36
 * min after the first) has failed. No jitter: events are spread by their own creation times.
 */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  6 * 3_600_000,
  12 * 3_600_000,
];

export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;

/** A webhook is deactivated when this many events in a row failed every attempt. */
export const WEBHOOK_MAX_FAILED_EVENTS_IN_ROW = 10;

/** One attempt may take 10 s, connection and answer included. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** When the attempt after `attemptsMade` failed attempts is due, or undefined when none is left. */
export function nextAttemptAt(attemptsMade: number, nowMs: number): number | undefined {
  const delay = WEBHOOK_RETRY_DELAYS_MS[attemptsMade - 1];
  return delay === undefined ? undefined : nowMs + delay;
}
