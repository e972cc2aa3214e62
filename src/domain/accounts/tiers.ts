/** The plans an account can be on (spec Limits); every account starts on free. */
export const TIERS = ['free', 'starter', 'pro', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];
