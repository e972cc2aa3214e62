import assert from 'node:assert/strict';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { validInvoice } from './build-test-app.ts';

export type Json = Record<string, any>;

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

/**
 * A JSON request without a hosted link: 0.1 document. With the link (on by default for accounts) a
 * JSON answer is metered as a PDF (D42), which tests of the windows and the month do not want.
 */
export function jsonWithoutLink(): Json {
  return { ...validInvoice(), features: { hosted_link: false } };
}
