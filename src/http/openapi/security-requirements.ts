/**
 * The credentials the service reads (spec Authentication; resolve-caller.ts), as OpenAPI security
 * schemes, and the requirement each kind of operation declares. A requirement list is an OR of its
 * entries; `{}` is the empty requirement, "no credential", which is how OpenAPI says a credential
 * is optional. A public operation declares `[]` (no requirement at all) rather than leaving
 * `security` out, so a linter (and a reader) sees it was decided, not forgotten.
 */
export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'inv_…',
    description: 'The account\'s API key: `Authorization: Bearer inv_…`. Get it from POST /api/auth/generate-api-key or GET /api/auth/me. A key no account holds is 401 invalid_api_key, never silent anonymous treatment.',
  },
  cookieAuth: {
    type: 'apiKey',
    in: 'cookie',
    name: 'inv_session',
    description: 'The session cookie set by POST /api/auth/login, for the service\'s own web pages: an unsafe request authenticated by it must carry the service\'s own Origin, else 403 forbidden.',
  },
} as const;

type Requirement = Readonly<Partial<Record<keyof typeof SECURITY_SCHEMES, readonly []>>>;

/** Batch and webhooks: an API key, never a session (spec Authentication rule 1, require-api-key.ts). */
export const API_KEY_ONLY: readonly Requirement[] = [{ bearerAuth: [] }];

/** The account's own endpoints (me, usage, generate-api-key): an API key or a session (requireAccountCaller). */
export const ACCOUNT: readonly Requirement[] = [{ bearerAuth: [] }, { cookieAuth: [] }];

/**
 * generate-invoice, logout, resend-verification: a key or a session if sent, else anonymous. An
 * anonymous generation gets JSON totals only (403 auth_required for pdf, ubl, cii, hosted link, QR).
 */
export const ACCOUNT_OR_ANONYMOUS: readonly Requirement[] = [{ bearerAuth: [] }, { cookieAuth: [] }, {}];

/** Health, sign-up, login, password reset, e-mail verification, hosted links (protected by their signature t). */
export const PUBLIC: readonly Requirement[] = [];
