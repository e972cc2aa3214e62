import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { normalizeInvoiceRequest } from '../domain/invoice/normalize-invoice-request.ts';

/**
 * preValidation of the routes that take one InvoiceRequest: aliases (camelCase, flat metadata,
 * D13) are folded into the canonical shape before the schema validates it.
 */
export function normalizeInvoiceBody(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  request.body = normalizeInvoiceRequest(request.body);
  done();
}
