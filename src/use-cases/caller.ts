import type { Tier } from '../domain/accounts/tiers.ts';

/** An account that proved who it is, by API key or by session cookie. */
export interface AccountCaller {
  readonly kind: 'account';
  readonly accountId: string;
  readonly email: string;
  readonly tier: Tier;
  readonly verified: boolean;
  /** How it proved it: batch and webhooks accept only an API key (spec rule 1). */
  readonly via: 'api_key' | 'session';
  /** For a session: the hash of its id, so logout and login rotation can delete it. */
  readonly sessionIdHash?: string;
}

/** Nobody in particular: limited per client IP, JSON only (spec Authentication). */
export interface AnonymousCaller {
  readonly kind: 'anonymous';
  readonly ip: string;
  /**
   * D43: an account whose e-mail address is not confirmed, generating as anonymous. Set so its
   * refusals say how to confirm the address (403 unverified_account) rather than how to sign in.
   */
  readonly unverified?: true;
}

/** Who is asking; every route resolves it the same way (resolve-caller.ts). */
export type Caller = AccountCaller | AnonymousCaller;
