import type { Kysely } from 'kysely';
import type { Tables } from './tables.ts';

/**
 * An open database, whichever back-end holds it. The rest of the service sees only this, so the
 * choice between SQLite and PostgreSQL is made once, in createDatabase.
 */
export interface Database {
  /** The query builder; repositories take it (or a transaction of it) as their first argument. */
  readonly db: Kysely<Tables>;
  /** Which back-end this is, for the few places where SQL must differ. */
  readonly dialect: 'sqlite' | 'postgres';
  /** Resolves when the database answers a trivial query; rejects otherwise (health checks). */
  ping(): Promise<void>;
  /** Closes the file or drains the pool; the Database must not be used afterwards. */
  close(): Promise<void>;
}
