import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ErrorResponseSchema } from '../../schemas/error-response.ts';
import { CreateWebhookRequestSchema, WebhookDeletedResponseSchema, WebhookListResponseSchema, WebhookResponseSchema } from '../../schemas/webhook.ts';
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

/**
 * The webhook endpoints (spec Webhooks, D28), API key only. There is no update operation: PUT or
 * PATCH answers 405 with Allow (register-error-handling.ts); delete and create instead.
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
        description: 'API key only. The secret that keys X-Service-Signature is in this answer only. https only; a URL whose host resolves to a loopback, private, link-local, carrier-grade NAT, multicast or reserved address is refused. At most 10 per account (D28). See docs/webhooks.md for the deliveries.',
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
        description: 'Its pending deliveries are dropped; an attempt already in flight completes (D28).',
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
  };
}
