import type { FastifyInstance } from 'fastify';
import type { AppError } from '../errors/app-error.ts';
import type { JsonShapeLimits } from '../requests/check-json-shape.ts';
import { jsonShapeLimits } from '../requests/json-shape-limits.ts';
import { parseJsonBody } from '../requests/parse-json-body.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's JSON shape limits. Set by the route when its body schema does not bound them
     * (POST /api/batch checks its invoices one by one); computed from the body schema otherwise.
     */
    jsonShape?: JsonShapeLimits;
  }
}

/** A route with no body schema takes no body: a few objects and keys of room (json-shape-limits.ts). */
const NO_BODY_LIMITS = jsonShapeLimits(undefined);

/**
 * Makes JSON the only body type, parsed with the limits of the route it is sent to:
 * each route's limits are sized when it is added, from its largest legal body, so the largest
 * legal batch is not refused while a body that only costs parse time is refused on every route.
 * Must be registered before the routes, so the onRoute hook sees them all.
 */
export function registerJsonParser(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.jsonShape !== undefined) return;
    try {
      route.config = { ...route.config, jsonShape: route.schema?.body === undefined ? NO_BODY_LIMITS : jsonShapeLimits(route.schema.body) };
    } catch (error) {
      throw new TypeError(`${String(route.method)} ${route.url}: ${(error as Error).message}`);
    }
  });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    try {
      done(null, parseJsonBody(body as string, request.routeOptions.config.jsonShape ?? NO_BODY_LIMITS));
    } catch (error) {
      done(error as AppError, undefined);
    }
  });
}
