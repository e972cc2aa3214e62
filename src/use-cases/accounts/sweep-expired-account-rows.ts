import type { Kysely } from 'kysely';
import { deleteExpiredEmailTokens } from '../../storage/repositories/email-tokens-repository.ts';
import { deleteExpiredSessions } from '../../storage/repositories/sessions-repository.ts';
import type { Tables } from '../../storage/tables.ts';

/**
 * Deletes sessions and e-mail tokens past their expiry, so nothing is kept past its life. Plain
 * DELETEs by expiry: safe when several instances run it at the same moment.
 */
export async function sweepExpiredAccountRows(db: Kysely<Tables>, now: number): Promise<{ sessions: number; tokens: number }> {
  const sessions = await deleteExpiredSessions(db, now);
  const tokens = await deleteExpiredEmailTokens(db, now);
  return { sessions, tokens };
}
