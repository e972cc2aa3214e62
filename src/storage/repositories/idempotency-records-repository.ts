import { sql } from 'kysely';
import type { DbOrTransaction } from '../db-or-transaction.ts';
import type { IdempotencyRecordsTable } from '../tables.ts';

export interface IdempotencyClaimInput {
  readonly scope: string;
  readonly key: string;
  readonly fingerprint: string;
  /** Random; only its holder may complete or release the claim. */
  readonly claim: string;
  readonly nowMs: number;
  /** Unix ms after which a pending claim counts as abandoned. */
  readonly leaseUntil: number;
  /** Unix ms after which the record is gone (created + 24 h). */
  readonly expiresAt: number;
}

/** What a claim found: whether this caller holds the key, and the generation it must resume. */
export interface ClaimResult {
  readonly claimed: boolean;
  /**
   * The generation a previous holder of the key committed and never answered (its process died
   * between the commit and the answer), JSON; undefined for a fresh claim.
   */
  readonly generation: string | undefined;
}

/**
 * Claims scope + key for a first request: inserts a pending record, or takes over one that has
 * expired or whose pending claim was abandoned (its lease ran out: the process died mid-request).
 * One conditional upsert, so of N concurrent callers exactly one claims. An abandoned claim whose
 * generation committed keeps that generation, and only the same request may take it over: a
 * different one is the 422 a repeat gets, not a fresh start under a used key.
 */
export async function claimIdempotencyKey(db: DbOrTransaction, input: IdempotencyClaimInput): Promise<ClaimResult> {
  const result = await sql<{ claim: string; generation: string | null }>`
    INSERT INTO idempotency_records (scope, key, fingerprint, claim, state, lease_until, status, headers, body, created_at, expires_at, generation)
    VALUES (${input.scope}, ${input.key}, ${input.fingerprint}, ${input.claim}, 'pending', ${input.leaseUntil}, NULL, NULL, NULL, ${input.nowMs}, ${input.expiresAt}, NULL)
    ON CONFLICT (scope, key) DO UPDATE SET
      fingerprint = excluded.fingerprint, claim = excluded.claim, state = 'pending', lease_until = excluded.lease_until,
      status = NULL, headers = NULL, body = NULL, created_at = excluded.created_at, expires_at = excluded.expires_at,
      generation = CASE WHEN idempotency_records.expires_at <= ${input.nowMs} THEN NULL ELSE idempotency_records.generation END
    WHERE idempotency_records.expires_at <= ${input.nowMs}
      OR (idempotency_records.state = 'pending' AND idempotency_records.lease_until <= ${input.nowMs}
        AND (idempotency_records.generation IS NULL OR idempotency_records.fingerprint = excluded.fingerprint))
    RETURNING claim, generation`.execute(db);
  const row = result.rows[0];
  return { claimed: row?.claim === input.claim, generation: row?.claim === input.claim ? row.generation ?? undefined : undefined };
}

export type IdempotencyRecord = Pick<IdempotencyRecordsTable, 'fingerprint' | 'state' | 'lease_until' | 'status' | 'headers' | 'body' | 'expires_at'>;

export async function findIdempotencyRecord(db: DbOrTransaction, scope: string, key: string): Promise<IdempotencyRecord | undefined> {
  return db
    .selectFrom('idempotency_records')
    .select(['fingerprint', 'state', 'lease_until', 'status', 'headers', 'body', 'expires_at'])
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Which record and claim a statement acts on. */
export interface ClaimRef {
  readonly scope: string;
  readonly key: string;
  readonly claim: string;
}

/**
 * In a generation's transaction, before anything is recorded: whether this claim still holds its
 * key. On PostgreSQL the (no-op) update also locks the row until the commit, so no take-over can
 * slip in between this check and keepIdempotentGeneration; on SQLite the transaction holds the
 * one write lock anyway.
 */
export async function holdIdempotencyClaim(db: DbOrTransaction, ref: ClaimRef): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_records')
    .set((eb) => ({ claim: eb.ref('claim') }))
    .where('scope', '=', ref.scope)
    .where('key', '=', ref.key)
    .where('claim', '=', ref.claim)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Writes the committed generation (JSON) into the claim's record, in the generation's transaction. */
export async function keepIdempotentGeneration(db: DbOrTransaction, ref: ClaimRef, generation: string): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_records')
    .set({ generation })
    .where('scope', '=', ref.scope)
    .where('key', '=', ref.key)
    .where('claim', '=', ref.claim)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Forgets the generation of a key whose generation was withdrawn (its document failed after the
 * commit), in the withdrawal's transaction: a retry then runs afresh rather than answering an
 * invoice that was taken back. Whoever holds the claim now, the generation is gone.
 */
export async function forgetIdempotentGeneration(db: DbOrTransaction, scope: string, key: string): Promise<void> {
  await db.updateTable('idempotency_records').set({ generation: null }).where('scope', '=', scope).where('key', '=', key).execute();
}

/**
 * Keeps the first response under the claim; false if the claim was lost (taken over). The
 * generation is dropped: from now on the kept bytes answer every repeat.
 */
export async function completeIdempotencyRecord(
  db: DbOrTransaction,
  scope: string,
  key: string,
  claim: string,
  response: { readonly status: number; readonly headers: string; readonly body: Uint8Array },
): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_records')
    .set({ state: 'done', status: response.status, headers: response.headers, body: response.body, generation: null })
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('claim', '=', claim)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Gives the key back (a response that is not kept): the next request with it runs afresh. A key
 * whose generation committed is not freed for a fresh run, since that would make a second
 * invoice: its lease ends now instead, and the next repeat resumes the generation.
 */
export async function releaseIdempotencyClaim(db: DbOrTransaction, scope: string, key: string, claim: string): Promise<void> {
  await db.deleteFrom('idempotency_records')
    .where('scope', '=', scope).where('key', '=', key).where('claim', '=', claim).where('generation', 'is', null)
    .execute();
  await db.updateTable('idempotency_records')
    .set({ lease_until: 0 })
    .where('scope', '=', scope).where('key', '=', key).where('claim', '=', claim).where('generation', 'is not', null)
    .execute();
}

/** Deletes every record past its 24 hours (nothing is kept past its life); returns how many. */
export async function deleteExpiredIdempotencyRecords(db: DbOrTransaction, nowMs: number): Promise<number> {
  const result = await db.deleteFrom('idempotency_records').where('expires_at', '<=', nowMs).executeTakeFirst();
  return Number(result.numDeletedRows);
}
