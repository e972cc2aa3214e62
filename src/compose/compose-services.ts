import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import type { Throttle } from '../domain/limits/throttle.ts';
import type { CallerResolverDeps } from '../http/resolve-caller.ts';
import { loadWebAssets, type WebAssets } from '../http/pages/web-assets.ts';
import { createMailer } from '../mail/create-mailer.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PdfRenderer } from '../render/pdf-renderer.ts';
import { createPdfWorkerPool } from '../render/pdf-worker-pool.ts';
import { createCheckWorkerPool } from '../einvoice-check/check-worker-pool.ts';
import type { EInvoiceChecker } from '../einvoice-check/einvoice-checker.ts';
import type { InspectionDeps } from '../use-cases/inspect/inspect-invoice.ts';
import type { Database } from '../storage/database.ts';
import { createWriteGroup, transactionRunner } from '../storage/write-group.ts';
import type { AccountDeps } from '../use-cases/accounts/account-deps.ts';
import type { HealthCounters, HealthStorage } from '../use-cases/health/check-health.ts';
import { createHostedInvoiceReader, type HostedInvoiceReader } from '../use-cases/invoices/hosted-invoice-reader.ts';
import { createIdempotencyStore } from '../use-cases/idempotency/idempotency-store.ts';
import type { GenerationDeps } from '../use-cases/invoices/generation-deps.ts';
import { sweepExpiredRows } from '../use-cases/sweep-expired-rows.ts';
import { accountWebhooks, type AccountWebhooks } from '../use-cases/webhooks/account-webhooks.ts';
import { createWebhookWorker, type WebhookWorker } from '../use-cases/webhooks/webhook-worker.ts';
import { WEBHOOK_TIMEOUT_MS } from '../domain/webhooks/retry-schedule.ts';
import type { Lifecycle } from './lifecycle.ts';
import { openCounters } from './open-counters.ts';

/** What composeServices is given besides config: the opened parts, and the ones tests replace. */
export interface ServiceParts {
  readonly database: Database;
  readonly logger: Logger;
  /** Outgoing mail; chosen from config (SMTP or the file outbox) when not given. */
  readonly mailer?: Mailer | undefined;
  /** PDF rendering; a worker pool (one thread per core), started on the first PDF, when not given. */
  readonly pdfRenderer?: PdfRenderer | undefined;
  /** Unix ms now; Date.now when not given. Tests inject one to stand at window boundaries (D20). */
  readonly clock?: (() => number) | undefined;
  /** How long a repeated Idempotency-Key waits for the first request before a 409 (default 10 s). */
  readonly idempotencyWaitMs?: number | undefined;
  /** One webhook attempt's deadline (default 10 s); tests shorten it. */
  readonly webhookTimeoutMs?: number | undefined;
  /** How often the webhook outbox is polled (default 1 s). */
  readonly webhookPollIntervalMs?: number | undefined;
  /** Where the built web app is (default dist/web of this checkout, made by npm run build). */
  readonly webDistDir?: string | undefined;
  /** The service's version, for the health answer and the webhook User-Agent. */
  readonly version: string;
}

/** Every part the routes use, built once from config. */
export interface Services {
  readonly clock: () => number;
  readonly callers: CallerResolverDeps;
  readonly accounts: AccountDeps;
  readonly generation: GenerationDeps;
  readonly inspection: InspectionDeps;
  /** What the health check pings. */
  readonly health: { readonly storage: HealthStorage; readonly counters: HealthCounters };
  readonly hostedInvoices: HostedInvoiceReader;
  /** Failed-attempt counters (login, sign-up, hosted links), in the database or Redis. */
  readonly throttle: Throttle;
  readonly webhooks: AccountWebhooks;
  readonly webhookWorker: WebhookWorker;
  readonly web: WebAssets;
}

/** How often expired rows (sessions, e-mail tokens, idempotency records, ended windows, hosted snapshots) are deleted. */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Builds the service's parts from validated config, each swappable part chosen here once (mail,
 * PDF rendering, counters in the database or Redis), and says on `lifecycle` what starts when the
 * app is ready and what stops when it closes. Nothing here reads the environment.
 */
