import { ADMIN_USAGE, parseAdminCommand } from './admin/parse-admin-command.ts';
import { runAdminCommand } from './admin/run-admin-command.ts';
import { ConfigError, loadConfig } from './config/load-config.ts';
import { createDatabase } from './storage/create-database.ts';
import { migrateToLatest } from './storage/migrate-to-latest.ts';

/**
 * The operator's command (`npm run admin -- <command>`): set an account's tier, list accounts,
 * revoke an account's API key. It reads the same settings as the service, the same way
 * (server.ts), so it always acts on the database the service uses.
 *
 * Safe while the service runs. On SQLite the file is in WAL mode, so the service's readers are
 * never blocked, and both processes set busy_timeout (5 s, create-database.ts): a write waits for
 * the other process's write transaction to end instead of failing, and the service's transactions
 * last milliseconds. Each change here is one short statement or transaction, and the service reads
 * tier and key from the database on every request, so a change applies from the next request
 * without a restart. On PostgreSQL this is one more client of the server.
 *
 * Exit status: 0 done, 1 failed (bad settings, database unreachable, no such account), 2 bad usage.
 */
async function main(): Promise<number> {
  const parsed = parseAdminCommand(process.argv.slice(2));
  if (!parsed.ok) {
    process.stderr.write(`${parsed.message}\n\n${ADMIN_USAGE}`);
    return 2;
  }
  const { command } = parsed;
  if (command.name === 'help') {
    process.stdout.write(ADMIN_USAGE);
    return 0;
  }

  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    process.stderr.write(`${error instanceof ConfigError ? error.message : String((error as Error).message)}\n`);
    return 1;
  }
  let database;
  try {
    database = await createDatabase(config.database);
  } catch (error) {
    process.stderr.write(`Cannot open the database: ${(error as Error).message}\n`);
    return 1;
  }
  try {
    // As at service start-up: a newer admin on an older database brings it up to date first.
    await migrateToLatest(database.db);
    return await runAdminCommand(database.db, command, {
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
    });
  } finally {
    await database.close();
  }
}

main().then(
  (exitCode) => {
    process.exitCode = exitCode;
  },
  (error: unknown) => {
    process.stderr.write(`The admin command failed: ${(error as Error).message}\n`);
    process.exitCode = 1;
  },
);
