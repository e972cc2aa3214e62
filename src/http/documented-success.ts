import type { SwaggerTransform } from '@fastify/swagger';

/**
 * Replaces the 200 answer in the OpenAPI description only. Routes that answer files (PDF, XML)
 * beside JSON describe them this way: a per-content-type response schema at run time would make
 * Fastify parse the content type of every JSON answer to pick its serializer, and files are sent
 * as they are, never serialized.
 */
export function documentedSuccess(success: Record<string, unknown>): SwaggerTransform {
  return ({ schema, url }) => ({
    url,
    schema: { ...schema, response: { ...(schema.response as Record<string, unknown>), 200: success } },
  });
}

/** Replaces every answer in the OpenAPI description, for routes whose answers are not JSON (an HTML page). */
export function documentedResponses(responses: Record<string, unknown>): SwaggerTransform {
  return ({ schema, url }) => ({ url, schema: { ...schema, response: responses } });
}
