import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createDatabase } from '../../src/storage/create-database.ts';
import type { Database } from '../../src/storage/database.ts';
import { buildTestApp, type BuildTestAppOptions, type TestApp } from './build-test-app.ts';
import { startSmtpTestServer, type ReceivedMail, type SmtpTestServer } from './smtp-test-server.ts';

/** The default PUBLIC_URL's origin: the only Origin a cookie-authenticated unsafe request may carry. */
export const ORIGIN = 'http://127.0.0.1:3000';
export const FOREIGN_ORIGIN = 'https://evil.example';
export const SUBJECT_VERIFY = 'Confirm your e-mail address';
export const SUBJECT_RESET = 'Reset your password';
export const SUBJECT_ATTEMPT = 'Someone tried to register with your e-mail address';
export const SESSION_COOKIE_PATTERN = /^inv_session=([A-Za-z0-9_-]{43}); Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000$/;

export interface AccountsApp {
  readonly t: TestApp;
  readonly app: FastifyInstance;
  readonly smtp: SmtpTestServer;
  /** A second connection to the app's SQLite file, for rows the HTTP interface cannot make (expired ones). */
  sideDatabase(): Promise<Database>;
  close(): Promise<void>;
}

/**
 * The real app with real SMTP delivery to a test server, on SQLite or (postgres: true) PostgreSQL.
 * smtpUrl sends the app's mail elsewhere instead (a server that never answers, for example).
 * clock, idempotencyWaitMs, pdfRenderer and postgresSchema go to buildTestApp as they are; a
 * dataDir given here is used for SQLite and left in place on close, so a second app can start
 * on the same data (its creator deletes it).
 */
export async function startAccountsApp(
  options: { postgres?: boolean; smtpUrl?: string; env?: Record<string, string> }
    & Pick<BuildTestAppOptions, 'clock' | 'idempotencyWaitMs' | 'pdfRenderer' | 'postgresSchema' | 'dataDir' | 'webhookTimeoutMs' | 'webhookPollIntervalMs'> = {},
): Promise<AccountsApp> {
  const smtp = await startSmtpTestServer();
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'invoice-accounts-'));
  const t = await buildTestApp({ ...options.env, SMTP_URL: options.smtpUrl ?? smtp.url, DATA_DIR: dataDir }, {
    postgres: options.postgres ?? false,
    ...(options.postgresSchema === undefined ? {} : { postgresSchema: options.postgresSchema }),
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    ...(options.idempotencyWaitMs === undefined ? {} : { idempotencyWaitMs: options.idempotencyWaitMs }),
    ...(options.pdfRenderer === undefined ? {} : { pdfRenderer: options.pdfRenderer }),
    ...(options.webhookTimeoutMs === undefined ? {} : { webhookTimeoutMs: options.webhookTimeoutMs }),
    ...(options.webhookPollIntervalMs === undefined ? {} : { webhookPollIntervalMs: options.webhookPollIntervalMs }),
  });
  fromManyAddresses(t.app);
  let side: Database | undefined;
  return {
    t,
    app: t.app,
    smtp,
    async sideDatabase() {
      if (options.postgres || options.postgresSchema !== undefined) throw new Error('sideDatabase is for SQLite only');
      side ??= await createDatabase({ kind: 'sqlite', file: path.join(dataDir, 'invoice.db') });
      return side;
    },
    async close() {
      await side?.close();
      await t.close();
      await smtp.close();
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let lastTestIp = 0;

/**
 * Makes every injected request come from its own client address (10.x.y.z) unless the test names
 * one, so the per-IP auth throttles, which these tests are not about, never step in;
 * accounts-throttle.test.ts tests them.
 */
function fromManyAddresses(app: FastifyInstance): void {
  const inject = app.inject.bind(app) as (options: Record<string, unknown>) => Promise<LightMyRequestResponse>;
  (app as unknown as { inject: unknown }).inject = (options: Record<string, unknown>) => {
    lastTestIp += 1;
    const remoteAddress = `10.${(lastTestIp >> 16) & 255}.${(lastTestIp >> 8) & 255}.${lastTestIp & 255}`;
    return inject({ remoteAddress, ...options });
  };
}

export const uniqueEmail = (label = 'user'): string => `${label}-${randomUUID().slice(0, 8)}@example.com`;

export type Json = Record<string, any>;
export const body = (res: LightMyRequestResponse): Json => res.json() as Json;

export function setCookieOf(res: LightMyRequestResponse): string | undefined {
  const header = res.headers['set-cookie'];
  if (Array.isArray(header)) {
    assert.equal(header.length, 1, 'one Set-Cookie header');
    return header[0];
  }
  return header;
}

/** The session id from a login response, after checking every attribute of the cookie (D18). */
export function sessionFrom(res: LightMyRequestResponse): string {
  const header = setCookieOf(res);
  const match = SESSION_COOKIE_PATTERN.exec(header ?? '');
  assert.ok(match, `session cookie with D18 attributes, got ${header}`);
  return match[1]!;
}

export const cookie = (sessionId: string): Record<string, string> => ({ cookie: `inv_session=${sessionId}` });
/** What a browser on the service's own page sends with an unsafe request. */
export const browser = (sessionId: string): Record<string, string> => ({ ...cookie(sessionId), origin: ORIGIN });
export const bearer = (key: string): Record<string, string> => ({ authorization: `Bearer ${key}` });

export function register(app: FastifyInstance, email: string, password: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password } });
}

