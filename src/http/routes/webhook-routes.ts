import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ErrorResponseSchema } from '../../schemas/error-response.ts';
import { CreateWebhookRequestSchema, WebhookDeletedResponseSchema, WebhookListResponseSchema, WebhookResponseSchema } from '../../schemas/webhook.ts';
import { DeliveryListQuerySchema, WebhookDeliveryListResponseSchema, WebhookDeliveryResponseSchema } from '../../schemas/webhook-delivery.ts';
import type { AccountWebhooks } from '../../use-cases/webhooks/account-webhooks.ts';
import { API_KEY_ONLY } from '../openapi/security-requirements.ts';
import { ANY_REQUEST, JSON_BODY, PATH_ID, type ErrorCase } from '../openapi/error-answers.ts';
import { requireApiKey } from '../require-api-key.ts';
import type { CallerResolverDeps } from '../resolve-caller.ts';

export interface WebhookRoutesDeps extends CallerResolverDeps {
  readonly webhooks: AccountWebhooks;
  readonly clock: () => number;
}

const errors = { '4xx': ErrorResponseSchema, '5xx': ErrorResponseSchema };
/** requireApiKey's refusals, which every webhook operation can answer. */
const KEY_ERRORS: readonly ErrorCase[] = [...ANY_REQUEST, 'invalid_api_key', 'auth_required', 'unverified_account'];
const IdParams = Type.Object({ id: Type.String({ maxLength: 200, description: 'The webhook id, wh_…' }) });
const DeliveryParams = Type.Object({
  id: Type.String({ maxLength: 200, description: 'The webhook id, wh_…' }),
  delivery_id: Type.String({ maxLength: 200, description: 'The delivery id from the log (22 letters and digits).' }),
});
/** What every operation on one webhook can answer besides its own cases. */
const ONE_WEBHOOK: readonly ErrorCase[] = [...KEY_ERRORS, ...PATH_ID, 'not_found'];

/**
 * The webhook endpoints (D28), API key only. There is no update
 * operation: PUT or PATCH answers 405 with Allow (register-error-handling.ts); the owner's
 * changes are actions (rotate-secret, enable) that say what they do.
 */
