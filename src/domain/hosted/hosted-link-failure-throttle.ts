import type { ThrottleHit } from '../limits/hit-throttles.ts';
import type { ThrottleRule } from '../limits/throttle.ts';
import { throttleIpSubject } from '../limits/throttle-ip-subject.ts';

/**
 * Failed opens of hosted links (unknown id, wrong or incomplete t, expired: all one 404) a
 * client IP (IPv4 address or IPv6 /64) may make per 15 minutes; the next open from it, even of a
 * valid link, answers 429 until the window ends.
 *
 * Only failures count. A link is meant to be shared: an office behind one NAT may open one
 * invoice hundreds of times, and none of that is counted. A person mistypes or opens an expired
 * link a few times; 50 leaves room for someone going through a mailbox of old links. Guessing
 * needs failures by the billion (ids hold 128 random bits), so what this bounds is the work one
 * host can make us do: a lookup, an HMAC and a counter write per failure, then one counter read.
 * Limits: a holder of many addresses gets 50 per address, as with every per-IP throttle.
 */
export const HOSTED_LINK_FAILURE_RULE: ThrottleRule = Object.freeze({ limit: 50, windowS: 15 * 60 });

/** The counter of failed opens of one client: `hosted:fail:ip:<IPv4 or IPv6 /64>`. */
export function hostedLinkFailureHit(ip: string): ThrottleHit {
  return { key: `hosted:fail:ip:${throttleIpSubject(ip)}`, rule: HOSTED_LINK_FAILURE_RULE };
}
