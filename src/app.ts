import { readFileSync } from 'node:fs';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import ajvFormats from 'ajv-formats';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from './config/config.ts';
import { AJV_FORMATS_OPTIONS, AJV_OPTIONS } from './schemas/ajv-options.ts';
import { createAccessLog } from './http/access-log.ts';
import { clientErrorReply } from './http/client-error-reply.ts';
import { frameworkErrorReply } from './http/framework-error-reply.ts';
import { newRequestId } from './http/new-request-id.ts';
import { registerJsonParser } from './http/register-json-parser.ts';
import { pathOf } from './http/path-of.ts';
import { MAX_PATH_SEGMENT_CHARS } from './http/to-app-error.ts';
import { registerErrorHandling } from './http/register-error-handling.ts';
import { usageRoute } from './http/routes/usage-route.ts';
import { webAppPages } from './http/pages/web-app-pages.ts';
import { loadWebAssets } from './http/pages/web-assets.ts';
import { authRoutes } from './http/routes/auth-routes.ts';
import { generateInvoiceRoute } from './http/routes/generate-invoice-route.ts';
import type { GenerationDeps } from './use-cases/invoices/generate-invoice-document.ts';
import { healthRoute } from './http/routes/health-route.ts';
import { batchRoute } from './http/routes/batch-route.ts';
import { hostedInvoiceRoute } from './http/routes/hosted-invoice-route.ts';
import { createHostedInvoiceReader } from './use-cases/hosted-invoice-reader.ts';
import { createMailer } from './mail/create-mailer.ts';
import { openCounters } from './limits/open-counters.ts';
import { pricingPage } from './http/pages/pricing-page.ts';
import { createIdempotencyStore } from './use-cases/idempotency/idempotency-store.ts';
import { sweepExpiredRows } from './use-cases/sweep-expired-rows.ts';
import { createWriteGroup, transactionRunner } from './storage/write-group.ts';
import type { Mailer } from './mail/mailer.ts';
import type { PdfRenderer } from './render/pdf-renderer.ts';
import { createPdfWorkerPool } from './render/pdf-worker-pool.ts';
import type { Database } from './storage/database.ts';
import { webhookRoutes } from './http/routes/webhook-routes.ts';
import { accountWebhooks } from './use-cases/webhooks/account-webhooks.ts';
import { createWebhookWorker, type WebhookWorker } from './use-cases/webhooks/webhook-worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The webhook delivery worker of this instance (D28); tests drive it with runDue(). */
    webhookWorker: WebhookWorker;
  }
}

export interface AppDependencies {
  readonly database: Database;
  readonly logger: Logger;
  /** Outgoing mail; chosen from config (SMTP or the file outbox) when not given. */
  readonly mailer?: Mailer;
  /** PDF rendering; a worker pool (one thread per core), started on the first PDF, when not given. */
  readonly pdfRenderer?: PdfRenderer;
  /** Unix ms now; Date.now when not given. Tests inject one to stand at window boundaries (D20). */
  readonly clock?: () => number;
  /** How long a repeated Idempotency-Key waits for the first request before a 409 (default 10 s). */
  readonly idempotencyWaitMs?: number;
  /** One webhook attempt's deadline (default 10 s, D28); tests shorten it. */
  readonly webhookTimeoutMs?: number;
  /** How often the webhook outbox is polled (default 1 s). */
  readonly webhookPollIntervalMs?: number;
  /** Where the built web app is (default dist/web of this checkout, made by npm run build). */
  readonly webDistDir?: string;
  /** Deadlines for slow clients (defaults in CLIENT_TIMEOUTS); tests shorten them. */
  readonly clientTimeouts?: Partial<ClientTimeouts>;
}

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

const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** How often expired rows (sessions, e-mail tokens, idempotency records, ended windows, hosted snapshots) are deleted. */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/** Default body limit for routes that do not set their own (auth, webhooks): 64 KB. */
const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Builds the whole HTTP application from validated config and opened dependencies. Production
 * (server.ts) and every test call this same function; nothing here reads the environment.
 */
