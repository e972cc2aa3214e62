import { sql } from 'kysely';
import type { DbOrTransaction } from '../db-or-transaction.ts';

/**
 * Stores an image for snapshots living until expiresAt (Unix ms), once per content: an image
 * already there has its life extended to the later of the two ends, and its bytes are not sent
 * again. An image therefore outlives every snapshot that prints it, and the sweep may delete it
 * the moment its own expires_at has passed. If the sweep deletes it between the two statements,
 * the insert puts it back; if this extends it first, the sweep's condition no longer holds.
 */
export async function keepHostedImage(db: DbOrTransaction, hash: string, bytes: Uint8Array, expiresAt: number): Promise<void> {
  const extended = await db
    .updateTable('hosted_images')
    .set({ expires_at: sql<number>`CASE WHEN expires_at < ${expiresAt} THEN ${expiresAt} ELSE expires_at END` })
    .where('hash', '=', hash)
    .executeTakeFirst();
  if (Number(extended.numUpdatedRows) > 0) return;
  await sql`
    INSERT INTO hosted_images (hash, bytes, expires_at) VALUES (${hash}, ${bytes}, ${expiresAt})
    ON CONFLICT (hash) DO UPDATE SET expires_at = CASE
      WHEN hosted_images.expires_at < excluded.expires_at THEN excluded.expires_at ELSE hosted_images.expires_at END`.execute(db);
}

export async function findHostedImage(db: DbOrTransaction, hash: string): Promise<Uint8Array | undefined> {
  const row = await db.selectFrom('hosted_images').select('bytes').where('hash', '=', hash).executeTakeFirst();
  return row?.bytes;
}

/** Images no living snapshot prints any more. */
export async function deleteExpiredHostedImages(db: DbOrTransaction, nowMs: number): Promise<number> {
  const result = await db.deleteFrom('hosted_images').where('expires_at', '<=', nowMs).executeTakeFirst();
  return Number(result.numDeletedRows);
}
