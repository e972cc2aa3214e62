import type { Kysely } from 'kysely';

// Migrations take Kysely<unknown>, not Kysely<Tables>: they must keep compiling as Tables moves on.

/**
 * A check value per server secret: a known text sealed with DATA_ENCRYPTION_KEY at the first start,
 * so a later start with another key is refused before it serves anything (check-encryption-key.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('secret_checks')
    // Which secret: data_encryption_key.
    .addColumn('name', 'text', (column) => column.primaryKey())
    // encryptSecret(<known text>, the key, name).
    .addColumn('sealed', 'text', (column) => column.notNull())
    // Unix ms.
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('secret_checks').execute();
}
