import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { AccessLog } from './access-log.ts';
import { pathOf } from './path-of.ts';
import { sendError } from './register-error-handling.ts';
import { toAppError } from './to-app-error.ts';

/**
 * Fastify's `frameworkErrors`: what its router refuses before any hook or route runs (a path
 * parameter longer than maxParamLength, a malformed %-escape). Fastify's own answer has its own
 * shape, echoes the whole path (which may hold a link signature) and has no X-Request-Id; this one
 * has the service's error shape and the id. No hook runs for these requests, so the header and the
 * access-log line that the onRequest and onResponse hooks give every other request are made here.
 */
export function frameworkErrorReply(accessLog: AccessLog): (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void {
  return (error, request, reply) => {
    reply.header('x-request-id', request.id);
    const { appError, status } = toAppError(error, {});
    sendError(reply, appError, status);
    accessLog({ reqId: request.id, method: request.method, path: pathOf(request.url), status: reply.statusCode, durationMs: 0 });
  };
}
