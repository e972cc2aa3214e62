import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { normalizeInvoiceRequest } from '../requests/normalize-invoice-request.ts';
import { outputFromAccept } from './output-from-accept.ts';

/**
 * preValidation of the routes that take one InvoiceRequest: the request reader folds the aliases
 * (camelCase, flat metadata), trims the text and refuses unknown fields before the schema
 * validates the body (normalize-invoice-request.ts), and a body without `output` takes the one its
 * Accept header asks for, so everything after, the anonymous rules and the Idempotency-Key's
 * request included, sees one explicit request.
 */
export function normalizeInvoiceBody(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  let body: unknown;
  try {
    body = normalizeInvoiceRequest(request.body);
  } catch (error) {
    done(error as Error);
    return;
  }
  const accepted = outputFromAccept(request.headers.accept);
  request.body = accepted !== undefined && isObject(body) && body.output === undefined ? { ...body, output: accepted } : body;
  done();
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
