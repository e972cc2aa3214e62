import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ErrorResponseSchema } from '../../schemas/error-response.ts';
import { checkHealth, type HealthCounters, type HealthStorage } from '../../use-cases/health/check-health.ts';
import { PUBLIC } from '../openapi/security-requirements.ts';
import { ANY_REQUEST } from '../openapi/error-answers.ts';

const HealthSchema = Type.Object({
  success: Type.Literal(true),
  status: Type.Literal('ok'),
  version: Type.String(),
  uptime_s: Type.Integer(),
  storage: Type.Object({
    dialect: Type.String({ description: 'sqlite or postgres' }),
    ok: Type.Boolean(),
    latency_ms: Type.Number(),
  }),
  counters: Type.Object({
    store: Type.String({ description: 'database, or redis when REDIS_URL is set: where the hourly and weekly windows and the throttles are counted.' }),
    ok: Type.Boolean(),
    latency_ms: Type.Number(),
  }),
});

/**
 * GET /api/health: 200 when the service, its storage and its counters answer, 503 not_provisioned
 * otherwise. Redis is checked too: without it every counted request fails, so a balancer should
 * take the instance out (docs/deploy.md).
 */
export function healthRoute(database: HealthStorage, counters: HealthCounters, version: string): FastifyPluginAsyncTypebox {
  const startedAt = Date.now();
  return async (app) => {
    app.get('/api/health', {
      config: { errors: [...ANY_REQUEST, 'not_provisioned'] },
      schema: {
        operationId: 'getHealth',
        summary: 'Service and storage status',
        description: 'Answers 200 when the database (and Redis, when REDIS_URL is set) answer a query, with how long each took; 503 not_provisioned when one does not. For load balancers and monitoring; neither counted nor metered.',
        tags: ['service'],
        security: PUBLIC,
        response: { 200: HealthSchema, 503: ErrorResponseSchema },
      },
    }, async (request, reply) => {
      const report = await checkHealth(database, counters);
      if (!report.ok) {
        const storage = report.unreachable === 'storage';
        request.log.warn({ err: report.error }, storage ? 'storage ping failed' : 'redis ping failed');
        return reply.code(503).send(unreachable(storage
          ? `The ${database.dialect} storage is not reachable; the service cannot take requests until it is.`
          : 'Redis (REDIS_URL) is not reachable; requests that count against a limit cannot be taken until it is.'));
      }
      return {
        success: true as const,
        status: 'ok' as const,
        version,
        uptime_s: Math.floor((Date.now() - startedAt) / 1000),
        storage: { dialect: report.storage.dialect, ok: true, latency_ms: report.storage.latencyMs },
        counters: { store: report.counters.store, ok: true, latency_ms: report.counters.latencyMs },
      };
    });
  };
}

const unreachable = (message: string) => ({ success: false as const, error: { code: 'not_provisioned' as const, message } });
