import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ErrorResponseSchema } from '../../schemas/error-response.ts';
import type { Database } from '../../storage/database.ts';

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
});

/** GET /api/health: 200 when the service and its storage answer, 503 not_provisioned otherwise. */
export function healthRoute(database: Database, version: string): FastifyPluginAsyncTypebox {
  const startedAt = Date.now();
  return async (app) => {
    app.get('/api/health', {
      schema: {
        operationId: 'getHealth',
        summary: 'Service and storage status',
        tags: ['service'],
        response: { 200: HealthSchema, 503: ErrorResponseSchema },
      },
    }, async (request, reply) => {
      const t0 = performance.now();
      try {
        await database.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'storage ping failed');
        return reply.code(503).send({
          success: false,
          error: { code: 'not_provisioned', message: `The ${database.dialect} storage is not reachable; the service cannot take requests until it is.` },
        });
      }
      return {
        success: true as const,
        status: 'ok' as const,
        version,
        uptime_s: Math.floor((Date.now() - startedAt) / 1000),
        storage: { dialect: database.dialect, ok: true, latency_ms: Math.round((performance.now() - t0) * 100) / 100 },
      };
    });
  };
}
