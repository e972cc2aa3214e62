import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp, type ClientTimeouts } from '../../src/app.ts';
import { loadConfig } from '../../src/config/load-config.ts';
import type { PdfRenderer } from '../../src/render/pdf-renderer.ts';
import { createDatabase } from '../../src/storage/create-database.ts';
import { migrateToLatest } from '../../src/storage/migrate-to-latest.ts';
import { createTestPostgres, type TestPostgres } from './test-databases.ts';

export interface TestApp {
  readonly app: FastifyInstance;
  /** Every log line written while the app ran, parsed. */
  readonly logs: Record<string, unknown>[];
  close(): Promise<void>;
}

/**
 * The app exactly as production builds it (same buildApp, same config loader), on a fresh
 * SQLite file in a temp folder — or, with `postgres: true`, in a fresh schema of the PostgreSQL
 * test database that is dropped on close — with its log captured for assertions.
 */
/**
 * No burst window and no monthly quota anywhere: the default of buildTestApp, because most tests
 * send far more requests from one address or account than the real plans allow and are not about
 * limits. Tests of the limits pass PLAN_LIMITS themselves ('{}' for the real table).
 */
export const UNLIMITED_PLAN_LIMITS = JSON.stringify({
  anonymous: { hourly: null, weekly: null },
  ...Object.fromEntries(['free', 'starter', 'pro', 'enterprise'].map((tier) => [tier, { hourly: null, weekly: null, monthly_documents: null, monthly_pdfs: null }])),
});

export interface BuildTestAppOptions {
  readonly postgres?: boolean;
  /**
   * Runs on this existing PostgreSQL schema (implies postgres) and leaves it in place on close, so
   * a second app can start on the same data; its creator drops it. The database secrets below are
   * random per build: pass LINK_SIGNING_SECRET and DATA_ENCRYPTION_KEY in env to keep them.
   */
  readonly postgresSchema?: TestPostgres;
  readonly clock?: () => number;
  readonly idempotencyWaitMs?: number;
  readonly dataDir?: string;
  /** Replaces the PDF worker pool; the app does not close a renderer it was given, the test does. */
  readonly pdfRenderer?: PdfRenderer;
  /** One webhook attempt's deadline (the app's default is 10 s). */
  readonly webhookTimeoutMs?: number;
  /** How often the webhook outbox is polled (default 1 s). */
  readonly webhookPollIntervalMs?: number;
  /** Where the built web app is read from (default dist/web); a folder without a build makes its pages answer 503. */
  readonly webDistDir?: string;
  /** Slow-client deadlines (the app's defaults are CLIENT_TIMEOUTS). */
  readonly clientTimeouts?: Partial<ClientTimeouts>;
}

export async function buildTestApp(
  env: Record<string, string> = {},
  options: BuildTestAppOptions = {},
): Promise<TestApp> {
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'invoice-test-'));
  const ownPg = options.postgresSchema === undefined;
  const pg = options.postgresSchema ?? (options.postgres ? await createTestPostgres() : undefined);
  const pgEnv: Record<string, string> = pg === undefined ? {} : {
    DATABASE_URL: `${pg.url}?schema=${pg.schema}`,
    LINK_SIGNING_SECRET: randomBytes(32).toString('hex'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  };
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info', PLAN_LIMITS: UNLIMITED_PLAN_LIMITS, ...pgEnv, ...env });
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim() !== '') logs.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
  const logger = pino({ level: config.logLevel }, sink);
  const database = await createDatabase(config.database);
  await migrateToLatest(database.db);
  const app = await buildApp(config, {
    database,
    logger,
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    ...(options.idempotencyWaitMs === undefined ? {} : { idempotencyWaitMs: options.idempotencyWaitMs }),
    ...(options.pdfRenderer === undefined ? {} : { pdfRenderer: options.pdfRenderer }),
    ...(options.webhookTimeoutMs === undefined ? {} : { webhookTimeoutMs: options.webhookTimeoutMs }),
    ...(options.webhookPollIntervalMs === undefined ? {} : { webhookPollIntervalMs: options.webhookPollIntervalMs }),
    ...(options.webDistDir === undefined ? {} : { webDistDir: options.webDistDir }),
    ...(options.clientTimeouts === undefined ? {} : { clientTimeouts: options.clientTimeouts }),
  });
  await app.ready();
  return {
    app,
    logs,
    async close() {
      await app.close();
      await database.close();
      if (ownPg) await pg?.drop();
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A realistic valid request used as the base of most HTTP tests. */
export function validInvoice(): Record<string, unknown> {
  return {
    // Countries so that the same invoice is a complete EN 16931 e-invoice when sent as ubl or cii.
    from: { name: 'Acme GmbH', address: 'Hauptstr. 1\n10115 Berlin', country: 'DE', email: 'billing@acme.example', tax_id: 'DE123456789' },
    to: { name: 'Globex Ltd', address: '1 High St\nLondon', country: 'GB' },
    invoice: { date: '2026-11-02', due_date: '2026-12-02', currency: 'EUR' },
    items: [
      { description: 'Consulting', quantity: 12, unit: 'hrs', unit_price: 25, discount: 10, tax_rate: 20 },
      { description: 'Licence', quantity: 1, unit_price: 100, tax_rate: 20 },
    ],
  };
}
