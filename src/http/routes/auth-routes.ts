import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { hashSecret } from '../../domain/accounts/hash-secret.ts';
import { authThrottleKeys, type AuthThrottledAction } from '../../domain/accounts/auth-throttle-rules.ts';
import type { Throttle } from '../../domain/limits/throttle.ts';
import type { LimitsTable } from '../../domain/limits/plans.ts';
import { TIERS } from '../../domain/accounts/tiers.ts';
import { ErrorResponseSchema } from '../../schemas/error-response.ts';
import { StringEnum } from '../../lib/string-enum.ts';
import type { AccountDeps } from '../../use-cases/accounts/account-deps.ts';
import { describeAccount } from '../../use-cases/accounts/describe-account.ts';
import { LINK_SENT_MESSAGE, requestPasswordReset, resendVerification, resetPassword, verifyEmail } from '../../use-cases/accounts/email-links.ts';
import { logIn } from '../../use-cases/accounts/log-in.ts';
import { logOut } from '../../use-cases/accounts/log-out.ts';
import { REGISTERED_MESSAGE, registerAccount } from '../../use-cases/accounts/register-account.ts';
import { rotateApiKey } from '../../use-cases/accounts/rotate-api-key.ts';
import type { AccountCaller } from '../../use-cases/caller.ts';
import { ACCOUNT, ACCOUNT_OR_ANONYMOUS, PUBLIC } from '../openapi/security-requirements.ts';
import { documentedResponses } from '../documented-success.ts';
import { ANY_REQUEST, JSON_BODY, type ErrorCase } from '../openapi/error-answers.ts';
import { enforceThrottle } from '../enforce-throttle.ts';
import { checkOrigin, requireAccountCaller, resolveCaller, type CallerResolverDeps } from '../resolve-caller.ts';
import { readCookie, SESSION_COOKIE, SESSION_TTL_MS, sessionCookieHeader } from '../session-cookie.ts';
import { verifyLandingPage } from '../pages/account-page-markup.ts';
import { renderWebPage } from '../pages/render-web-page.ts';
import type { WebAssets } from '../pages/web-assets.ts';
import { webPageHeaders } from '../pages/web-app-pages.ts';
import { SESSION_COOKIE_SET_HEADER } from '../openapi/documented-headers.ts';
import { withResponseHeaders } from '../openapi/with-response-headers.ts';

/** Bodies of the account endpoints are small: 16 KB. */
const AUTH_BODY_LIMIT_BYTES = 16 * 1024;

const Credentials = Type.Object({
  email: Type.String({ maxLength: 320, description: 'E-mail address.' }),
  password: Type.String({ maxLength: 1024, description: '8 to 128 characters.' }),
});
const EmailOnly = Type.Object({ email: Type.String({ maxLength: 320 }) });
// Fastify validates a missing body as null, so "no body" (the spec's payload: none) must be allowed as null.
const OptionalEmail = Type.Union([Type.Object({ email: Type.Optional(Type.String({ maxLength: 320 })) }), Type.Null()]);
const ResetBody = Type.Object({
  token: Type.String({ maxLength: 200, description: 'The token from the reset link.' }),
  password: Type.String({ maxLength: 1024, description: 'The new password, 8 to 128 characters.' }),
});
const Message = Type.Object({ success: Type.Literal(true), message: Type.String() });
const Success = Type.Object({ success: Type.Literal(true) });
const UserSummary = Type.Object({ email: Type.String(), tier: StringEnum(TIERS) });
const Errors = { '4xx': ErrorResponseSchema, '5xx': ErrorResponseSchema };

/** Every unsafe request here is refused with a foreign Origin (the onRequest hook below, D18). */
const UNSAFE: readonly ErrorCase[] = [...ANY_REQUEST, 'forbidden'];
/** The throttled actions: 429 per IP and per address, and the counters' store may be down. */
const THROTTLED: readonly ErrorCase[] = [...UNSAFE, ...JSON_BODY, 'rate_limit_exceeded', 'not_provisioned'];
/** resolveCaller's refusal of a key no account holds. */
const KEY: readonly ErrorCase[] = ['invalid_api_key'];

/** The verification link answers a web page, not JSON: described in the document only. */
/** The page's own heading and text (account-page-markup.ts) as the example, inside the page's frame. */
const pageExample = (verified: boolean) => `<!doctype html><html lang="en">…<main>${verifyLandingPage(verified).main}</main>…</html>`;
const verifyPageAnswers = documentedResponses({
  200: { description: 'The address is confirmed: a page that says so and links to sign-in.', content: { 'text/html': { schema: { type: 'string' }, example: pageExample(true) } } },
  400: { description: 'The token is missing, unknown, used or expired: a page that says how to get a new link.', content: { 'text/html': { schema: { type: 'string' }, example: pageExample(false) } } },
});

/** The answer of a password reset. */
export const PASSWORD_CHANGED_MESSAGE = 'Your password is changed and every session is signed out; sign in with the new password.';

