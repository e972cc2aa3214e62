import type { FastifyRequest } from 'fastify';
import { API_KEY_PATTERN } from '../domain/accounts/generate-api-key.ts';
import { AppError } from '../errors/app-error.ts';
import { findKeyCaller } from '../use-cases/accounts/find-key-caller.ts';
import { findSessionCaller } from '../use-cases/accounts/find-session-caller.ts';
import { unverifiedAccountError } from '../use-cases/accounts/unverified-account-error.ts';
import type { AccountCaller, Caller } from '../use-cases/caller.ts';
import type { UseCaseDb } from '../use-cases/use-case-db.ts';
import { readCookie, SESSION_COOKIE } from './session-cookie.ts';

export interface CallerResolverDeps {
  readonly db: UseCaseDb;
  /** scheme://host[:port] of PUBLIC_URL: the only Origin a cookie-authenticated unsafe request may carry. */
  readonly publicOrigin: string;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SESSION_ID_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const INVALID_KEY = 'The API key is unknown, revoked or malformed: send Authorization: Bearer inv_… with the key from /api/auth/me, or generate a new one.';

/**
 * Who is asking, resolved the same way on every route: an API key (Authorization: Bearer), else
 * a session cookie, else anonymous by client IP (request.ip honours X-Forwarded-For only when
 * TRUST_PROXY says so). A presented key that does not resolve is an error, never a silent
 * downgrade to anonymous; a stale cookie is simply ignored, as browsers keep them. An account
 * whose address is not confirmed is resolved as itself (`verified: false`), so /api/auth/me,
 * logout and resend-verification work; generation and account-only routes apply the unverified-account rule through
 * resolveGenerationCaller, requireVerifiedAccount and requireApiKey.
 */
export async function resolveCaller(request: FastifyRequest, deps: CallerResolverDeps, now: number): Promise<Caller> {
  const authorization = request.headers.authorization;
  if (authorization !== undefined) {
    // RFC 9110 §11.1: the scheme is case-insensitive; spaces between scheme and key are 1*SP.
    const match = /^Bearer +(\S+)$/i.exec(authorization.trim());
    if (match === null || !API_KEY_PATTERN.test(match[1]!)) throw new AppError('invalid_api_key', INVALID_KEY);
    const caller = await findKeyCaller(deps.db, match[1]!);
    if (caller === undefined) throw new AppError('invalid_api_key', INVALID_KEY);
    return caller;
  }

  const caller = await sessionCaller(request, deps, now);
  if (caller !== undefined) {
    if (!SAFE_METHODS.has(request.method)) checkOrigin(request, deps.publicOrigin);
    return caller;
  }
  return { kind: 'anonymous', ip: request.ip };
}

/**
 * The account of the request's session cookie, or undefined, without the CSRF check: for
 * resolveCaller, and for choosing which refusal to give (require-api-key.ts), never to act.
 */
export async function sessionCaller(request: FastifyRequest, deps: CallerResolverDeps, now: number): Promise<AccountCaller | undefined> {
  const sessionId = readCookie(request.headers.cookie, SESSION_COOKIE);
  if (sessionId === undefined || !SESSION_ID_SHAPE.test(sessionId)) return undefined;
  return findSessionCaller(deps.db, sessionId, now);
}

/**
 * D43: who a generation counts for. An account whose e-mail address is not confirmed generates
 * as anonymous (per-IP windows, JSON totals only, nothing numbered or metered), so a fresh
 * sign-up cannot make PDFs or hosted links on this domain. The rule is on the account, not the
 * credential: it holds for a session and for an API key alike (docs/accounts.md).
 */
export async function resolveGenerationCaller(request: FastifyRequest, deps: CallerResolverDeps, now: number): Promise<Caller> {
  const caller = await resolveCaller(request, deps, now);
  return caller.kind === 'account' && !caller.verified ? { kind: 'anonymous', ip: request.ip, unverified: true } : caller;
}

/** resolveCaller for routes that need an account (API key or session): anonymous is 401. */
export async function requireAccountCaller(request: FastifyRequest, deps: CallerResolverDeps, now: number): Promise<AccountCaller> {
  const caller = await resolveCaller(request, deps, now);
  if (caller.kind !== 'account') {
    throw new AppError('auth_required', 'Sign in first (POST /api/auth/login) or send Authorization: Bearer <API key>.');
  }
  return caller;
}

/**
 * requireAccountCaller for what an account alone may do: an account whose e-mail address
 * is not confirmed is 403 unverified_account, whose message says how to get a new link.
 */
export async function requireVerifiedAccount(request: FastifyRequest, deps: CallerResolverDeps, now: number, what: string): Promise<AccountCaller> {
  const caller = await requireAccountCaller(request, deps, now);
  if (!caller.verified) throw unverifiedAccountError(what);
  return caller;
}

/**
 * D18 CSRF rule: a cookie-authenticated unsafe request must carry the service's own Origin.
 * Browsers send Origin on every cross-origin POST and on same-origin ones too, so a missing
 * Origin is refused as well.
 */
export function checkOrigin(request: FastifyRequest, publicOrigin: string): void {
  const origin = request.headers.origin;
  if (origin !== publicOrigin) {
    throw new AppError('forbidden', `This request was authenticated by a session cookie and must come from ${publicOrigin} (Origin header); use an API key from other origins or from servers.`);
  }
}
