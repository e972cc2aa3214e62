import type { FastifyReply } from 'fastify';
import type { GenerationOutcome } from '../use-cases/invoices/generate-invoice-document.ts';
import { buildMeta } from '../schemas/build-meta.ts';
import { sendKeptResponse } from './idempotent-replies.ts';

/**
 * Writes a generation's outcome as the HTTP answer: a replay byte for byte (D23), the invoice as
 * JSON with its meta (D22), or the document as an attachment named by its format. D24: a document's
 * hosted link comes back in X-Hosted-Url; D42: a document whose defaulted link was left out says
 * so in X-Warnings, the codes of meta.warnings.
 */
export function sendGeneration(reply: FastifyReply, outcome: GenerationOutcome) {
  switch (outcome.kind) {
    case 'replay':
      return sendKeptResponse(reply, outcome.response);
    case 'invoice':
      return { success: true as const, invoice: outcome.invoice, meta: buildMeta(outcome.requestId, reply.elapsedTime, outcome.admission, outcome.monthly, outcome.warnings), anonymous: outcome.monthly === undefined };
    case 'document': {
      if (outcome.hostedUrl !== undefined) reply.header('x-hosted-url', outcome.hostedUrl);
      if (outcome.warnings.length > 0) reply.header('x-warnings', outcome.warnings.map((warning) => warning.code).join(', '));
      return reply
        .type(outcome.file.mediaType)
        .header('content-disposition', `attachment; filename="${outcome.file.fileName}"`)
        // Bytes or text are sent as they are; the 200 schema types only the JSON answer.
        .send(outcome.document as never);
    }
  }
}
