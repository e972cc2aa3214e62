import type { SwaggerTransform } from '@fastify/swagger';

/**
 * A route's swaggerTransform that declares response headers on one status, for headers a route
 * sets itself (reply.header, a cookie) and no schema describes. The headers go beside the answer's
 * schema, where @fastify/swagger reads them (register-openapi.ts); validation is untouched.
 */
export function withResponseHeaders(status: number, headers: Readonly<Record<string, object>>): SwaggerTransform {
  return ({ schema, url }) => {
    const response = (schema.response ?? {}) as Record<string, { headers?: object }>;
    const answer = response[status];
    return { url, schema: { ...schema, response: { ...response, [status]: { ...answer, headers: { ...answer?.headers, ...headers } } } } };
  };
}