export async function buildApp(config: Config, deps: AppDependencies): Promise<FastifyInstance> {
  const timeouts = { ...CLIENT_TIMEOUTS, ...deps.clientTimeouts };
  // One line per request; the path without its query string, never headers or bodies, so no
  // API key, link signature or invoice content reaches the log.
  const accessLog = createAccessLog(deps.logger);
  const app = Fastify({
    loggerInstance: deps.logger,
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
    // The router's refusals (414 for a long path parameter, 400 for a bad %-escape) in D16's shape
    // with an X-Request-Id, not Fastify's own body that echoes the path (issue 20).
    frameworkErrors: frameworkErrorReply(accessLog),
    // A client that trickles its headers or body (slow loris) is cut off with a 408 instead of
    // holding a socket for Node's default five minutes.
    requestTimeout: timeouts.requestMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkIntervalMs },
    clientErrorHandler: clientErrorReply(timeouts, accessLog),
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (issue 3).
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

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Invoice Generation Service',
        version: '1.0.0',
        description: 'One JSON payload in, exact totals out. See the README and docs/ for the rules (decisions D1–D31).',
      },
      servers: [{ url: config.publicUrl }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  const mailer = deps.mailer ?? createMailer(config, (written) => {
    // The embedded default has no mail server: the log carries the links so a local user can
    // finish sign-up (issue 3). With SMTP_URL set this is never called.
    deps.logger.info({ file: written.file, subject: written.subject, links: written.links }, 'mail written to outbox');
  });
  if (deps.mailer === undefined) app.addHook('onClose', async () => mailer.close());

  const callers = { db: deps.database.db, publicOrigin: new URL(config.publicUrl).origin };
  const accounts = {
    db: deps.database.db,
    mailer,
    dataEncryptionKey: config.secrets.dataEncryptionKey,
    publicUrl: config.publicUrl,
    onMailError: (error: unknown, purpose: string) => deps.logger.error({ err: error, purpose }, 'account mail not sent'),
  };

  let renderer = deps.pdfRenderer;
  const pdfRenderer = () => (renderer ??= createPdfWorkerPool({
    size: config.pdfWorkers,
    onFailure: (reason) => deps.logger.error({ reason }, 'pdf render failed'),
  }));
  if (deps.pdfRenderer === undefined) app.addHook('onClose', async () => renderer?.close());
  const clock = deps.clock ?? Date.now;
  // On SQLite one write group serves the counters and the generation transactions, so the small
  // writes of the requests of one event-loop turn share a commit (write-group.ts).
  const group = deps.database.dialect === 'sqlite' ? createWriteGroup(deps.database.db) : undefined;
  const inTransaction = transactionRunner(deps.database.db, deps.database.dialect, group);
  const counters = await openCounters(config, deps.database, deps.logger, group);
  app.addHook('onClose', async () => counters.close());
  await app.register(healthRoute(deps.database, counters, VERSION));
  const links = { secret: config.secrets.linkSigningSecret, publicUrl: config.publicUrl };
  const idempotency = createIdempotencyStore(deps.database.db, { clock, ...(deps.idempotencyWaitMs === undefined ? {} : { waitMs: deps.idempotencyWaitMs }) });
  const webhookDeps = {
    db: deps.database.db,
    dialect: deps.database.dialect,
    inTransaction,
    dataEncryptionKey: config.secrets.dataEncryptionKey,
    allowHosts: config.outboundAllowHosts,
    clock,
  };
  const webhookWorker = createWebhookWorker({
    ...webhookDeps,
    userAgent: `InvoiceService-Webhooks/${VERSION}`,
    log: deps.logger,
    ...(deps.webhookTimeoutMs === undefined ? {} : { timeoutMs: deps.webhookTimeoutMs }),
    ...(deps.webhookPollIntervalMs === undefined ? {} : { pollIntervalMs: deps.webhookPollIntervalMs }),
  });
  app.decorate('webhookWorker', webhookWorker);
  // Started once the app is ready, stopped before the database closes (server.ts closes the app
  // first): attempts in flight finish, pending ones stay in the outbox for the next start.
  app.addHook('onReady', async () => webhookWorker.start());
  app.addHook('onClose', async () => webhookWorker.close());
  const generationDeps: GenerationDeps = {
    db: deps.database.db,
    onWebhookEvent: () => webhookWorker.wake(),
    pdfRenderer,
    allowHosts: config.outboundAllowHosts,
    burstLimiter: counters.burstLimiter,
    idempotency,
    limits: config.limits,
    upgradeUrl: config.upgradeUrl,
    clock,
    inTransaction,
    links,
  };
  await app.register(generateInvoiceRoute({ callers, generation: generationDeps, clock }));
  await app.register(batchRoute({ callers, generation: generationDeps, clock }));
  await app.register(usageRoute({ ...callers, ...generationDeps }));
  await app.register(hostedInvoiceRoute({
    reader: createHostedInvoiceReader({
      db: deps.database.db,
      inTransaction,
      secret: links.secret,
      pdfRenderer,
      onKeepFailure: (error) => deps.logger.warn({ err: error }, 'rendered PDF not kept with its snapshot'),
      onRenderFailure: (reason) => deps.logger.error({ reason }, 'hosted document build failed'),
    }),
    throttle: counters.throttle,
    clock,
  }));
  await app.register(webhookRoutes({
    ...callers,
    clock,
    webhooks: accountWebhooks(webhookDeps),
  }));
  const web = loadWebAssets(deps.webDistDir);
  if (web.entries === undefined) deps.logger.warn({ reason: web.missingReason }, 'web app not built; its pages answer 503');
  await app.register(webAppPages(web));
  await app.register(pricingPage(config.limits));
  // Expired rows are deleted every 10 minutes (and once at start-up): plain DELETEs by expiry,
  // safe when several instances run them at once. The timer does not keep the process alive.
  const sweep = () => {
    sweepExpiredRows(deps.database.db, clock())
      .then(({ releasedEvents }) => {
        if (releasedEvents === 0) return;
        // An instance stopped between a generation's commit and its answer: its event goes now.
        deps.logger.warn({ released: releasedEvents }, 'webhook events of interrupted generations released');
        webhookWorker.wake();
      })
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'sweep of expired rows failed'));
  };
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweep();
    sweeper = setInterval(sweep, SWEEP_INTERVAL_MS);
    sweeper.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweeper));

  await app.register(authRoutes({
    accounts,
    callers,
    throttle: counters.throttle,
    secureCookies: config.publicUrl.startsWith('https:'),
    limits: config.limits,
    clock,
    web,
  }));

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  return app;
}
