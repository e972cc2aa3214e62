/** Every answer carries it (create-http-app.ts), errors included. */
export const REQUEST_ID_HEADER = { type: 'string', description: 'This request\'s id; quote it when reporting a problem.' } as const;

/**
 * The burst windows' headers (rate-limit-headers.ts, D20–D22): on every generation answer once the
 * windows were consulted, so on a 402, 429 or failed document too; absent for an unlimited window.
 */
export const RATE_LIMIT_HEADERS = {
  'x-ratelimit-limit-hourly': { type: 'integer', description: 'Generation requests allowed this UTC hour; absent when unlimited.' },
  'x-ratelimit-remaining-hourly': { type: 'integer', description: 'Requests left this hour, after this one.' },
  'x-ratelimit-reset-hourly': { type: 'integer', description: 'Unix second the hour ends.' },
  'x-ratelimit-limit-weekly': { type: 'integer', description: 'Generation requests allowed this ISO week (from Monday 00:00 UTC); absent when unlimited.' },
  'x-ratelimit-remaining-weekly': { type: 'integer', description: 'Requests left this week, after this one.' },
  'x-ratelimit-reset-weekly': { type: 'integer', description: 'Unix second the week ends.' },
  'x-ratelimit-limit-monthly': { type: 'integer', description: 'The weekly limit × 52 / 12, rounded down (meta.rate_limits.monthly_equivalent).' },
} as const;

/** On a replay of the first answer to an Idempotency-Key. */
export const IDEMPOTENT_REPLAYED_HEADER = { type: 'string', enum: ['true'], description: 'Present on a replay of the first answer to this Idempotency-Key.' } as const;

/** The session cookie sign-in sets and sign-out clears (session-cookie.ts). */
export const SESSION_COOKIE_SET_HEADER = {
  type: 'string',
  description: 'inv_session=<session id>; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000, Secure when PUBLIC_URL is https; sign-out sets it empty with Max-Age=0.',
} as const;
