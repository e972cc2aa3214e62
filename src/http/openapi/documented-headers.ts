/** Every answer carries it (create-http-app.ts), errors included. */
export const REQUEST_ID_HEADER = { type: 'string', description: 'This request\'s id; quote it when reporting a problem.' } as const;

/**
 * The burst windows' headers (rate-limit-headers.ts, D20–D22): on every generation answer once the
 * windows were consulted, so on a 402, 429 or failed document too; absent for an unlimited window.
 */
export const RATE_LIMIT_HEADERS = {
  'x-ratelimit-limit-hourly': { type: 'integer', description: 'Generation requests allowed this UTC hour; absent when unlimited (D22).' },
  'x-ratelimit-remaining-hourly': { type: 'integer', description: 'Requests left this hour, after this one.' },
  'x-ratelimit-reset-hourly': { type: 'integer', description: 'Unix second the hour ends (D20).' },
  'x-ratelimit-limit-weekly': { type: 'integer', description: 'Generation requests allowed this ISO week (from Monday 00:00 UTC); absent when unlimited.' },
  'x-ratelimit-remaining-weekly': { type: 'integer', description: 'Requests left this week, after this one.' },
  'x-ratelimit-reset-weekly': { type: 'integer', description: 'Unix second the week ends.' },
  'x-ratelimit-limit-monthly': { type: 'integer', description: 'The weekly limit × 52 / 12, rounded down (meta.rate_limits.monthly_equivalent, D22).' },
} as const;

/** D23: on a replay of the first answer to an Idempotency-Key. */
export const IDEMPOTENT_REPLAYED_HEADER = { type: 'string', enum: ['true'], description: 'Present on a replay of the first answer to this Idempotency-Key (D23).' } as const;
