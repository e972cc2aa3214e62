// First: restarts the process with glibc malloc settings for the PDF workers and a cap on V8's
// young generation for the main thread, to bound memory under PDF load (allocator-settings.ts).
import './render/start-with-allocator-settings.ts';
import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/load-config.ts';
import { createDatabase } from './storage/create-database.ts';
import { checkEncryptionKey } from './use-cases/accounts/check-encryption-key.ts';
import { migrateToLatest } from './storage/migrate-to-latest.ts';

/** How long in-flight requests and webhook attempts (each at most 10 s) get to finish after SIGTERM/SIGINT before the process exits. */
const SHUTDOWN_GRACE_MS = 15_000;

/**
 * The process: read config, open storage, migrate, listen, and shut down gracefully on
 * SIGTERM/SIGINT. A bad setting exits at once with status 1 and a message naming the setting.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    process.stderr.write(`${error instanceof ConfigError ? error.message : String((error as Error).message)}\n`);
    process.exit(1);
  }
  // Synchronous writes to stdout, on the main thread. pino's default destination writes through
  // libuv's thread pool: a hand-off to another thread and back for every line. A line that
  // matters to a person (an error, the sign-up link the outbox logs) is out before the next line
  // of code runs; the per-request lines are gathered per event-loop turn (access-log.ts).
  const logger = pino({ level: config.logLevel, base: { service: 'invoice-service' } }, pino.destination({ fd: 1, sync: true }));

  const database = await createDatabase(config.database).catch((error: Error) => {
    process.stderr.write(`Cannot open the database: ${error.message}\n`);
    process.exit(1);
  });
  await migrateToLatest(database.db);
  // Before anything is served: with another key than the stored secrets', /api/auth/me could not
  // show API keys and webhooks could not sign.
  const keyCheck = await checkEncryptionKey(database.db, config.secrets.dataEncryptionKey, Date.now());
  if (!keyCheck.ok) {
    process.stderr.write(`${wrongEncryptionKeyMessage(keyCheck.found)}\n`);
    await database.close();
    process.exit(1);
  }

  const app = await buildApp(config, { database, logger });
  await app.listen({ port: config.port, host: config.host });
  logger.info({ storage: database.dialect, public_url: config.publicUrl }, 'invoice service started');

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    force.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

function wrongEncryptionKeyMessage(found: string): string {
  return [
    `Invalid configuration:`,
    `  - DATA_ENCRYPTION_KEY is not the key this database's API keys and webhook secrets were sealed with (its ${found} does not open with it).`,
    `    Start with the DATA_ENCRYPTION_KEY the database was first used with: every instance must share it; without the variable`,
    `    (embedded SQLite) it is dataEncryptionKey in DATA_DIR/secrets.json. If that key is lost, see "A lost DATA_ENCRYPTION_KEY" in docs/deploy.md.`,
  ].join('\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`The service could not start: ${(error as Error).message}\n`);
  process.exit(1);
});
