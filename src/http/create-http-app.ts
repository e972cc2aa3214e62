import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import ajvFormats from 'ajv-formats';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import { AJV_FORMATS_OPTIONS, AJV_OPTIONS } from '../schemas/ajv-options.ts';
import { createAccessLog } from './access-log.ts';
import { clientErrorReply } from './client-error-reply.ts';
import { frameworkErrorReply } from './framework-error-reply.ts';
import { newRequestId } from './new-request-id.ts';
import { registerOpenApi } from './openapi/register-openapi.ts';
import { pathOf } from './path-of.ts';
import { registerErrorHandling } from './register-error-handling.ts';
import { registerJsonParser } from './register-json-parser.ts';
import { MAX_PATH_SEGMENT_CHARS } from './to-app-error.ts';

/** How long a client may take to send its request; a slow-loris client is cut off with a 408. */
export interface ClientTimeouts {
  /** From connection to the end of the headers. */
  readonly headersMs: number;
  /** From connection to the end of the body: 60 s still lets an 8 MB body arrive over a slow link. */
  readonly requestMs: number;
  /** How often Node checks the two deadlines above (its default, 30 s, would let them overrun by as much). */
  readonly checkIntervalMs: number;
}

export const CLIENT_TIMEOUTS: ClientTimeouts = { headersMs: 15_000, requestMs: 60_000, checkIntervalMs: 1_000 };

/** Default body limit for routes that do not set their own (auth, webhooks): 64 KB. */
const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * The Fastify instance with everything every route shares: the request id, D16's error shape for
 * every refusal (the framework's own included), the JSON parser, slow-client deadlines, the
 * access log, graceful shutdown's Connection: close, and the OpenAPI document with /docs.
 */
export async function createHttpApp(config: Config, logger: Logger, timeouts: ClientTimeouts): Promise<FastifyInstance> {
  // One line per request; the path without its query string, never headers or bodies, so no
  // API key, link signature or invoice content reaches the log.
  const accessLog = createAccessLog(logger);
  const app = Fastify({
    loggerInstance: logger,
    // Our own request log line (onResponse below) replaces Fastify's two lines per request,
    // which would include the full URL and so the signature of a hosted link.
    logController: new LogController({ disableRequestLogging: true }),
    // Request ids are ours, never the client's: a client-chosen id could collide or inject.
    requestIdHeader: false,
    genReqId: newRequestId,
    bodyLimit: DEFAULT_BODY_LIMIT_BYTES,
    ajv: {
      // The same options as every other InvoiceRequest validator, the web app's included (D44).
      customOptions: { ...AJV_OPTIONS },
      // ajv-formats' own option type does not line up with Fastify's Plugin<unknown>.
      plugins: [[ajvFormats.default as never, AJV_FORMATS_OPTIONS]],
    },
    routerOptions: { maxParamLength: MAX_PATH_SEGMENT_CHARS, ignoreTrailingSlash: true },
    // The router's refusals (414 for a long path parameter, 400 for a bad %-escape) in the one error shape
    // with an X-Request-Id, not Fastify's own body that echoes the path.
    frameworkErrors: frameworkErrorReply(accessLog),
    // A client that trickles its headers or body (slow loris) is cut off with a 408 instead of
    // holding a socket for Node's default five minutes.
    requestTimeout: timeouts.requestMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkIntervalMs },
    clientErrorHandler: clientErrorReply(timeouts, accessLog),
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names: from anyone else it is
    // a header the client chose, and per-IP limits would count whatever address it claims.
    trustProxy: config.trustProxy,
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as FastifyInstance;

  registerErrorHandling(app);

  registerJsonParser(app);

  // Hooks in callback style: an async hook costs a promise and a microtask on every request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // Graceful shutdown (docs/deploy.md): Fastify closes the idle keep-alive connections and answers
  // 503 to requests that arrive later; an answer to a request already in flight says
  // "Connection: close", or its kept-alive connection would hold the exit back for the 72 s
  // keep-alive time and the process would be killed at SHUTDOWN_GRACE_MS.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    accessLog({
      reqId: request.id,
      method: request.method,
      path: pathOf(request.url),
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 100) / 100,
    });
    done();
  });

  await registerOpenApi(app, config);

  return app;
}
