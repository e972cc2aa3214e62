import {
  CompiledQuery,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  SqliteAdapter,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';

/**
 * Kysely's SQLite dialect, changed for the case where a second process opens the same file:
 * - Transactions begin IMMEDIATE, taking the write lock up front. A deferred transaction that
 *   reads and then writes fails at once with SQLITE_BUSY if another process wrote in between;
 *   an immediate one waits for busy_timeout instead. Within one process nothing changes, since
 *   Kysely already runs one query at a time on SQLite's single connection.
 * - Migrations run in one transaction, as on PostgreSQL (SQLite's DDL is transactional; Kysely
 *   assumes not). A failed migration leaves nothing behind, and a process starting at the same
 *   moment as another waits for its migrations, then finds nothing left to do.
 */
export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}
