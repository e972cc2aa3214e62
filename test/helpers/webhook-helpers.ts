import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ReceivedDelivery } from './start-webhook-receiver.ts';

export type Json = Record<string, any>;

/** The test receivers listen on localhost: only these tests exempt it from the address guard. */
export const ALLOW_LOCALHOST = { OUTBOUND_ALLOW_HOSTS: 'localhost' } as const;

export function createWebhook(app: FastifyInstance, apiKey: string, payload: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/webhooks', payload: payload as Json, headers: { authorization: `Bearer ${apiKey}`, ...headers } });
}

/** Registers a webhook and returns its creation answer's webhook (with the secret). */
export async function webhookFor(app: FastifyInstance, apiKey: string, url: string, events?: string[]): Promise<Json> {
  const res = await createWebhook(app, apiKey, events === undefined ? { url } : { url, events });
  assert.equal(res.statusCode, 201, res.body);
  return (res.json() as Json).webhook as Json;
}

export async function getWebhook(app: FastifyInstance, apiKey: string, id: string): Promise<Json> {
  const res = await app.inject({ method: 'GET', url: `/api/webhooks/${id}`, headers: { authorization: `Bearer ${apiKey}` } });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as Json).webhook as Json;
}

/**
 * What a receiver does (docs/webhooks.md): HMAC-SHA256 of the raw bytes with the secret, compared
 * in constant time with the header. Written independently of the service's signing code.
 */
export function signatureValid(secret: string, delivery: ReceivedDelivery): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(delivery.raw).digest('hex')}`);
  const got = Buffer.from(String(delivery.headers['x-service-signature'] ?? ''));
  return got.length === expected.length && timingSafeEqual(got, expected);
}

export const parsed = (delivery: ReceivedDelivery): Json => JSON.parse(delivery.raw.toString('utf8')) as Json;
