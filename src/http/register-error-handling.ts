import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import { statusOf } from '../errors/error-codes.ts';
import { pathOf } from './path-of.ts';
import { toAppError } from './to-app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a 413 on this route tells the caller to do; the default suits a route without images. */
    bodyTooLargeAdvice?: string;
  }
}

/** Sends the one error shape `{success:false, error:{code, message, ...details}}` (D16). */
export function sendError(reply: FastifyReply, error: AppError, frameworkStatus?: number): FastifyReply {
  const status = frameworkStatus ?? statusOf(error.code, error.variant);
  if (error.retryAfterS !== undefined) reply.header('retry-after', String(error.retryAfterS));
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ success: false, error: { code: error.code, message: error.message, ...error.details } });
}

interface KnownRoute {
  pattern: RegExp;
  methods: Set<string>;
}

function patternOf(url: string): RegExp {
  const body = url
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${body}/?$`);
}

/**
 * Installs the error handler, the 404 handler and 405 detection. Must be registered before any
 * route so the onRoute hook sees them all: Fastify answers an unknown method on a known path as a
 * 404, while the API answers 405 with an Allow header, so the known paths are kept here.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  const routes = new Map<string, KnownRoute>();
  app.addHook('onRoute', (route) => {
    const known = routes.get(route.url) ?? { pattern: patternOf(route.url), methods: new Set<string>() };
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) known.methods.add(method);
    routes.set(route.url, known);
  });

  app.setErrorHandler((error, request, reply) => {
    const options = request.routeOptions;
    const { appError, expected, status } = toAppError(error, {
      body: request.body,
      query: request.query,
      bodyLimit: options.bodyLimit,
      schema: options.schema as Readonly<Record<string, unknown>> | undefined,
      bodyTooLargeAdvice: options.config.bodyTooLargeAdvice,
    });
    if (!expected) request.log.error({ err: error }, 'unexpected error');
    return sendError(reply, appError, status);
  });

  app.setNotFoundHandler((request, reply) => {
    const query = request.url.indexOf('?');
    const fullPath = query === -1 ? request.url : request.url.slice(0, query);
    const path = pathOf(request.url);
    const allowed = new Set<string>();
    for (const route of routes.values()) {
      if (route.pattern.test(fullPath)) for (const method of route.methods) allowed.add(method);
    }
    // A path that does take this method but had nothing for it (an empty wildcard such as
    // /assets/) is a 404: a 405 would tell the caller to use the method it used.
    if (allowed.size > 0 && !allowed.has(request.method)) {
      const allow = [...allowed].sort().join(', ');
      reply.header('allow', allow);
      return sendError(reply, new AppError('method_not_allowed', `${request.method} is not allowed on ${path}: use ${allow}.`));
    }
    return sendError(reply, new AppError('not_found', `There is nothing at ${request.method} ${path}: see /docs for the endpoints.`));
  });
}
