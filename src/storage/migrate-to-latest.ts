import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { allMigrations } from './migrations/all-migrations.ts';
import type { Tables } from './tables.ts';

/**
 * Applies every pending migration, all in one transaction, and returns the names applied; run
 * once at start-up.
 *
 * Two processes starting at once are safe. On PostgreSQL, Kysely's migrator takes a session
 * advisory lock (pg_advisory_lock) before reading which migrations ran and holds it until the
 * migration transaction has ended, so the second process waits, then finds nothing left to do.
 * The lock id is fixed, so migrations of different schemas in one database also queue behind
 * each other (harmless). On SQLite, Kysely takes no lock; ImmediateSqliteDialect makes the
 * migration transaction BEGIN IMMEDIATE, whose write lock serves the same purpose (the second
 * process waits up to busy_timeout, 5 s).
 */
export async function migrateToLatest(db: Kysely<Tables>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => allMigrations },
    ...(await migrationTableSchema(db)),
  });
  for (let attempt = 1; ; attempt++) {
    const { error, results = [] } = await migrator.migrateToLatest();
    if (error === undefined) return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
    const failed = results.find((result) => result.status === 'Error')?.migrationName;
    if (failed === undefined && attempt < SETUP_ATTEMPTS && isVanishedObject(error)) {
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      continue;
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed ?? '(setup)'} failed: ${reason}`, { cause: error });
  }
}

const SETUP_ATTEMPTS = 5;

/**
 * Kysely's migrator looks for its tables by introspecting every schema of the database, and
 * PostgreSQL's catalog functions it calls fail with "schema … does not exist" (3F000) or
 * "relation … does not exist" (42P01) when another schema is dropped at that moment (another
 * deployment removed, a parallel test run ending). Nothing was changed by then, and the answer
 * does not depend on the other schema, so the set-up is simply tried again.
 */
function isVanishedObject(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === '3F000' || code === '42P01';
}

// Kysely looks for its kysely_migration table in every schema it can see unless told which one,
// so a second schema in the same database (another deployment, a test run) would make it skip
// creating ours. Pinning it to the schema our tables land in keeps each schema's history apart.
async function migrationTableSchema(db: Kysely<Tables>): Promise<{ migrationTableSchema?: string }> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return {};
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (schema == null) throw new Error('PostgreSQL search_path names no existing schema; create one or set ?schema=');
  return { migrationTableSchema: schema };
}
