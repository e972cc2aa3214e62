import type { LimitsTable } from '../domain/limits/plans.ts';

/** The validated, frozen configuration. Only load-config.ts reads the environment (CONVENTIONS 9). */
export interface Config {
  /** TCP port to listen on (PORT, default 3000). */
  readonly port: number;
  /** Interface to listen on (HOST, default 127.0.0.1). */
  readonly host: string;
  /** Folder of the embedded default: SQLite file and generated secrets (DATA_DIR, default ./data). */
  readonly dataDir: string;
  /** Where the data lives: SQLite under dataDir unless DATABASE_URL names PostgreSQL. */
  readonly database: DatabaseConfig;
  /** Redis for the rate-limit counters when several instances run (REDIS_URL); unset = the database. */
  readonly redisUrl: string | undefined;
  /** Prefix of every Redis key (REDIS_KEY_PREFIX, default "invoice:"), so deployments can share a Redis. */
  readonly redisKeyPrefix: string;
  /** The plan table with PLAN_LIMITS applied (D21). */
  readonly limits: LimitsTable;
  /** error.upgrade_url of a 402 (UPGRADE_URL, default PUBLIC_URL + "/pricing"). */
  readonly upgradeUrl: string;
  /** The address users reach the service at, without trailing slash (PUBLIC_URL). */
  readonly publicUrl: string;
  /** Outgoing mail server (SMTP_URL); without it mail goes to a file outbox under dataDir. */
  readonly smtpUrl: string | undefined;
  /**
   * Which proxies' X-Forwarded-For to believe for the client IP (TRUST_PROXY): unset = none, or
   * addresses/CIDRs/loopback|linklocal|uniquelocal separated by commas (no hop counts).
   */
  readonly trustProxy: false | string;
  /**
   * Hosts whose logo and signature URLs and webhook targets may resolve to non-public addresses
   * (OUTBOUND_ALLOW_HOSTS, comma-separated, lower-cased, empty by default): for development and
   * tests only. They skip the public-address check and nothing else of D26 and D28.
   */
  readonly outboundAllowHosts: readonly string[];
  /**
   * PDF worker threads of this instance (PDF_WORKERS, 1 to 64; default: one per core). Each holds
   * its own Typst compiler and fonts; docs/deploy.md gives the measured memory and the sizing.
   */
  readonly pdfWorkers: number;
  /**
   * Threads that check received e-invoices (CHECK_WORKERS, 1 to 64; default 1). Each holds the
   * compiled schemas and rule sets, about 170 MB once warm; docs/deploy.md gives the sizing.
   */
  readonly checkWorkers: number;
  /** pino level (LOG_LEVEL, default info). */
  readonly logLevel: LogLevel;
  readonly secrets: Secrets;
}

export type DatabaseConfig =
  | { readonly kind: 'sqlite'; readonly file: string }
  | { readonly kind: 'postgres'; readonly url: string; readonly schema?: string };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Secrets {
  /** HMAC key of hosted links: LINK_SIGNING_SECRET, at least 32 characters. */
  readonly linkSigningSecret: string;
  /** AES-256-GCM key for API keys at rest: DATA_ENCRYPTION_KEY, 32 bytes as 64 hex digits. */
  readonly dataEncryptionKey: Buffer;
}
