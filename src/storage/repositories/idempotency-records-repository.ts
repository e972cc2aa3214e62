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
  /** Unix ms after which the record is gone (created + 24 h, D23). */
  readonly expiresAt: number;
}

/**
 * Claims scope + key for a first request: inserts a pending record, or takes over one that has
 * expired or whose pending claim was abandoned (its lease ran out: the process died mid-request).
 * One conditional upsert, so of N concurrent callers exactly one claims. Returns whether this
 * caller did.
 */
export async function claimIdempotencyKey(db: DbOrTransaction, input: IdempotencyClaimInput): Promise<boolean> {
  const result = await sql<{ claim: string }>`
    INSERT INTO idempotency_records (scope, key, fingerprint, claim, state, lease_until, status, headers, body, created_at, expires_at)
    VALUES (${input.scope}, ${input.key}, ${input.fingerprint}, ${input.claim}, 'pending', ${input.leaseUntil}, NULL, NULL, NULL, ${input.nowMs}, ${input.expiresAt})
    ON CONFLICT (scope, key) DO UPDATE SET
      fingerprint = excluded.fingerprint, claim = excluded.claim, state = 'pending', lease_until = excluded.lease_until,
      status = NULL, headers = NULL, body = NULL, created_at = excluded.created_at, expires_at = excluded.expires_at
    WHERE idempotency_records.expires_at <= ${input.nowMs}
      OR (idempotency_records.state = 'pending' AND idempotency_records.lease_until <= ${input.nowMs})
    RETURNING claim`.execute(db);
  return result.rows[0]?.claim === input.claim;
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

/** Keeps the first response under the claim; false if the claim was lost (taken over). */
export async function completeIdempotencyRecord(
  db: DbOrTransaction,
  scope: string,
  key: string,
  claim: string,
  response: { readonly status: number; readonly headers: string; readonly body: Uint8Array },
): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_records')
    .set({ state: 'done', status: response.status, headers: response.headers, body: response.body })
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('claim', '=', claim)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives the key back (a response that is not kept): the next request with it runs afresh. */
export async function releaseIdempotencyClaim(db: DbOrTransaction, scope: string, key: string, claim: string): Promise<void> {
  await db.deleteFrom('idempotency_records').where('scope', '=', scope).where('key', '=', key).where('claim', '=', claim).execute();
}

/** Deletes every record past its 24 hours (D23: nothing kept past its life); returns how many. */
export async function deleteExpiredIdempotencyRecords(db: DbOrTransaction, nowMs: number): Promise<number> {
  const result = await db.deleteFrom('idempotency_records').where('expires_at', '<=', nowMs).executeTakeFirst();
  return Number(result.numDeletedRows);
}
