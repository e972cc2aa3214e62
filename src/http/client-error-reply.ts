import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { statusOf, type ErrorCode } from '../errors/error-codes.ts';
import type { AccessLog } from './access-log.ts';
import { newRequestId } from './new-request-id.ts';

/** The deadlines a timed-out client is told about. */
export interface ClientDeadlines {
  readonly headersMs: number;
  readonly requestMs: number;
}

/**
 * Fastify's clientErrorHandler: what Node's HTTP parser refuses before any route sees the request
 * (a slow-loris client past its deadline, headers over 16 KB, bytes that are not HTTP) is answered
 * in the one error shape, like every other error, and the socket closed. Fastify's default answers
 * its own `{"error","message","statusCode"}` shape. A connection already reset, or no longer
 * writable, is only destroyed: nobody is there to read an answer.
 *
 * Like every answer, it carries an X-Request-Id, and that id is in the access log with
 * the status, so a client that quotes it can be found; method and path are unknown ("-") because
 * the parser refused the request before they were read whole.
 */
export function clientErrorReply(deadlines: ClientDeadlines, accessLog: AccessLog): (error: Error & { code?: string }, socket: Socket) => void {
  const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [code, message]: [ErrorCode, string] =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ['request_timeout', `The request arrived too slowly: its headers must arrive within ${seconds(deadlines.headersMs)} and the whole request within ${seconds(deadlines.requestMs)}. Send it again in one go.`]
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? ['headers_too_large', 'The request headers are larger than 16 KB. Send fewer or smaller headers (cookies, long tokens).']
          : ['bad_request', 'The request is not well-formed HTTP/1.1. Check the request line, the headers and the body framing (Content-Length or chunked).'];
    const status = statusOf(code);
    const requestId = newRequestId();
    const body = JSON.stringify({ success: false, error: { code, message } });
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\n\r\n${body}`);
    accessLog({ reqId: requestId, method: '-', path: '-', status, durationMs: 0 });
  };
}
