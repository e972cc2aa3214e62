import type { Kysely } from 'kysely';

// Migrations take Kysely<unknown>, not Kysely<Tables>: they must keep compiling as Tables moves on.
// Times are Unix milliseconds in bigint columns: one representation on both dialects.

/** Accounts, their sessions, their API key and their e-mail tokens (D17–D19). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (column) => column.primaryKey())
    // Normalised (trimmed, domain lower-cased) before it is stored, so UNIQUE means one account per address.
    .addColumn('email', 'text', (column) => column.notNull().unique())
    .addColumn('password_hash', 'text', (column) => column.notNull())
    .addColumn('tier', 'text', (column) => column.notNull().defaultTo('free'))
    .addColumn('email_verified_at', 'bigint')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    // SHA-256 of the cookie value: a leaked table does not give working cookies.
    .addColumn('id_hash', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'text', (column) => column.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('sessions_account_id_idx').on('sessions').column('account_id').execute();
  await db.schema.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('api_keys')
    // One key per account: rotation replaces the row, so the old key stops working at once.
    .addColumn('account_id', 'text', (column) => column.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('key_hash', 'text', (column) => column.notNull().unique())
    // AES-256-GCM, bound to the account id, so /api/auth/me can show the key.
    .addColumn('key_ciphertext', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('email_tokens')
    // SHA-256 of the token in the e-mailed link; single use.
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'text', (column) => column.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('email_tokens_account_purpose_idx').on('email_tokens').columns(['account_id', 'purpose']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_tokens').execute();
  await db.schema.dropTable('api_keys').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('accounts').execute();
}
