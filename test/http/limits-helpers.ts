import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../helpers/build-test-app.ts';

export type Json = Record<string, any>;

let lastAddress = 0;
/** Log lines whose link a test already followed. */
const used = new WeakSet<object>();
/** A fresh client address per call (10.200.x.y), so the per-IP auth throttles never step in. */
export function freshAddress(): string {
  lastAddress += 1;
  return `10.200.${(lastAddress >> 8) & 255}.${lastAddress & 255}`;
}

/**
 * A verified account with an API key, made through the HTTP API on an app without SMTP: the
 * verification link is read from the log line of the file outbox, as a local user would.
 */
export async function accountKey(t: TestApp): Promise<{ email: string; apiKey: string }> {
  const email = `limits-${randomUUID().slice(0, 8)}@example.com`;
  const password = `pw-${randomUUID()}`;
  const inject = (options: Record<string, unknown>) => t.app.inject({ remoteAddress: freshAddress(), ...options });
  assert.equal((await inject({ method: 'POST', url: '/api/auth/register', payload: { email, password } })).statusCode, 201);
  // The mail is written after the 201 is sent; wait for its log line.
  const isLink = (entry: Record<string, unknown>) =>
    entry.msg === 'mail written to outbox' && (entry.links as string[]).some((link) => link.includes('/api/auth/verify?token='));
  let line: Record<string, unknown> | undefined;
  for (let waited = 0; line === undefined && waited < 5000; waited += 10) {
    line = t.logs.find((entry) => isLink(entry) && !used.has(entry));
    if (line === undefined) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.ok(line, 'the outbox logged the verification link');
  used.add(line);
  const link = new URL((line.links as string[]).find((l) => l.includes('/api/auth/verify?token='))!);
  assert.equal((await inject({ method: 'GET', url: `${link.pathname}${link.search}` })).statusCode, 200);
  const login = await inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  assert.equal(login.statusCode, 200, login.body);
  const cookie = String(login.headers['set-cookie']).split(';')[0]!;
  const key = await inject({ method: 'POST', url: '/api/auth/generate-api-key', headers: { cookie, origin: 'http://127.0.0.1:3000' } });
  assert.equal(key.statusCode, 200, key.body);
  return { email, apiKey: (key.json() as Json).api_key as string };
}

export function generate(
  app: FastifyInstance,
  payload: unknown,
  options: { apiKey?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/generate-invoice',
    payload: payload as Json,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: { ...(options.apiKey === undefined ? {} : { authorization: `Bearer ${options.apiKey}` }), ...options.headers },
  });
}

export async function credits(app: FastifyInstance, apiKey: string): Promise<{ total: number | null; used: number }> {
  const res = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${apiKey}` } });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as Json).user.credits;
}

/** A clock the test moves by hand. */
export function manualClock(startIso: string): { now: () => number; set(iso: string): void; advance(ms: number): void } {
  let current = Date.parse(startIso);
  return {
    now: () => current,
    set(iso) { current = Date.parse(iso); },
    advance(ms) { current += ms; },
  };
}

export const at = (iso: string) => Date.parse(iso);
export const sec = (iso: string) => Date.parse(iso) / 1000;
