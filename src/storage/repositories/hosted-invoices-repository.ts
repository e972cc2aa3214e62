import type { DbOrTransaction } from '../db-or-transaction.ts';
import type { HostedInvoicesTable } from '../tables.ts';

/** A snapshot without its rendered PDF (which is read only when a PDF is asked for). */
export type HostedInvoiceRow = Omit<HostedInvoicesTable, 'pdf'>;

export async function insertHostedInvoice(db: DbOrTransaction, row: HostedInvoiceRow): Promise<void> {
  await db.insertInto('hosted_invoices').values({ ...row, pdf: null }).execute();
}

export async function findHostedInvoice(db: DbOrTransaction, id: string): Promise<HostedInvoiceRow | undefined> {
  return db
    .selectFrom('hosted_invoices')
    .select(['id', 'account_id', 'invoice', 'request', 'qr_payload', 'logo_hash', 'logo_format', 'signature_hash', 'signature_format', 'created_at', 'expires_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The snapshot's rendered PDF; undefined when none is stored yet (or the snapshot is gone). */
export async function findHostedPdf(db: DbOrTransaction, id: string): Promise<Uint8Array | undefined> {
  const row = await db.selectFrom('hosted_invoices').select('pdf').where('id', '=', id).executeTakeFirst();
  return row?.pdf ?? undefined;
}

/** Keeps the rendered PDF of a snapshot; the first one stored stays (a link never changes bytes). */
export async function storeHostedPdf(db: DbOrTransaction, id: string, pdf: Uint8Array): Promise<void> {
  await db.updateTable('hosted_invoices').set({ pdf }).where('id', '=', id).where('pdf', 'is', null).execute();
}

/** Removes a snapshot whose invoice was not delivered after all (its PDF failed to render). */
export async function deleteHostedInvoice(db: DbOrTransaction, id: string): Promise<void> {
  await db.deleteFrom('hosted_invoices').where('id', '=', id).execute();
}

/** Snapshots are deleted when their link dies; a plain DELETE, safe from several instances. */
export async function deleteExpiredHostedInvoices(db: DbOrTransaction, nowMs: number): Promise<number> {
  const result = await db.deleteFrom('hosted_invoices').where('expires_at', '<=', nowMs).executeTakeFirst();
  return Number(result.numDeletedRows);
}
