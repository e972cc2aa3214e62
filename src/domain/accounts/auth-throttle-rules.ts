import { hashSecret } from './hash-secret.ts';
import { normalizeEmail } from './normalize-email.ts';
import type { ThrottleHit } from '../limits/hit-throttles.ts';
import type { ThrottleRule } from '../limits/throttle.ts';
import { throttleIpSubject } from '../limits/throttle-ip-subject.ts';

/** The account actions that are throttled (429 rate_limit_exceeded with Retry-After). */
export const AUTH_THROTTLED_ACTIONS = ['login', 'register', 'resend-verification', 'forgot-password', 'reset-password'] as const;
export type AuthThrottledAction = (typeof AUTH_THROTTLED_ACTIONS)[number];

const MINUTES_15_S = 15 * 60;
const HOUR_S = 60 * 60;

/**
 * Per action, the rule per client IP (IPv4 address or IPv6 /64) and, where the action names an
 * address, per address.
 */
export const AUTH_THROTTLE_RULES: Readonly<Record<AuthThrottledAction, { readonly ip: ThrottleRule; readonly email?: ThrottleRule }>> =
  Object.freeze({
    login: {
      // 20 per IP per 15 min: room for a household or office behind one NAT mistyping a few
      // passwords; it also bounds the scrypt work one host can make us do (80 hashes an hour).
      ip: { limit: 20, windowS: MINUTES_15_S },
      // 10 per address per 15 min, from any number of IPs: at most 960 guesses a day against one
      // account. That stops guessing at speed; it cannot save a password from the top few
      // thousand of the common lists against an attacker patient for days.
      // The price: anyone can keep the owner locked out for 15 minutes with 10 wrong tries; the
      // per-IP counter is hit first, so that takes at least one fresh IP per 20 requests.
      email: { limit: 10, windowS: MINUTES_15_S },
    },
    register: {
      // 10 per IP per hour: a person registers once or twice; each attempt costs a scrypt hash and
      // an e-mail (D17 mails the owner even when the address is taken).
      ip: { limit: 10, windowS: HOUR_S },
      // 3 per address per hour: registering a taken address mails its owner, so without this many
      // IPs could flood one inbox through us.
      email: { limit: 3, windowS: HOUR_S },
    },
    'resend-verification': {
      // 10 per IP per hour: stops one host from using us to send mail at volume.
      ip: { limit: 10, windowS: HOUR_S },
      // 3 per address per hour: a lost mail is resent a couple of times; more is mail-bombing.
      email: { limit: 3, windowS: HOUR_S },
    },
    'forgot-password': {
      // Same reasoning as resend-verification: each hit can send a mail.
      ip: { limit: 10, windowS: HOUR_S },
      email: { limit: 3, windowS: HOUR_S },
    },
    // 20 per IP per hour: reset tokens are 190+ random bits, so this is not about guessing them;
    // it bounds the scrypt work of setting new passwords. No address is sent, so no address rule.
    'reset-password': { ip: { limit: 20, windowS: HOUR_S } },
  });

/**
 * The counters to hit for one request, per-IP first (see hitThrottles for why the order matters):
 * `auth:<action>:ip:<IPv4 or IPv6 /64>` and, when the action has an address rule and the address
 * is valid, `auth:<action>:email:<SHA-256 hex of the normalised address>`.
 *
 * The address is hashed so the throttle table never holds it. The hash is a pseudonym, not a
 * secret: whoever reads the table and guesses an address can confirm it; rows live about an hour.
 * An address that does not normalise gets no address counter: no account can have it, so there
 * is nothing to protect, and the per-IP counter still counts the request.
 */
export function authThrottleKeys(action: AuthThrottledAction, ip: string, email?: string): ThrottleHit[] {
  const rules = AUTH_THROTTLE_RULES[action];
  const hits: ThrottleHit[] = [{ key: `auth:${action}:ip:${throttleIpSubject(ip)}`, rule: rules.ip }];
  if (rules.email !== undefined && email !== undefined) {
    const normalized = normalizeEmail(email);
    if (normalized.ok) hits.push({ key: `auth:${action}:email:${hashSecret(normalized.email)}`, rule: rules.email });
  }
  return hits;
}