export async function composeServices(config: Config, parts: ServiceParts, lifecycle: Lifecycle): Promise<Services> {
  const { database, logger } = parts;
  const mailer = parts.mailer ?? createMailer(config, (written) => {
    // The embedded default has no mail server: the log carries the links, and names the .txt copy
    // beside the .eml whose links can be copied whole, so a local user can finish sign-up. With
    // SMTP_URL set this is never called.
    logger.info({ file: written.file, text_file: written.textFile, subject: written.subject, links: written.links }, 'mail written to outbox');
  });
  if (parts.mailer === undefined) lifecycle.onClose(async () => mailer.close());

  let renderer = parts.pdfRenderer;
  const pdfRenderer = () => (renderer ??= createPdfWorkerPool({
    size: config.pdfWorkers,
    onFailure: (reason) => logger.error({ reason }, 'pdf render failed'),
  }));
  if (parts.pdfRenderer === undefined) lifecycle.onClose(async () => renderer?.close());
  let checkerPool: EInvoiceChecker | undefined;
  const checker = () => (checkerPool ??= createCheckWorkerPool({
    size: config.checkWorkers,
    onFailure: (reason) => logger.error({ reason }, 'e-invoice check failed'),
  }));
  lifecycle.onClose(async () => checkerPool?.close());
  const clock = parts.clock ?? Date.now;
  // On SQLite one write group serves the counters and the generation transactions, so the small
  // writes of the requests of one event-loop turn share a commit (write-group.ts).
  const group = database.dialect === 'sqlite' ? createWriteGroup(database.db) : undefined;
  const inTransaction = transactionRunner(database.db, database.dialect, group);
  const counters = await openCounters(config, database, logger, group);
  lifecycle.onClose(async () => counters.close());
  const links = { secret: config.secrets.linkSigningSecret, publicUrl: config.publicUrl };
  const webhookDeps = {
    db: database.db,
    dialect: database.dialect,
    inTransaction,
    dataEncryptionKey: config.secrets.dataEncryptionKey,
    allowHosts: config.outboundAllowHosts,
    userAgent: `InvoiceService-Webhooks/${parts.version}`,
    clock,
  };
  const webhookWorker = createWebhookWorker({
    ...webhookDeps,
    log: logger,
    ...(parts.webhookTimeoutMs === undefined ? {} : { timeoutMs: parts.webhookTimeoutMs }),
    ...(parts.webhookPollIntervalMs === undefined ? {} : { pollIntervalMs: parts.webhookPollIntervalMs }),
  });
  // Started once the app is ready, stopped before the database closes (server.ts closes the app
  // first): attempts in flight finish, pending ones stay in the outbox for the next start.
  lifecycle.onReady(async () => webhookWorker.start());
  lifecycle.onClose(async () => webhookWorker.close());
  const web = loadWebAssets(parts.webDistDir);
  if (web.entries === undefined) logger.warn({ reason: web.missingReason }, 'web app not built; its pages answer 503');
  sweepPeriodically(database, clock, logger, webhookWorker, lifecycle);

  return {
    clock,
    callers: { db: database.db, publicOrigin: new URL(config.publicUrl).origin },
    accounts: {
      db: database.db,
      mailer,
      dataEncryptionKey: config.secrets.dataEncryptionKey,
      publicUrl: config.publicUrl,
      onMailError: (error: unknown, purpose: string) => logger.error({ err: error, purpose }, 'account mail not sent'),
    },
    generation: {
      db: database.db,
      onWebhookEvent: () => webhookWorker.wake(),
      pdfRenderer,
      allowHosts: config.outboundAllowHosts,
      burstLimiter: counters.burstLimiter,
      idempotency: createIdempotencyStore(database.db, { clock, ...(parts.idempotencyWaitMs === undefined ? {} : { waitMs: parts.idempotencyWaitMs }) }),
      limits: config.limits,
      upgradeUrl: config.upgradeUrl,
      clock,
      inTransaction,
      links,
    },
    inspection: {
      checker,
      pdfRenderer,
      burstLimiter: counters.burstLimiter,
      limits: config.limits,
      inTransaction,
      upgradeUrl: config.upgradeUrl,
    },
    health: { storage: database, counters },
    hostedInvoices: createHostedInvoiceReader({
      db: database.db,
      inTransaction,
      secret: links.secret,
      pdfRenderer,
      onKeepFailure: (error) => logger.warn({ err: error }, 'rendered PDF not kept with its snapshot'),
      onRenderFailure: (reason) => logger.error({ reason }, 'hosted document build failed'),
    }),
    throttle: counters.throttle,
    webhooks: accountWebhooks({
      ...webhookDeps,
      throttle: counters.throttle,
      wake: () => webhookWorker.wake(),
      testTimeoutMs: parts.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS,
    }),
    webhookWorker,
    web,
  };
}

/**
 * Expired rows are deleted every 10 minutes (and once at start-up): plain DELETEs by expiry, safe
 * when several instances run them at once. The timer does not keep the process alive.
 */
function sweepPeriodically(database: Database, clock: () => number, logger: Logger, webhookWorker: WebhookWorker, lifecycle: Lifecycle): void {
  const sweep = () => {
    sweepExpiredRows(database.db, clock())
      .then(({ releasedEvents }) => {
        if (releasedEvents === 0) return;
        // An instance stopped between a generation's commit and its answer: its event goes now.
        logger.warn({ released: releasedEvents }, 'webhook events of interrupted generations released');
        webhookWorker.wake();
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'sweep of expired rows failed'));
  };
  let sweeper: NodeJS.Timeout | undefined;
  lifecycle.onReady(async () => {
    sweep();
    sweeper = setInterval(sweep, SWEEP_INTERVAL_MS);
    sweeper.unref();
  });
  lifecycle.onClose(async () => clearInterval(sweeper));
}