export function webhookRoutes(deps: WebhookRoutesDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    const account = async (request: Parameters<typeof requireApiKey>[0], endpoint: string) =>
      (await requireApiKey(request, deps, deps.clock(), endpoint)).accountId;

    app.post('/api/webhooks', {
      config: { errors: [...KEY_ERRORS, ...JSON_BODY] },
      schema: {
        operationId: 'createWebhook',
        summary: 'Register a webhook',
        description: 'API key only. The secret that keys X-Service-Signature is in this answer only. https only; a URL whose host resolves to a loopback, private, link-local, carrier-grade NAT, multicast or reserved address is refused. At most 10 per account. See docs/webhooks.md for the deliveries.',
        tags: ['webhooks'],
        security: API_KEY_ONLY,
        body: CreateWebhookRequestSchema,
        response: { 201: WebhookResponseSchema, ...errors },
      },
    }, async (request, reply) => {
      const accountId = await account(request, 'POST /api/webhooks');
      const webhook = await deps.webhooks.register(accountId, request.body);
      return reply.code(201).send({ success: true as const, webhook });
    });

    app.get('/api/webhooks', {
      config: { errors: KEY_ERRORS },
      schema: {
        operationId: 'listWebhooks',
        summary: 'List this account\'s webhooks',
        description: 'API key only. Every webhook of the account, active or not, with its last delivery (last_delivery_at, last_status); secrets are never shown again, only secret_hint.',
        tags: ['webhooks'],
        security: API_KEY_ONLY,
        response: { 200: WebhookListResponseSchema, ...errors },
      },
    }, async (request) => {
      const accountId = await account(request, 'GET /api/webhooks');
      return { success: true as const, webhooks: await deps.webhooks.list(accountId) };
    });

    app.get('/api/webhooks/:id', {
      config: { errors: [...KEY_ERRORS, ...PATH_ID, 'not_found'] },
      schema: {
        operationId: 'getWebhook',
        summary: 'One webhook, with its last delivery',
        description: 'API key only. 404 not_found for an id this account does not hold, whether or not another account holds it.',
        tags: ['webhooks'],
        security: API_KEY_ONLY,
        params: IdParams,
        response: { 200: WebhookResponseSchema, ...errors },
      },
    }, async (request) => {
      const accountId = await account(request, 'GET /api/webhooks/{id}');
      return { success: true as const, webhook: await deps.webhooks.get(accountId, request.params.id) };
    });

    app.delete('/api/webhooks/:id', {
      config: { errors: [...KEY_ERRORS, ...PATH_ID, 'not_found'] },
      schema: {
        operationId: 'deleteWebhook',
        summary: 'Delete a webhook',
        description: 'Its pending deliveries are dropped; an attempt already in flight completes.',
        tags: ['webhooks'],
        security: API_KEY_ONLY,
        params: IdParams,
        response: { 200: WebhookDeletedResponseSchema, ...errors },
      },
    }, async (request) => {
      const accountId = await account(request, 'DELETE /api/webhooks/{id}');
      await deps.webhooks.remove(accountId, request.params.id);
      return { success: true as const, id: request.params.id };
    });

    app.get('/api/webhooks/:id/deliveries', {
      config: { errors: [...ONE_WEBHOOK, 'validation_error'] },
      schema: {
        operationId: 'listWebhookDeliveries',
        summary: 'The webhook\'s delivery log',
        description: 'API key only. Its deliveries, newest first, each with its event, status and every attempt: time, HTTP status (0 for none), duration and the first 1 KB of the answer as text. Kept 7 days after they finish, as the outbox is. Paged by cursor (next_cursor); status filters. See docs/webhooks.md.',
        tags: ['webhooks'],
        security: API_KEY_ONLY,
        params: IdParams,
        querystring: DeliveryListQuerySchema,
        response: { 200: WebhookDeliveryListResponseSchema, ...errors },
      },
    }, async (request) => {
      const accountId = await account(request, 'GET /api/webhooks/{id}/deliveries');
      const { limit, ...query } = request.query;
      const page = await deps.webhooks.deliveries(accountId, request.params.id, limit === undefined ? query : { ...query, limit: Number(limit) });
      return { success: true as const, ...page };
    });

    app.post('/api/webhooks/:id/deliveries/:delivery_id/redeliver', {
      config: { errors: [...ONE_WEBHOOK, 'webhook_inactive', 'rate_limit_exceeded'] },
      schema: {
        operationId: 'redeliverWebhookDelivery',
        summary: 'Send a logged event again',
        description: 'API key only. A new delivery of the same event, due at once: the same body and event id (X-Service-Delivery: deduplicate on it), a fresh X-Service-Timestamp and a signature made with the secrets in force when it is sent. It is retried like any delivery. 409 webhook_inactive for a deactivated webhook: enable it first. At most 60 a minute per webhook.',
        tags: ['webhooks'],
        security: API_KEY_ONLY,
        params: DeliveryParams,
        response: { 202: WebhookDeliveryResponseSchema, ...errors },
      },
    }, async (request, reply) => {
      const accountId = await account(request, 'POST /api/webhooks/{id}/deliveries/{delivery_id}/redeliver');
      const delivery = await deps.webhooks.redeliver(accountId, request.params.id, request.params.delivery_id);
      return reply.code(202).send({ success: true as const, delivery });
    });

    app.post('/api/webhooks/:id/test', {
      config: { errors: [...ONE_WEBHOOK, 'rate_limit_exceeded'] },
      schema: {
        operationId: 'testWebhook',
        summary: 'Send a test event now',
        description: 'API key only. POSTs a signed webhook.test event to the webhook at once, active or not, and answers with the attempt: its HTTP status (0 for none), duration and the first 1 KB of the answer. One attempt, no retries; it waits for the answer up to 10 s. Logged like any delivery. At most 10 a minute per webhook.',
        tags: ['webhooks'],
        security: API_KEY_ONLY,
        params: IdParams,
        response: { 200: WebhookDeliveryResponseSchema, ...errors },
      },
    }, async (request) => {
      const accountId = await account(request, 'POST /api/webhooks/{id}/test');
      return { success: true as const, delivery: await deps.webhooks.sendTest(accountId, request.params.id) };
    });

    app.post('/api/webhooks/:id/rotate-secret', {
      config: { errors: ONE_WEBHOOK },
      schema: {
        operationId: 'rotateWebhookSecret',
        summary: 'Replace the signing secret',
        description: 'API key only. A new secret, in this answer only. For 24 hours deliveries carry both signatures, the new one first (X-Service-Signature: sha256=<new>,sha256=<old>; previous_secret_expires_at says until when), so receivers can switch without losing an event; then only the new one. Rotating again within the 24 hours drops the older secret at once.',
        tags: ['webhooks'],
        security: API_KEY_ONLY,
        params: IdParams,
        response: { 200: WebhookResponseSchema, ...errors },
      },
    }, async (request) => {
      const accountId = await account(request, 'POST /api/webhooks/{id}/rotate-secret');
      return { success: true as const, webhook: await deps.webhooks.rotateSecret(accountId, request.params.id) };
    });

    app.post('/api/webhooks/:id/enable', {
      config: { errors: ONE_WEBHOOK },
      schema: {
        operationId: 'enableWebhook',
        summary: 'Re-enable a deactivated webhook',
        description: 'API key only. Makes a webhook that was deactivated (10 events in a row failed every attempt) active again, with its count of failed events back to 0; the next events are delivered to it. Events made while it was inactive are not sent; redeliver them from the log. Enabling an active webhook changes nothing.',
        tags: ['webhooks'],
        security: API_KEY_ONLY,
        params: IdParams,
        response: { 200: WebhookResponseSchema, ...errors },
      },
    }, async (request) => {
      const accountId = await account(request, 'POST /api/webhooks/{id}/enable');
      return { success: true as const, webhook: await deps.webhooks.enable(accountId, request.params.id) };
    });
  };
}