export function logIn(app: FastifyInstance, email: string, password: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers });
}

export function me(app: FastifyInstance, headers: Record<string, string>): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: '/api/auth/me', headers });
}

export function generateKey(app: FastifyInstance, headers: Record<string, string>): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/auth/generate-api-key', headers });
}

export function generateInvoice(app: FastifyInstance, payload: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/generate-invoice', payload: payload as Json, headers });
}

/** Runs `action`, then waits for the first mail it caused to `to` with `subject`. */
export async function mailAfter(smtp: SmtpTestServer, to: string, subject: string, action: () => Promise<unknown>): Promise<ReceivedMail> {
  const before = smtp.messages.length;
  await action();
  return smtp.waitForMessage((m) => smtp.messages.indexOf(m) >= before && m.to === to && m.subject === subject);
}

/** The token of the one link in a mail that starts with `${ORIGIN}${pagePath}?token=`. */
export function tokenIn(mail: ReceivedMail, pagePath: string): string {
  const prefix = `${ORIGIN}${pagePath}?token=`;
  const links = mail.text.split(/\s+/).filter((word) => word.startsWith(prefix));
  assert.equal(links.length, 1, `one ${pagePath} link in: ${mail.text}`);
  const token = new URL(links[0]!).searchParams.get('token') ?? '';
  assert.match(token, /^[A-Za-z0-9_-]{43}$/);
  return token;
}

export function followVerifyLink(app: FastifyInstance, token: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: `/api/auth/verify?token=${token}` });
}

export interface SignedUp {
  readonly email: string;
  readonly password: string;
  readonly sessionId: string;
  readonly verifyToken: string;
}

/** Registers (201), optionally follows the mailed link (200), and logs in (200). */
export async function signUp(ctx: AccountsApp, options: { verify?: boolean; label?: string } = {}): Promise<SignedUp> {
  const email = uniqueEmail(options.label);
  const password = `pw-${randomUUID()}`;
  const mail = await mailAfter(ctx.smtp, email, SUBJECT_VERIFY, async () => {
    assert.equal((await register(ctx.app, email, password)).statusCode, 201);
  });
  const verifyToken = tokenIn(mail, '/api/auth/verify');
  if (options.verify ?? true) assert.equal((await followVerifyLink(ctx.app, verifyToken)).statusCode, 200);
  const login = await logIn(ctx.app, email, password);
  assert.equal(login.statusCode, 200, login.body);
  return { email, password, sessionId: sessionFrom(login), verifyToken };
}

/** A verified, signed-in account with an API key made through the session. */
export async function signUpWithKey(ctx: AccountsApp, label?: string): Promise<SignedUp & { apiKey: string }> {
  const account = await signUp(ctx, label === undefined ? {} : { label });
  const res = await generateKey(ctx.app, browser(account.sessionId));
  assert.equal(res.statusCode, 200, res.body);
  return { ...account, apiKey: body(res).api_key as string };
}
