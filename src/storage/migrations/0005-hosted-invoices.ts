import type { Kysely } from 'kysely';

// Migrations take Kysely<unknown>, not Kysely<Tables>: they must keep compiling as Tables moves on.

/** Invoice snapshots behind hosted links, and the images they print (D24). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('hosted_invoices')
    // 22 random base62 characters; the link's path segment.
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'text', (column) => column.notNull().references('accounts.id').onDelete('cascade'))
    // The invoice exactly as the generation answered it (number, hosted_url and qr included), JSON.
    .addColumn('invoice', 'text', (column) => column.notNull())
    // What the PDF's QR encodes, or null for none.
    .addColumn('qr_payload', 'text')
    // The images by content (hosted_images.hash) and their format; null when the invoice has none.
    .addColumn('logo_hash', 'text')
    .addColumn('logo_format', 'text')
    .addColumn('signature_hash', 'text')
    .addColumn('signature_format', 'text')
    // The rendered PDF once there is one (at generation for PDFs and batches, else at first open),
    // so a link serves the same bytes every time and renders at most once.
    .addColumn('pdf', 'bytea')
    // Unix ms.
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    // Unix ms the link dies at (a whole second, D24); the sweep deletes by it.
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('hosted_invoices_expires_at_idx').on('hosted_invoices').column('expires_at').execute();
  // Deleting an account cascades here; without the index PostgreSQL would scan the table.
  await db.schema.createIndex('hosted_invoices_account_id_idx').on('hosted_invoices').column('account_id').execute();

  await db.schema
    .createTable('hosted_images')
    // SHA-256 of the bytes, hex: a logo on 50 invoices of a batch is stored once.
    .addColumn('hash', 'text', (column) => column.primaryKey())
    .addColumn('bytes', 'bytea', (column) => column.notNull())
    // Unix ms: the latest expires_at of the snapshots that print it, so it dies with the last one.
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('hosted_images_expires_at_idx').on('hosted_images').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('hosted_images').execute();
  await db.schema.dropTable('hosted_invoices').execute();
}
