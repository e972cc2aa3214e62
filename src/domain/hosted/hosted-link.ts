import { createHmac } from 'node:crypto';
import { secretsEqual } from '../accounts/hash-secret.ts';
import { randomBase62 } from '../../lib/random-base62.ts';

/** D24: a hosted link lives exactly 7 days. */
export const HOSTED_LINK_LIFETIME_S = 7 * 24 * 60 * 60;

/** 22 base62 characters hold 22 × log2(62) ≈ 131 random bits, more than 128, so an id cannot be guessed. */
export const HOSTED_ID_LENGTH = 22;
export const HOSTED_ID_PATTERN = /^[0-9A-Za-z]{22}$/;

/** A signed link to one invoice snapshot. */
export interface HostedLink {
  readonly id: string;
  /** Unix second the link dies at: the second it was made in, plus 7 days. */
  readonly expiresAt: number;
  /** base64url HMAC-SHA256 of id and expiresAt; 43 characters. */
  readonly t: string;
  readonly url: string;
}

/**
 * A new link made at nowMs. The life is counted in whole seconds from the second of creation, so
 * hosted_expires_at (Unix seconds) is exactly when the link stops working: a link made at any
 * moment of second S works until S + 7 days, and not at that second or after.
 */
export function newHostedLink(secret: string, publicUrl: string, nowMs: number): HostedLink {
  const id = randomBase62(HOSTED_ID_LENGTH);
  const expiresAt = Math.floor(nowMs / 1000) + HOSTED_LINK_LIFETIME_S;
  const t = signHostedLink(secret, id, expiresAt);
  return { id, expiresAt, t, url: hostedUrl(publicUrl, id, t) };
}

/** t = base64url(HMAC-SHA256(secret, "<id>.<expires_at>")). */
export function signHostedLink(secret: string, id: string, expiresAt: number): string {
  return createHmac('sha256', secret).update(`${id}.${expiresAt}`).digest('base64url');
}

/**
 * Whether t is the signature of this id and expiry, compared in constant time: the time
 * depends on the length of t only, and every valid t has the same public length (43).
 */
export function hostedSignatureMatches(secret: string, id: string, expiresAt: number, t: string): boolean {
  return secretsEqual(signHostedLink(secret, id, expiresAt), t);
}

/** Whether a link that dies at expiresAt (Unix seconds) still works at nowMs. */
export function hostedLinkAlive(expiresAt: number, nowMs: number): boolean {
  return nowMs < expiresAt * 1000;
}

/** `<public url>/api/i/<id>?t=<t>`; id and t are URL-safe as they are. */
export function hostedUrl(publicUrl: string, id: string, t: string): string {
  return `${publicUrl}/api/i/${id}?t=${t}`;
}