export interface AuthRouteDeps {
  readonly accounts: AccountDeps;
  /** Counts login, registration, resend and reset attempts per IP and per address. */
  readonly throttle: Throttle;
  readonly callers: CallerResolverDeps;
  /** Secure cookies when the service is served over https. */
  readonly secureCookies: boolean;
  /** The plan table, for credits.total of /api/auth/me (D22). */
  readonly limits: LimitsTable;
  /** Unix ms; injected so tests can stand at any moment. */
  readonly clock: () => number;
  /** The web app's built files: the verification link lands on one of its pages. */
  readonly web: WebAssets;
}

/**
 * The account endpoints of the spec plus verify, forgot-password and reset-password.
 * Unsafe requests that carry a foreign Origin are refused before anything else: these are the
 * endpoints that set or use the session cookie, and only the service's own pages may call them
 * from a browser. Servers and scripts send no Origin and are unaffected.
 */
export function authRoutes(deps: AuthRouteDeps): FastifyPluginAsyncTypebox {
  const { accounts, callers } = deps;

  const requireAccount = (request: FastifyRequest): Promise<AccountCaller> => requireAccountCaller(request, callers, deps.clock());

  /** 429 rate_limit_exceeded with Retry-After once an IP or an address has had its share. */
  function throttle(request: FastifyRequest, reply: FastifyReply, action: AuthThrottledAction, email?: string): Promise<void> {
    return enforceThrottle(deps.throttle, reply, authThrottleKeys(action, request.ip, email), deps.clock(), 'attempts');
  }

  function setSessionCookie(reply: FastifyReply, value: string, maxAgeMs: number): void {
    reply.header('set-cookie', sessionCookieHeader(value, { secure: deps.secureCookies, maxAgeMs }));
  }

  return async (app) => {
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.headers.origin !== undefined) {
        checkOrigin(request, callers.publicOrigin);
      }
      done();
    });

    const common = { bodyLimit: AUTH_BODY_LIMIT_BYTES };

    app.post('/api/auth/register', {
      ...common,
      config: { errors: THROTTLED },
      schema: { operationId: 'register', summary: 'Create an account', description: 'Creates an account on the free plan and mails a verification link; the account generates as anonymous until the address is confirmed. The answer is the same whether or not the address already has an account, so it cannot be used to find accounts. Throttled per IP and per address (429 with Retry-After).', tags: ['accounts'], security: PUBLIC, body: Credentials, response: { 201: Message, ...Errors } },
    }, async (request, reply) => {
      await throttle(request, reply, 'register', request.body.email);
      await registerAccount(accounts, request.body, deps.clock());
      return reply.code(201).send({ success: true as const, message: REGISTERED_MESSAGE });
    });

    app.post('/api/auth/login', {
      ...common,
      config: { errors: [...THROTTLED, 'invalid_credentials'], swaggerTransform: withResponseHeaders(200, { 'set-cookie': SESSION_COOKIE_SET_HEADER }) },
      schema: { operationId: 'login', summary: 'Sign in and receive the session cookie', description: 'Sets the inv_session cookie (HttpOnly, SameSite=Lax) that the web pages use; scripts should use an API key instead. A wrong address or password is the same 401. Throttled per IP and per address (429 with Retry-After).', tags: ['accounts'], security: PUBLIC, body: Credentials, response: { 200: Type.Object({ success: Type.Literal(true), user: UserSummary }), ...Errors } },
    }, async (request, reply) => {
      await throttle(request, reply, 'login', request.body.email);
      const previous = readCookie(request.headers.cookie, SESSION_COOKIE);
      const session = await logIn(accounts, {
        ...request.body,
        previousSessionIdHash: previous === undefined ? undefined : hashOf(previous),
      }, deps.clock(), SESSION_TTL_MS);
      setSessionCookie(reply, session.sessionId, SESSION_TTL_MS);
      return { success: true as const, user: { email: session.email, tier: session.tier } };
    });

    app.post('/api/auth/logout', {
      ...common,
      config: { errors: [...UNSAFE, ...KEY], swaggerTransform: withResponseHeaders(200, { 'set-cookie': SESSION_COOKIE_SET_HEADER }) },
      schema: { operationId: 'logout', summary: 'End the session', description: 'Ends the session of the inv_session cookie, if any, and clears the cookie; without one it answers 200 all the same.', tags: ['accounts'], security: ACCOUNT_OR_ANONYMOUS, response: { 200: Success, ...Errors } },
    }, async (request, reply) => {
      const caller = await resolveCaller(request, callers, deps.clock());
      await logOut(accounts, caller);
      setSessionCookie(reply, '', 0);
      return { success: true as const };
    });

    app.get('/api/auth/me', {
      config: { errors: [...ANY_REQUEST, ...KEY, 'auth_required'] },
      schema: {
        operationId: 'getAccount', summary: 'The signed-in account', description: 'The account of the API key or session: e-mail address, plan, whether the address is confirmed, the current API key and this month\'s documents. Anonymous callers get 401 auth_required.', tags: ['accounts'], security: ACCOUNT,
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            user: Type.Object({
              email: Type.String(),
              tier: StringEnum(TIERS),
              email_verified: Type.Boolean(),
              api_key: Type.Unsafe<string | null>({ type: ['string', 'null'], description: 'The current key; null before the first one, and when it cannot be shown (see api_key_unavailable).' }),
              api_key_unavailable: Type.Optional(Type.String({ description: 'Only when a key is stored but cannot be shown, because it was sealed under another server encryption key: the key still works, and this message says how to get a new one; the rest of the answer is as usual.' })),
              credits: Type.Object({
                total: Type.Unsafe<number | null>({ type: ['integer', 'null'], description: 'Documents a month on this plan; null when unlimited.' }),
                used: Type.Integer({ description: 'Documents used this calendar month (UTC), rounded up: a PDF or UBL is 1, ten JSON answers 1.' }),
              }),
            }),
          }),
          ...Errors,
        },
      },
    }, async (request, reply) => {
      const caller = await requireAccount(request);
      reply.header('cache-control', 'no-store');
      const user = await describeAccount(accounts, caller.accountId, deps.limits, deps.clock());
      if (user.api_key_unavailable !== undefined) request.log.error({ account_id: caller.accountId }, 'stored API key cannot be opened: DATA_ENCRYPTION_KEY is not the key it was sealed with');
      return { success: true as const, user };
    });

    app.post('/api/auth/generate-api-key', {
      ...common,
      config: { errors: [...UNSAFE, ...KEY, 'auth_required', 'unverified_account'] },
      schema: { operationId: 'generateApiKey', summary: 'Create or rotate the API key', description: 'Creates the account\'s API key, or replaces it: the previous key stops working at once. Needs a confirmed e-mail address (403 unverified_account otherwise).', tags: ['accounts'], security: ACCOUNT, response: { 200: Type.Object({ success: Type.Literal(true), api_key: Type.String() }), ...Errors } },
    }, async (request, reply) => {
      const caller = await requireAccount(request);
      reply.header('cache-control', 'no-store');
      return { success: true as const, api_key: await rotateApiKey(accounts, caller, deps.clock()) };
    });

    app.post('/api/auth/resend-verification', {
      ...common,
      config: { errors: [...THROTTLED, ...KEY] },
      schema: { operationId: 'resendVerification', summary: 'Send the verification link again', description: 'For the signed-in account, or for the address in the body. The answer is the same whether or not a link was sent, so it cannot be used to find accounts. Throttled per IP and per address.', tags: ['accounts'], security: ACCOUNT_OR_ANONYMOUS, body: OptionalEmail, response: { 200: Message, ...Errors } },
    }, async (request, reply) => {
      const now = deps.clock();
      const caller = await resolveCaller(request, callers, now);
      await throttle(request, reply, 'resend-verification', caller.kind === 'account' ? caller.email : request.body?.email);
      if (caller.kind === 'account') await resendVerification(accounts, { accountId: caller.accountId }, now);
      else if (request.body?.email !== undefined) await resendVerification(accounts, { email: request.body.email }, now);
      return { success: true as const, message: LINK_SENT_MESSAGE };
    });

    app.get('/api/auth/verify', {
      schema: { operationId: 'verifyEmail', summary: 'Follow the verification link (answers an HTML page)', description: 'The link mailed at sign-up; a browser opens it. Answers an HTML page: 200 when the address is confirmed, 400 when the token is unknown, used or expired.', tags: ['accounts'], security: PUBLIC, querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) }) },
      config: { swaggerTransform: verifyPageAnswers },
    }, async (request, reply) => {
      const ok = await verifyEmail(accounts, request.query.token, deps.clock());
      return webPageHeaders(reply)
        .code(ok ? 200 : 400)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderWebPage(deps.web, { ...verifyLandingPage(ok), entry: 'account' }));
    });

    app.post('/api/auth/forgot-password', {
      ...common,
      config: { errors: THROTTLED },
      schema: { operationId: 'forgotPassword', summary: 'Mail a password-reset link', description: 'Mails a link to set a new password when the address has an account; the answer is the same either way. Throttled per IP and per address.', tags: ['accounts'], security: PUBLIC, body: EmailOnly, response: { 200: Message, ...Errors } },
    }, async (request, reply) => {
      await throttle(request, reply, 'forgot-password', request.body.email);
      await requestPasswordReset(accounts, request.body.email, deps.clock());
      return { success: true as const, message: LINK_SENT_MESSAGE };
    });

    app.post('/api/auth/reset-password', {
      ...common,
      config: { errors: THROTTLED },
      schema: { operationId: 'resetPassword', summary: 'Set a new password with the token from the reset link', description: 'Sets the new password and signs out every session of the account. An unknown, used or expired token is 400.', tags: ['accounts'], security: PUBLIC, body: ResetBody, response: { 200: Message, ...Errors } },
    }, async (request, reply) => {
      await throttle(request, reply, 'reset-password');
      await resetPassword(accounts, request.body, deps.clock());
      return { success: true as const, message: PASSWORD_CHANGED_MESSAGE };
    });
  };
}

/** The stored form of a presented session id, for rotation at login. */
function hashOf(sessionId: string): string | undefined {
  return /^[A-Za-z0-9_-]{43}$/.test(sessionId) ? hashSecret(sessionId) : undefined;
}
